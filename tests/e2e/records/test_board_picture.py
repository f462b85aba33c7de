"""/leaderboard show as a picture end to end: the page's picture beside its text, the alt
text naming the text's figures, the asking member's row added when the page leaves them
out, and no picture when the server turned pictures off."""

from __future__ import annotations

import re
from collections.abc import Callable

from tests.e2e.database import bot_database
from tests.emulator import BotProcess, DiscordEnv, Emulator
from tests.emulator.world.model import Message
from tests.pictures.helpers import decode
from tests.store.helpers import stored_result

BotFactory = Callable[..., BotProcess]
FIGURE = re.compile(r"\d+(?:\.\d+)?")


def picture_of(message: Message) -> tuple[str, bytes]:
    """The alt text and bytes of the leaderboard picture the message shows."""
    [attachment] = message.attachments
    assert attachment.filename == "leaderboard.png"
    assert message.embeds[0]["image"]["url"].endswith("/leaderboard.png")
    assert attachment.description is not None
    return attachment.description, attachment.data


async def test_the_board_comes_as_a_picture_whose_figures_are_the_texts(
    emulator: Emulator, bot_factory: BotFactory
) -> None:
    bot = bot_factory()
    env = DiscordEnv(emulator, bot)
    alice, bob, carol, dave = (env.member(n) for n in ("alice", "bob", "carol", "dave"))
    async with bot_database(bot) as db:
        await stored_result(db, (bob.id,), (carol.id,), guild=env.guild.id)
        await stored_result(db, (bob.id,), (dave.id,), guild=env.guild.id)
        for stranger in range(10):  # people who left the server, below dave
            await stored_result(db, (dave.id,), (900 + stranger,), guild=env.guild.id)
    await bot.start()
    for member in (bob, carol, dave):  # their names are known from a command each
        await member.slash("rules", game="euchre")

    with env.expect_violations() as seen:
        first = await carol.slash("leaderboard show", game="euchre")
        alt, png = picture_of(first.message)
    assert set(seen.kinds) <= {"unknown_member"}
    assert decode(png).width == 800
    assert alt.startswith("Euchre leaderboard, Season 1: #1 ")
    note = ("▲▼ Places moved since just before your last game on this board"
            " (new: not on the board then).")
    assert alt.endswith(f". {note}") and note in first.message.embeds[0]["footer"]["text"]
    rows = alt.removesuffix(f". {note}").split(": ", 1)[1].split("; ")
    lines = [line for line in first.message.text.splitlines() if " — skill " in line]
    assert len(rows) == len(lines) == 11  # the page and carol's own row (she is 12th)
    for row, line in zip(rows, lines, strict=True):
        assert FIGURE.findall(row.split(", ", 1)[1]) == FIGURE.findall(line.split(" — ", 1)[1])
    assert rows[-1].startswith(f"your place: #12 {carol.name}, skill ")
    assert lines[-1].startswith(f"Your place: **12.** <@{carol.id}> — skill ")
    # The board was empty before carol's only game; bob, her opponent, moved since.
    assert rows[-1].endswith(", new") and lines[-1].endswith(" · new")
    bob_row = next(row for row in rows if bob.name in row)
    assert bob_row.rsplit(", ", 1)[1] in ("new", "same place") or "place" in bob_row

    on_page = await bob.slash("leaderboard show", game="euchre")
    alt, _ = picture_of(on_page.message)
    assert "your place" not in alt and "Your place" not in on_page.message.text

    await alice.slash("config set", setting="pictures", value="false")
    plain = await bob.slash("leaderboard show", game="euchre")
    assert plain.message.attachments == [] and "🥇" in plain.message.text
