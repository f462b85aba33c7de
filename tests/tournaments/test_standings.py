"""The tournament ranking, checked the way a club would: totals, tie-breaks, byes, drops."""

from __future__ import annotations

from collections.abc import Sequence

from bot.tournaments.models import Layout, PlayedRound, RoundSeating, Standing, TableResult
from bot.tournaments.standings import standings

EUCHRE = Layout(4, ((0, 2), (1, 3)))
DUEL = Layout(2, ((0,), (1,)))

A, B, C, D, E, X, Y, Z = 1, 2, 3, 4, 5, 24, 25, 26


def rnd(
    *tables: tuple[tuple[int | None, ...], tuple[int, ...]],
    byes: tuple[int, ...] = (),
    loners: dict[int, int] | None = None,
) -> PlayedRound:
    """A played round from (seats, side scores) per table; loners go to the first table."""
    results = tuple(
        TableResult(scores, loners if i == 0 and loners else {})
        for i, (_, scores) in enumerate(tables)
    )
    return PlayedRound(RoundSeating(tuple(seats for seats, _ in tables), byes), results)


def by_id(lines: Sequence[Standing]) -> dict[int, Standing]:
    return {line.user_id: line for line in lines}


def test_partners_share_their_side_score_and_higher_total_ranks_first() -> None:
    played = [
        rnd(((A, B, C, D), (7, 10))),
        rnd(((A, C, B, D), (9, 2))),  # A with B now
    ]
    lines = standings([A, B, C, D], played, EUCHRE)
    got = by_id(lines)
    assert got[A].rounds == (7, 9) and got[C].rounds == (7, 2)
    assert got[B].rounds == (10, 9) and got[D].rounds == (10, 2)
    assert [line.user_id for line in lines] == [B, A, D, C]
    assert [line.total for line in lines] == [19, 16, 12, 9]
    assert [line.rank for line in lines] == [1, 2, 3, 4]
    assert all(line.tie_break == "" for line in lines)


def test_equal_totals_more_rounds_won_ranks_higher() -> None:
    played = [
        rnd(((A, B), (10, 0)), ((C, D), (3, 2))),
        rnd(((A, D), (0, 1)), ((C, B), (7, 0))),
    ]
    lines = standings([A, B, C, D], played, DUEL)
    assert [(s.user_id, s.total, s.rounds_won) for s in lines[:2]] == [(C, 10, 2), (A, 10, 1)]
    assert [s.rank for s in lines[:2]] == [1, 2]
    assert lines[1].tie_break == "rounds won"


def test_equal_totals_and_wins_more_loners_made_ranks_higher() -> None:
    played = [rnd(((A, B, C, D), (10, 6)), loners={C: 1})]
    lines = standings([A, B, C, D], played, EUCHRE)
    assert [s.user_id for s in lines[:2]] == [C, A]
    assert (lines[0].loners, lines[1].loners) == (1, 0)
    assert lines[1].tie_break == "loners made"
    # B and D: same total, wins and loners, never met on opposite sides: one shared rank.
    assert [(s.rank, s.tie_break) for s in lines[2:]] == [(3, ""), (3, "")]


def test_head_to_head_separates_two_tied_players() -> None:
    played = [
        rnd(((A, B), (10, 5)), ((C, D), (1, 1))),
        rnd(((A, C), (5, 10)), ((B, D), (10, 5))),
    ]
    lines = standings([A, B, C, D], played, DUEL)
    top = [(s.user_id, s.total, s.rounds_won, s.rank, s.tie_break) for s in lines[:2]]
    assert top == [(A, 15, 1, 1, ""), (B, 15, 1, 2, "head to head")]


def test_three_tied_players_sort_by_head_to_head_wins_among_them() -> None:
    played = [
        rnd(((A, B), (5, 4)), ((C, X), (1, 0)), ((Y, Z), (0, 0))),
        rnd(((A, C), (5, 4)), ((B, X), (1, 0)), ((Y, Z), (0, 0))),
        rnd(((B, C), (5, 4)), ((A, X), (0, 1)), ((Y, Z), (0, 0))),
        rnd(((A, Y), (0, 1)), ((B, Z), (0, 1)), ((C, X), (1, 0))),
    ]
    lines = standings([A, B, C, X, Y, Z], played, DUEL)
    assert [(s.total, s.rounds_won) for s in lines[:3]] == [(10, 2)] * 3
    # A beat B and C, B beat C.
    assert [(s.user_id, s.rank, s.tie_break) for s in lines[:3]] == [
        (A, 1, ""),
        (B, 2, "head to head"),
        (C, 3, "head to head"),
    ]
    # X, Y, Z: 1 point and 1 round won each (Y-Z draws are won by nobody), never beat
    # each other: they share 4th, like 1, 2, 2, 4 in a smaller field.
    assert {s.user_id for s in lines[3:]} == {X, Y, Z}
    assert [(s.rank, s.rounds_won, s.tie_break) for s in lines[3:]] == [(4, 1, "")] * 3


def test_shared_rank_skips_the_next_place() -> None:
    played = [rnd(((A, B), (9, 5)), ((C, D), (5, 1)), ((E, X), (5, 1)))]
    lines = standings([A, B, C, D, E, X], played, DUEL)
    assert [s.user_id for s in lines[:4]] in ([A, C, E, B], [A, E, C, B])
    assert [s.rank for s in lines] == [1, 2, 2, 4, 5, 5]
    # B has C's and E's 5 points but lost: rounds won puts B below them.
    assert [s.tie_break for s in lines] == ["", "", "", "rounds won", "", ""]


def test_bye_scores_the_round_average_rounded_half_up_and_is_not_a_win() -> None:
    played = [rnd(((A, B), (5, 2)), ((C, D), (2, 1)), byes=(E,))]
    got = by_id(standings([A, B, C, D, E], played, DUEL))
    assert got[E].rounds == (3,)  # (5 + 2 + 2 + 1) / 4 = 2.5 -> 3
    assert got[E].bye_rounds == (1,)
    assert got[E].rounds_won == 0
    assert got[A].bye_rounds == ()


def test_computers_never_rank_and_do_not_count_in_the_bye_average() -> None:
    played = [rnd(((A, B, C, D), (6, 2)), ((X, None, Y, None), (1, 9)), byes=(E,))]
    lines = standings([A, B, C, D, E, X, Y], played, EUCHRE)
    got = by_id(lines)
    assert len(lines) == 7 and None not in got
    assert got[E].rounds == (3,)  # people only: (6 + 2 + 6 + 2 + 1 + 1) / 6 = 3
    assert got[X].rounds == (1,) and got[X].rounds_won == 0


def test_dropped_player_still_ranks_with_what_they_played() -> None:
    played = [
        rnd(((A, B), (8, 3)), ((C, D), (4, 6))),
        rnd(((A, C), (2, 5)), ((B, E), (7, 1))),  # D dropped, E joined
    ]
    got = by_id(standings([A, B, C, E], played, DUEL))
    assert set(got) == {A, B, C, D, E}
    assert got[D].rounds == (6, 0) and got[D].total == 6 and got[D].rounds_won == 1
    assert got[E].rounds == (0, 1) and got[E].bye_rounds == ()
    assert got[D].rank < got[E].rank


def test_player_with_nothing_played_yet_is_listed_at_zero() -> None:
    lines = standings([A, B], [], DUEL)
    assert [(s.rank, s.total, s.rounds) for s in lines] == [(1, 0, ()), (1, 0, ())]
