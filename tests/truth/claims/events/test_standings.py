"""A tournament's standings lines (each member's total, round scores with byes, rounds
won and place) and its end: true ones pass, planted falsehoods are found."""

from __future__ import annotations

from tests.truth.claims.events.standings import (
    Tournament,
    ended_claims,
    round_table_claims,
    standing_claims,
)
from tests.truth.planting import ALICE, BOB
from tests.truth.stored.store import StoredRound, StoredTable
from tests.truth.stored.timeline import replay


def test_tournament_standings_with_a_wrong_total_round_score_or_place_are_false(
        table: StoredTable) -> None:
    final = replay(table)[-1]
    side = next(n for n, seats in enumerate(final.public["sides"]) if 1 in seats)
    score = final.public["scores"][side]
    won = int(score > max(s for n, s in enumerate(final.public["scores"]) if n != side))
    rounds = [StoredRound(1, 1, 1, 1, [None, BOB, None, None]),
              StoredRound(1, 2, 1, 7, [ALICE, None, None, None])]  # round 2 not counted
    tournament = Tournament(rounds, {1: final}, {"bob": BOB}, upto=1)
    plural = "round" if won == 1 else "rounds"
    honest = f"` 1.` **bob** — {score} points (by round: {score}) · {won} {plural} won"
    assert {truth for _, truth in standing_claims(honest, tournament) or []} == {None}
    planted = f"` 2.` **bob** — {score + 1} points (by round: {score - 1}) · {won + 1} rounds won"
    assert dict(standing_claims(planted, tournament) or []) == {
        "standing_total": f"{score}", "standing_rounds": f"{score}",
        "standing_won": f"{won}", "standing_place": "place 1 (level with 0)"}
    assert round_table_claims("🏆 **Night · round 2 · table 1** (table #1) is on", rounds) == [
        ("round_table", "round 1, table 1")]


def test_a_tournament_said_ended_after_a_round_still_under_way_is_false(
        table: StoredTable) -> None:
    final = replay(table)[-1]
    rounds = [StoredRound(1, 1, 1, 1, [None, BOB, None, None]),
              StoredRound(1, 2, 1, 7, [ALICE, None, None, None])]
    tournament = Tournament(rounds, {1: final}, {"bob": BOB}, finished=frozenset({1}))
    known = {"Night": tournament}
    assert ended_claims("Night is ended after round 1: its final standings are posted.",
                        known) == [("tournament_ended", None)]
    assert ended_claims("Night is ended after round 2: its final standings are posted.",
                        known) == [("tournament_ended",
                                    "1 round(s) were played out; round 2 was under way")]
    assert ended_claims("🏁 **Night** is over (ended after round 2 of 2).", known)


def test_a_bye_scores_the_rounds_average_over_the_people_who_sat(table: StoredTable) -> None:
    """Round 1: bob and alice sit at table #1 on opposite sides, carol has a bye and
    scores the average of their sides' scores (halves up), marked ``bye``."""
    final = replay(table)[-1]
    scores = {user: final.public["scores"][next(
        n for n, seats in enumerate(final.public["sides"]) if seat in seats)]
        for seat, user in ((0, ALICE), (1, BOB))}
    average = (scores[ALICE] + scores[BOB] + 1) // 2
    carol = 12
    rounds = [StoredRound(1, 1, 1, 1, [ALICE, BOB, None, None])]
    tournament = Tournament(rounds, {1: final}, {"bob": BOB, "carol": carol},
                            byes={1: [carol]})
    line = "` 1.` **carol** — {} points (by round: {}) · 0 rounds won"
    found = dict(standing_claims(line.format(average, f"bye {average}"), tournament) or [])
    assert found["standing_total"] is None and found["standing_rounds"] is None
    found = dict(standing_claims(line.format(0, "0"), tournament) or [])
    assert found["standing_total"] == f"{average}"
    assert found["standing_rounds"] == f"bye {average}"
