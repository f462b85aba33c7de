"""Reviewing a finished game: opened from the table, /history or /review, stepped through
hand by hand and trick by trick with a picture at each step, the computer's opinion of
the member's own decisions, shared in the channel, downloaded, and the download replays
to the same final score. Games still played, from another server, unknown ids and forged
buttons get a clear private answer."""

from __future__ import annotations

import json
import re

import pytest

from bot.review.record.export import replay
from tests.databases import BACKENDS
from tests.e2e.tables import (
    Player,
    click_custom_id,
    fill_and_start,
    open_table,
    picture_of,
    refused,
    table_id_of,
)
from tests.emulator import DiscordEnv
from tests.emulator.world.model import Message
from tests.emulator.world.spec import GuildSpec, MemberSpec

OPINION_TIMEOUT = 90.0


@pytest.fixture
def guild_specs() -> tuple[GuildSpec, ...]:
    """The usual club, and a second server bob also belongs to."""
    return GuildSpec.default(), GuildSpec(
        name="Second Club", owner="bob", members=(MemberSpec("bob"),)
    )


def title(message: Message) -> str:
    return str((message.embed or {}).get("title", ""))


def enabled(message: Message, label: str) -> bool:
    button = next(b for b in message.buttons() if b.get("label") == label)
    return not button.get("disabled", False)


async def finished_game(env: DiscordEnv) -> tuple[Message, int]:
    """A short Euchre game bob played to the end with three computers."""
    bob = env.member("bob")
    table = await open_table(env, bob, "euchre", target=2)
    await fill_and_start(env, bob, table)
    await Player(env, bob, table).play_to_end()
    return table, table_id_of(table)


@pytest.mark.parametrize("database", BACKENDS)
async def test_a_finished_game_is_reviewed_stepped_shared_and_downloaded(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    bob = env.member("bob")
    table, table_id = await finished_game(env)

    out = await bob.click(table, "Review")
    assert out.kind == "message" and out.ephemeral
    review = out.message
    assert re.search(rf"Euchre #{table_id} · hand 1 of (\d+) · deal and auction", title(review))
    hands = int(re.search(r"hand 1 of (\d+)", title(review))[1])  # type: ignore[index]
    picture_of(review, "review.png")
    assert not enabled(review, "⏮ First") and not enabled(review, "◀ Trick")
    assert "going over your decisions" in review.text

    await bob.click(review, "Trick ▶")
    assert "trick 1 of" in title(review) and "took" in review.text
    picture_of(review, "review.png")
    if hands > 1:
        await bob.click(review, "Hand ▶")
        assert "hand 2 of" in title(review) and "deal and auction" in title(review)
        await bob.click(review, "◀ Hand")
        assert "hand 1 of" in title(review)
    await bob.click(review, "Last ⏭")
    assert f"hand {hands} of {hands}" in title(review) and not enabled(review, "Trick ▶")
    await bob.click(review, "◀ Trick")
    assert f"hand {hands} of {hands}" in title(review) and enabled(review, "Trick ▶")

    await env.wait_for(
        lambda: "The computer's opinion" in review.text and "going over" not in review.text,
        timeout=OPINION_TIMEOUT,
        what="the computer's opinion",
    )
    assert "🤖" in review.text and "decisions looked at" in review.text or "costly" in review.text

    public_before = len(env.channel("euchre").public_messages())
    shared = await bob.click(review, "Share")
    assert shared.kind == "message" and not shared.ephemeral
    assert f"shares a moment of game #{table_id}" in shared.message.text
    assert "The computer's opinion" not in shared.message.text
    picture_of(shared.message, "review.png")
    assert len(env.channel("euchre").public_messages()) == public_before + 1

    download = await bob.click(review, "Download")
    assert download.kind == "message" and download.ephemeral
    files = {a.filename: a.data for a in download.message.attachments}
    record = json.loads(files[f"bower-game-{table_id}.json"])
    text = files[f"bower-game-{table_id}.txt"].decode()
    assert "bob" in text and "Hand 1" in text
    scores, winner = replay(record)
    assert scores == record["final_scores"] and winner == record["winner"]
    assert record["seats"][0] == "bob" or "bob" in record["seats"]

    again = await bob.slash("review", game=str(table_id))
    assert again.ephemeral and "The computer's opinion" in again.message.text
    assert "going over" not in again.message.text  # kept: the second review is instant


async def test_history_and_review_offer_the_games_and_refuse_what_cannot_be_reviewed(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    bob, carol = env.member("bob"), env.member("carol")
    _, table_id = await finished_game(env)

    history = await bob.slash("history")
    assert f"#{table_id}" in history.message.text
    opened = await bob.click(history.message, f"Review #{table_id}")
    assert opened.ephemeral and f"#{table_id}" in title(opened.message)

    choices = await bob.autocomplete("review", "game")
    assert [c["value"] for c in choices] == [str(table_id)]
    assert "Euchre" in choices[0]["name"] and f"#{table_id}" in choices[0]["name"]
    latest = await bob.slash("review")
    assert f"Euchre #{table_id}" in title(latest.message)

    watcher = await carol.slash("review", game=f"#{table_id}")  # anyone in the server
    assert watcher.ephemeral and "did not play in this game" in watcher.message.text
    refused(await carol.slash("review"), "You have not finished a game in this server yet")
    refused(await bob.slash("review", game="999999"), "There is no game #999999")
    refused(await bob.slash("review", game="²"), "is not a game")

    playing = await open_table(env, carol, "euchre")
    refused(await carol.slash("review", game=str(table_id_of(playing))), "is not over yet")
    second = env.guild_named("Second Club")
    elsewhere = env.member("bob", guild=second)
    refused(
        await elsewhere.slash(
            "review", channel=env.channel("general", guild=second), game=str(table_id)
        ),
        "played in another server",
    )

    review = latest.message
    for custom_id in (
        f"bower:review:{table_id}:99:0:next",
        f"bower:review:{table_id}:1:99:next",
        "bower:review:999999:1:0:next",
    ):
        out = await click_custom_id(env, bob, review, custom_id)
        assert out.ephemeral and ("not valid" in out.message.text or "no game" in out.message.text)
    assert "hand 1 of" in title(review)  # unchanged
