"""A round table's own lines and a game's greeting: true ones pass, planted falsehoods
are found."""

from __future__ import annotations

from dataclasses import replace

from tests.truth.claims.events.records import Records
from tests.truth.claims.events.tables import greeted_table, greeting_findings
from tests.truth.planting import ALICE, BOB, verdicts
from tests.truth.stored.timeline import replay


def test_a_round_tables_title_names_its_tournament_round_and_number(
        records: Records) -> None:
    table = records.tables[1]
    state = replay(table)[-1]
    assert verdicts("Night · round 1 · table 1", table, state) == {"round_title": None}
    assert verdicts("Night · round 2 · table 1", table, state) == {
        "round_title": "Night, round 1, table 1"}
    plain = records.tables[3]
    assert verdicts("Night · round 1 · table 1", plain, replay(plain)[0]) == {
        "round_title": "table #3 is no tournament's"}


def test_the_round_is_over_only_once_its_hands_are_played(records: Records) -> None:
    table = records.tables[1]
    states = replay(table)
    closed = "🏁 **This table's round is over.**"
    assert verdicts(closed, table, states[-1]) == {"round_over": None}
    assert verdicts(closed, table, states[5]) == {"round_over": "0 of 2 hands were played"}


def test_a_table_whose_scores_the_tournament_does_not_keep_does_not_count(
        records: Records) -> None:
    said = "It counts in the tournament's standings: `/tournament standings`."
    table = records.tables[1]
    assert verdicts(said, table, replay(table)[-1]) == {"round_counted": None}
    unkept = replace(table, round_of=("Night", 1, 1, False))
    assert verdicts(said, unkept, replay(unkept)[-1]) == {
        "round_counted": "the tournament keeps no scores of this table"}


def test_the_greeting_at_a_round_table_names_that_round_table(records: Records) -> None:
    table = records.tables[1]
    state = replay(table)[0]
    greeting = f"<@{BOB}>: your game at **Night · round 1 · table 1** is on!"
    assert verdicts(greeting, table, state, narrated=True)["game_on"] is None
    wrong = greeting.replace("table 1**", "table 2**")
    assert verdicts(wrong, table, state, narrated=True)["game_on"] == (
        "this is ('Night', 1, 1)")


def test_a_greeting_is_the_start_of_a_table_of_its_channel_still_being_played(
        records: Records) -> None:
    text = f"🃏 **Euchre** (table #2) has started. Good luck!\n<@{ALICE}>: your game…"
    truths = {n: type("Truth", (), {"table": t})() for n, t in records.tables.items()}
    assert greeted_table(text, 600, 100.5, truths).table.id == 2
    assert greeted_table(text, 200, 100.5, truths) is None  # not its channel
    assert greeting_findings(text, 600, 100.5, records.tables) == [
        ("table_started", "🃏 **Euchre** (table #2) has started", None)]
    finished = text.replace("#2", "#1")  # round 1's game was over by then
    assert greeting_findings(finished, 200, 100.5, records.tables) == [
        ("table_started", "🃏 **Euchre** (table #1) has started",
         "table #1 was not starting in this channel then")]
