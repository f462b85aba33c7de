"""The /play queue's answers: true ones pass, planted falsehoods are found."""

from __future__ import annotations

from dataclasses import replace

from tests.truth.claims.events.conftest import QUEUE_TABLE_OPENED
from tests.truth.claims.events.queue import not_stored, queue_findings
from tests.truth.claims.events.records import Records
from tests.truth.planting import ALICE, BOB
from tests.truth.stored.events import QueueEntry

GAME = "Flip Euchre · 3 players · game to 22 · 50-card deck (one of each joker)"
WAITING = f"""⏳ You're in the queue
You're waiting for **{GAME}**.
A table opens as soon as 2 more members `/play` the same game with the same options.
Waiting in this server (1)
**alice** — {GAME} — waiting less than a minute"""
READY = (f"✅ Your table #3 is ready in <#200>: {GAME}, with 2 computer players in the "
         "empty seats. The game has started: press **My hand** on its table message.")


def judged(text: str, title: str, at: float, records: Records) -> dict[str, str | None]:
    return {kind: truth for kind, _, truth in queue_findings(text, title, ALICE, at, records)}


def test_a_true_wait_passes_against_the_table_the_queue_opened_later(records: Records) -> None:
    found = judged(WAITING, "⏳ You're in the queue", QUEUE_TABLE_OPENED - 3, records)
    assert found == {"queue_game": None, "queue_missing": None, "queue_waiter": None,
                     "queue_count": None}


def test_a_wait_for_another_game_or_too_many_members_is_false(records: Records) -> None:
    planted = WAITING.replace("3 players · game to 22", "4 players · game to 22", 1).replace(
        "50-card", "52-card", 1).replace("2 more", "3 more")
    found = judged(planted, "⏳ You're in the queue", QUEUE_TABLE_OPENED - 3, records)
    assert found["queue_game"] == "3 players; deck is 50"
    assert found["queue_missing"] == "between 2 and 2 (the table seated 1 of 3)"
    assert found["queue_waiter"] is None


def test_a_wait_still_stored_is_checked_against_it(records: Records) -> None:
    waiting = replace(records, tables={}, queue=[
        QueueEntry(ALICE, "flip", 3, {"target": 22, "deck": 50}, 10.0)])
    assert judged(WAITING, "⏳ You're in the queue", 11.0, waiting)["queue_game"] is None
    nothing = replace(records, tables={})
    assert judged(WAITING, "⏳ You're in the queue", 11.0, nothing)["queue_game"] == (
        "nothing stored tells what they waited for")


def test_the_ready_table_must_seat_them_there_with_that_many_computers(
        records: Records) -> None:
    assert judged(READY, "", QUEUE_TABLE_OPENED + 1, records) == {"queue_ready": None}
    planted = READY.replace("<#200>", "<#201>").replace("2 computer", "1 computer")
    assert judged(planted, "", QUEUE_TABLE_OPENED + 1, records) == {"queue_ready": (
        "it plays in <#200>; 2 computer players")}
    assert judged(READY, "", QUEUE_TABLE_OPENED - 1, records) == {
        "queue_ready": "table #3 did not seat them"}


def test_the_count_waiting_is_the_members_listed_and_those_stored_waiting(
        records: Records) -> None:
    title = "⏳ You're in the queue"
    assert judged(WAITING, title, QUEUE_TABLE_OPENED - 3, records)["queue_count"] is None
    two = WAITING.replace("(1)", "(2)")
    assert judged(two, title, QUEUE_TABLE_OPENED - 3, records)["queue_count"] == (
        "1 are listed")
    bob_waits = replace(records, queue=[QueueEntry(BOB, "euchre", 4, {}, 10.0)])
    assert judged(WAITING, title, 11.0, bob_waits)["queue_count"] == "bob waited too"
    both = two + "\n**bob** — Euchre · 4 players · game to 10 — waiting less than a minute"
    assert judged(both, title, 11.0, bob_waits)["queue_count"] is None
    assert judged(WAITING, title, 9.0, bob_waits)["queue_count"] is None  # bob came later
    cut = WAITING.replace("(1)", "(3)") + "\n…and 2 more."
    assert judged(cut, title, 11.0, bob_waits)["queue_count"] is None
    assert judged(cut.replace("(3)", "(4)"), title, 11.0, bob_waits)["queue_count"] == (
        "3 are listed")


FILL = ("If not enough members come, your table opens with computer players in the empty"
        " seats {}.")
PEOPLE_ONLY = "You play with people only: no computer players will fill your table."


def test_when_computers_fill_the_table_is_held_to_when_it_opened(records: Records) -> None:
    """The queue's table (two computers beside alice) opened 4 s after the answer: on a
    timer scale of 0.05, about 1 minute."""
    title, at = "⏳ You're in the queue", QUEUE_TABLE_OPENED - 4
    scaled = replace(records, timer_scale=0.05)

    def fill(when: str, at: float = at, records: Records = scaled) -> str | None:
        return judged(f"{WAITING}\n{FILL.format(when)}", title, at, records)["queue_fill"]

    assert fill("in about 1 minute") is None
    assert fill("in about 5 minutes") == "table #3 opened with computers 80 s (unscaled) later"
    assert fill("any moment now") == "table #3 opened with computers 80 s (unscaled) later"
    assert fill("any moment now", at=QUEUE_TABLE_OPENED - 0.5) is None
    assert fill("in about 1 hour") is not None
    assert judged(f"{WAITING}\n{PEOPLE_ONLY}", title, at, scaled)["queue_fill"] == (
        "table #3 has 2 computer players")
    assert "queue_fill" not in judged(f"{WAITING}\n{FILL.format('in about 5 minutes')}",
                                      title, at, records)  # the scale not known


def test_the_lines_the_store_cannot_tell_are_labelled_with_why() -> None:
    computers = ("If not enough members come, your table opens with computer players in the "
                 "empty seats in about 1 minute.")
    assert "timer scale is not in this recording" in str(not_stored(computers))
    people = "You play with people only: no computer players will fill your table."
    assert not_stored(people) == not_stored(computers)
    footer = ("Leave queue takes you out; /play shows this again. You wait for one game at a "
              "time.")
    assert "deleted without a trace" in str(not_stored(footer))
    assert not_stored("Waiting in this server (1)") is None
    assert not_stored(f"You're waiting for **{GAME}**.") is None
