"""The review's opinion heading and notes are said to the right member: the opinion and
its working note to one who played the finished game, the 'did not play' note to one who
did not."""

from __future__ import annotations

from dataclasses import replace

from tests.truth.claims.base import Context
from tests.truth.claims.review.asked import opinions_arrived
from tests.truth.planting import BOB, NAMES, two_hands
from tests.truth.playing.recorder import Shown
from tests.truth.reading.names import seat_names
from tests.truth.reading.reader import read
from tests.truth.stored.store import StoredTable
from tests.truth.stored.timeline import replay

STEP = "🔎 Euchre #1 · hand 1 of 2 · deal and auction"
WORKING = (f"{STEP}\n\n**🤖 The computer's opinion**\n⏳ The computer is going over your"
           " decisions in this game. This can take half a minute; this message shows its"
           " opinion by itself when it is ready.")
NOT_PLAYED = f"{STEP}\n-# You did not play in this game, so there is no opinion of your decisions."


def judged(text: str, table: StoredTable, member: int, seat: int | None) -> dict[str, str | None]:
    """The review kinds of this module → the first truth against them."""
    ctx = Context(table, seat_names(table, NAMES), seat, member)
    state = replay(table)[-1]
    found: dict[str, str | None] = {}
    for claim in read(text, ctx).claims:
        if claim.kind.startswith(("review_opinion", "review_working", "review_not")):
            found[claim.kind] = found.get(claim.kind) or claim.test(state)
    return found


def test_the_opinion_to_its_player_passes() -> None:
    table = replace(two_hands(), result_at=30.0)
    assert judged(WORKING, table, BOB, 1) == {"review_opinion_heading": None,
                                              "review_working": None}
    assert judged(NOT_PLAYED, table, 99, None) == {"review_not_played": None}


def test_the_opinion_to_someone_else_or_of_an_unfinished_game_is_reported() -> None:
    table = replace(two_hands(), result_at=30.0)
    assert judged(WORKING, table, 99, None)["review_working"] == "<@99> did not play at table #1"
    assert judged(NOT_PLAYED, table, BOB, 1) == {"review_not_played": "they played seat 2"}
    ended = replace(table, status="abandoned", result_at=None)
    assert judged(WORKING, ended, BOB, 1)["review_opinion_heading"] == (
        "the game at table #1 is abandoned, not finished")


def version(number: int, text: str) -> Shown:
    """Version ``number`` of one review message, saying ``text``."""
    return Shown(7, 1, BOB, number, float(number), text, STEP)


def test_the_promised_opinion_that_arrives_passes() -> None:
    shown = [version(0, WORKING), version(1, f"{STEP}\n\n**🤖 The computer's opinion**\n"
                                              "✅ **Pass** was the best choice.")]
    assert [found for _, found in opinions_arrived(shown)] == [
        [("review_opinion_arrived", "⏳ The computer is going over your decisions in this game.",
          None)]]


def test_the_promised_opinion_that_never_arrives_is_reported() -> None:
    [(at, [(kind, _, truth)])] = opinions_arrived([version(0, WORKING), version(1, WORKING)])
    assert (at.version, kind, truth) == (
        1, "review_opinion_arrived", "no later version of the message shows the opinion")
