"""The verdict a player reads in the recap posted after each hand, end to end: a contract
whose makers took no tricks is **euchred** and says they "took no tricks" (never "took
only 0 tricks"), and a failed Railroad Jambone says how many of the tricks its makers
took, not every one (never "euchred — … took only")."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from bot.engine import Game
from tests.e2e.display.test_table_picture_marks import Jamboner, one_person, play_until
from tests.e2e.tables import Player, action_controls, move_shown
from tests.emulator import DiscordEnv
from tests.emulator.client.members import ChannelView

VERDICT = re.compile(r"📊 \*\*Hand \d+ is over\.\*\* (?P<verdict>.+)")
NO_TRICKS = re.compile(r"(?P<contract>.+): \*\*euchred\*\* — (?P<makers>.+) took no tricks\.")
FAILED_JAMBONE = re.compile(
    r"(?P<contract>.+) called Jambone: \*\*failed\*\* — (?P<makers>.+) took (?P<taken>\d+) "
    r"of the (?P<tricks>\d+) tricks, not every one\."
)


def recaps(channel: ChannelView) -> list[list[str]]:
    """Every hand recap posted in the channel so far: its lines, from the ``📊`` verdict to
    the ``Score:`` line."""
    found: list[list[str]] = []
    for message in channel.public_messages():
        lines = message.text.splitlines()
        for start, line in enumerate(lines):
            if VERDICT.fullmatch(line):
                end = next((i for i in range(start, len(lines))
                            if lines[i].startswith("Score:")), len(lines) - 1)
                found.append(lines[start:end + 1])
    return found


def verdict_of(recap: list[str]) -> str:
    """The verdict of a recap: its first line after ``📊 **Hand N is over.**``."""
    match = VERDICT.fullmatch(recap[0])
    assert match, recap[0]
    return match["verdict"]


def tricks_of(recap: list[str]) -> dict[str, int]:
    """The ``Tricks:`` line of a recap: tricks per side, by the side's name."""
    line = next(x for x in recap if x.startswith("Tricks: "))
    parts = (part.rsplit(" ", 1) for part in line.removeprefix("Tricks: ").split(" · "))
    return {name: int(count) for name, count in parts}


def verdict_reading(channel: ChannelView, pattern: re.Pattern[str]) -> Callable[[Game], Any]:
    """A ``play_until`` condition: the first recap in the channel whose verdict reads as
    ``pattern`` (the verdict's match and the recap), whatever game it was in."""

    def seen(_: Game) -> tuple[re.Match[str], list[str]] | None:
        for recap in recaps(channel):
            match = pattern.fullmatch(verdict_of(recap))
            if match:
                return match, recap
        return None

    return seen


def nowhere_says(channel: ChannelView, words: str) -> None:
    """No public message in the channel says ``words``."""
    said = [m.text for m in channel.public_messages() if words in m.text]
    assert not said, said


class LoneMaker(Player):
    """Bob, who makes trump whenever he may (orders up, picks up or names a suit) and
    plays it alone, his partner sitting out; otherwise he moves at random."""

    async def move(self) -> bool:
        hand = self.hand or await self.get_hand()
        alone = [c for c in action_controls(hand)
                 if c["type"] == 2 and c["custom_id"].endswith("+alone")]
        if not alone:
            return await super().move()
        out = await move_shown(self.env, self.member, hand, self.rng.choice(alone)["custom_id"])
        assert out.kind in ("update", "deferred_update"), out.kind
        self.moves += 1
        return True


async def test_makers_who_took_no_tricks_read_euchred_with_no_tricks(
    table_env: DiscordEnv,
) -> None:
    """A euchred contract without a trick reads "… took no tricks.", and no recap says
    "took only 0"."""
    env = table_env
    bob = env.member("bob")
    channel = env.channel("euchre")
    seat = one_person(env, bob, "euchre", LoneMaker, target=10)
    _, _, (match, recap) = await play_until(env, seat, verdict_reading(channel, NO_TRICKS))
    assert tricks_of(recap)[match["makers"]] == 0, recap  # the sides' count agrees
    assert re.fullmatch(r".+ (went alone|called trump)", match["contract"]), recap[0]
    if match["contract"].endswith("went alone"):  # point 11: the partner sat out
        assert " & " not in match["makers"], recap[0]
    assert "took only 0" not in "\n".join(recap)
    await env.settle()
    nowhere_says(channel, "took only 0")


async def test_a_failed_jambone_reads_failed_not_every_trick(table_env: DiscordEnv) -> None:
    """A Railroad Jambone that loses a trick reads "called Jambone: **failed** — … took N
    of the M tricks, not every one.", its counts those of the Tricks line; no Jambone is
    "euchred" or "took only"."""
    env = table_env
    bob = env.member("bob")
    channel = env.channel("euchre")
    seat = one_person(env, bob, "railroad", Jamboner, target=64)
    _, _, (match, recap) = await play_until(env, seat, verdict_reading(channel, FAILED_JAMBONE))
    tricks = tricks_of(recap)
    taken, total = int(match["taken"]), int(match["tricks"])
    assert tricks[match["makers"]] == taken < total == sum(tricks.values()), recap
    assert match["contract"].startswith("bob"), recap[0]  # only bob calls Jambone
    assert match["makers"] == "bob", recap[0]  # point 11: not his partner, who sat out
    await env.settle()
    jambones = [r[0] for r in recaps(channel) if "called Jambone" in r[0]]
    assert not [v for v in jambones if "euchred" in v or "took only" in v], jambones
    nowhere_says(channel, "took only 0")
