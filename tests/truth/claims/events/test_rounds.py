"""A round's message and the standings' headings: true ones pass, planted falsehoods are
found (a round not open yet, a round not played out, a button missing, a tournament not
over)."""

from __future__ import annotations

from dataclasses import replace

from tests.truth.claims.events.conftest import ROUND_1_OVER, ROUND_2_OPENED
from tests.truth.claims.events.records import Records
from tests.truth.claims.events.rounds import announcement_findings

ROUND_2 = ["🏆 Night — Round 2 of 2", "Each table plays 2 hands.",
           "**Table 1:** alice & 🤖 Cog vs bob & 🤖 Dex — <#600>", "Standings after round 1",
           "My table tells you privately where you sit this round."]
MY_TABLE = (("bower-tour:seat:7:2", "My table"),)


def judged(title: str, lines: list[str], at: float, records: Records,
           controls: tuple[tuple[str, str], ...] = MY_TABLE
           ) -> tuple[dict[str, str | None], list[str]]:
    found, unread = announcement_findings(title, lines, controls, at, records)
    return {kind: truth for kind, _, truth in found}, unread


def test_a_true_round_message_passes_every_line(records: Records) -> None:
    found, unread = judged(ROUND_2[0], ROUND_2, ROUND_2_OPENED + 0.5, records)
    assert found == {"round_heading": None, "round_hands_each": None, "standings_after": None,
                     "my_table_button": None, "round_seating": None}
    assert unread == []


def test_a_round_not_open_yet_a_wrong_count_of_rounds_or_hands_is_false(
        records: Records) -> None:
    lines = ["🏆 Night — Round 2 of 3", "Each table plays 3 hands."]
    found, _ = judged("🏆 Night — Round 2 of 3", lines, ROUND_1_OVER, records)
    assert found == {"round_heading": "it has 2 rounds; round 1 was the newest open",
                     "round_hands_each": "2 hands; table 1 plays 2"}


def test_standings_after_a_round_still_being_played_are_false(records: Records) -> None:
    early = replace(records, tables={**records.tables, 2: replace(
        records.tables[2], created_at=10.0)})
    found, _ = judged(ROUND_2[0], ROUND_2, 20.0, early)
    assert found["standings_after"] == "0 round(s) were played out then"
    assert found["round_heading"] is None


def test_the_my_table_promise_without_its_button_is_false(records: Records) -> None:
    found, _ = judged(ROUND_2[0], ROUND_2, ROUND_2_OPENED + 1, records, controls=(
        ("bower-tour:seat:7:1", "My table"),))
    assert found["my_table_button"] == "the message has no My table button for this round"


def test_final_standings_before_the_tournament_is_over_are_false(records: Records) -> None:
    title = "🏆 Night — final standings"
    lines = [title, "Tournament 7 · Euchre, 4 players a table (stick_dealer=no)"]
    found, _ = judged(title, lines, ROUND_2_OPENED + 1, records)
    assert found == {"final_heading": "it was not over then", "standings_footer": None}
    night = records.tournaments[0]
    over = replace(records, tournaments=[replace(night, status="finished",
                                                 finished_at=ROUND_2_OPENED + 2)])
    found, _ = judged(title, lines, ROUND_2_OPENED + 3, over)
    assert found["final_heading"] == "only 1 round(s) were played out"
    found, _ = judged(title, [lines[1].replace("Euchre,", "Railroad Euchre,")],
                      ROUND_2_OPENED + 3, over)
    assert found["standings_footer"] == "the game is Euchre"
