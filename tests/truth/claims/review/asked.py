"""Claims of the review's opinion heading and its notes: the computer's opinion (or the
note that it is being worked out) is shown only to a member who played the finished game
under review, and the note that they did not play only to one who did not; the working
note's promise that the message then shows the opinion by itself is kept."""

from __future__ import annotations

from collections.abc import Sequence

from tests.truth.claims.base import Claim, Context
from tests.truth.playing.recorder import Shown
from tests.truth.stored.timeline import Snapshot

HEADING = "**🤖 The computer's opinion**"
WORKING = "⏳ The computer is going over your decisions in this game."
NOT_PLAYED = "-# You did not play in this game"
Finding = tuple[str, str, str | None]


def played_truth(ctx: Context) -> str | None:
    """None when the message's member played the table's game, which has finished."""
    if ctx.table.status != "finished" or ctx.table.result_at is None:
        return f"the game at table #{ctx.table.id} is {ctx.table.status}, not finished"
    if ctx.seat is None:
        return f"<@{ctx.member}> did not play at table #{ctx.table.id}"
    return None


def asked_claims(line: str, ctx: Context) -> list[Claim] | None:
    """The opinion's heading, its working note, or the note that the member did not play;
    None for any other line."""
    if line == HEADING or line.startswith(WORKING):
        kind = "review_opinion_heading" if line == HEADING else "review_working"
        return [Claim(kind, line, lambda s: played_truth(ctx))]
    if line.startswith(NOT_PLAYED):
        def test(s: Snapshot) -> str | None:
            return None if ctx.seat is None else f"they played seat {ctx.seat + 1}"
        return [Claim("review_not_played", line, test)]
    return None


def opinions_arrived(shown: Sequence[Shown]) -> list[tuple[Shown, list[Finding]]]:
    """Each message that said the computer was working out its opinion, at its last such
    version, with the finding that a later version of it shows the opinion."""
    by_message: dict[int, list[Shown]] = {}
    for version in shown:
        by_message.setdefault(version.message_id, []).append(version)
    found: list[tuple[Shown, list[Finding]]] = []
    for versions in by_message.values():
        working = [n for n, v in enumerate(versions) if WORKING in v.text]
        if not working:
            continue
        later = [v for v in versions[working[-1] + 1:]
                 if not v.deleted and HEADING in v.text and WORKING not in v.text]
        truth = None if later else "no later version of the message shows the opinion"
        found.append((versions[working[-1]], [("review_opinion_arrived", WORKING, truth)]))
    return found
