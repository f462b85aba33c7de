"""Who sits where, checked the way a club would: stacked results, then who moved where."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

import pytest

from bot.tournaments.models import (
    Fill,
    Format,
    Layout,
    PlayedRound,
    RoundSeating,
    SeatHolder,
    TableResult,
)
from bot.tournaments.seating import first_round, next_round, people_seats
from bot.tournaments.standings import standings

EUCHRE = Layout(4, ((0, 2), (1, 3)))
DUEL = Layout(2, ((0,), (1,)))
THREE = Layout(3, ((0,), (1,), (2,)))
SIX = Layout(6, ((0, 2, 4), (1, 3, 5)))

Table = tuple[SeatHolder, ...]
Scorer = Callable[[int, Table], tuple[int, ...]]


def side0_wins(_: int, __: Table) -> tuple[int, int]:
    return (10, 4)


def play(seating: RoundSeating, scorer: Scorer = side0_wins) -> PlayedRound:
    results = tuple(TableResult(scorer(t, table)) for t, table in enumerate(seating.tables))
    return PlayedRound(seating, results)


def partnerships(table: Table, layout: Layout = EUCHRE) -> set[frozenset[int]]:
    pairs: set[frozenset[int]] = set()
    for side in layout.sides:
        people = [p for s in side if (p := table[s]) is not None]
        pairs.update(frozenset((a, b)) for a in people for b in people if a < b)
    return pairs


def all_partnerships(seating: RoundSeating, layout: Layout = EUCHRE) -> set[frozenset[int]]:
    return {pair for table in seating.tables for pair in partnerships(table, layout)}


def seated(seating: RoundSeating) -> list[int]:
    return [p for table in seating.tables for p in table if p is not None]


def expected_movement(rnd: PlayedRound) -> list[Counter[SeatHolder]]:
    """Who should be at each table after progressive movement (no ties in the results)."""
    count = len(rnd.seating.tables)
    new: list[Counter[SeatHolder]] = [Counter() for _ in range(count)]
    for t, (table, result) in enumerate(zip(rnd.seating.tables, rnd.results, strict=True)):
        up, down = (0, 1) if result.scores[0] > result.scores[1] else (1, 0)
        new[max(t - 1, 0)].update(table[s] for s in EUCHRE.sides[up])
        new[min(t + 1, count - 1)].update(table[s] for s in EUCHRE.sides[down])
    return new


def run(
    fmt: Format,
    players: Sequence[int],
    rounds: int,
    layout: Layout = EUCHRE,
    fill: Fill = "bye",
    seed: int = 7,
    scorer: Scorer = side0_wins,
) -> list[PlayedRound]:
    played: list[PlayedRound] = []
    for _ in range(rounds):
        played.append(play(next_round(fmt, players, played, layout, fill, seed), scorer))
    return played


# ----- first round ---------------------------------------------------------------------


def test_first_round_seats_everyone_once_and_is_repeatable_from_the_seed() -> None:
    players = list(range(101, 113))
    seating = first_round(players, EUCHRE, "bye", seed=42)
    assert len(seating.tables) == 3 and seating.byes == ()
    assert sorted(seated(seating)) == players
    assert first_round(list(reversed(players)), EUCHRE, "bye", seed=42) == seating
    draws = {first_round(players, EUCHRE, "bye", seed=s) for s in range(5)}
    assert len(draws) > 1  # another seed, another draw


def test_no_bye_when_players_fill_the_tables_exactly() -> None:
    assert first_round(list(range(1, 9)), EUCHRE, "bye", seed=1).byes == ()
    assert run("progressive", list(range(1, 9)), 4)[-1].seating.byes == ()


def test_short_players_sit_out_with_bye_fill() -> None:
    seating = first_round(list(range(1, 10)), EUCHRE, "bye", seed=3)
    assert len(seating.tables) == 2 and len(seating.byes) == 1
    assert sorted(seated(seating) + list(seating.byes)) == list(range(1, 10))


def test_too_few_players_for_a_table_with_bye_fill_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot fill a 4-seat table"):
        first_round([1, 2, 3], EUCHRE, "bye", seed=1)
    with pytest.raises(ValueError, match="cannot fill"):
        next_round("swiss", [1, 2, 3], [], EUCHRE, "bye", seed=1)


def test_computer_table_makes_two_people_partners() -> None:
    seating = first_round(list(range(1, 7)), EUCHRE, "computers", seed=5)
    top, bottom = seating.tables
    assert None not in top
    assert bottom[1] is None and bottom[3] is None  # people at 0 and 2: partners
    assert bottom[0] is not None and bottom[2] is not None


def test_computer_table_with_three_people_keeps_a_pair_together() -> None:
    assert people_seats(3, EUCHRE) == [0, 1, 2]  # 0 & 2 partners, 1 with a computer
    assert people_seats(1, EUCHRE) == [0]
    assert people_seats(4, SIX) == [0, 1, 2, 3]  # two pairs of people, none alone
    assert people_seats(2, DUEL) == [0, 1]


def test_one_person_plays_computers() -> None:
    seating = first_round([9], EUCHRE, "computers", seed=1)
    assert seating.tables == ((9, None, None, None),)


# ----- progressive ---------------------------------------------------------------------


def test_progressive_winners_up_losers_down_nobody_keeps_their_partner() -> None:
    seating = RoundSeating(((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12)))
    scores = [(10, 4), (3, 10), (7, 2)]  # winners: 1&3, 6&8, 9&11
    played = [PlayedRound(seating, tuple(TableResult(s) for s in scores))]
    new = next_round("progressive", list(range(1, 13)), played, EUCHRE, "bye", seed=1)
    top, middle, bottom = (set(t) for t in new.tables)
    assert top == {1, 3, 6, 8}  # top winners stay, table 2's winners come up
    assert middle == {2, 4, 9, 11}  # top losers come down, bottom winners come up
    assert bottom == {5, 7, 10, 12}  # table 2's losers come down, bottom losers stay
    assert not all_partnerships(new) & all_partnerships(seating)
    assert {frozenset((1, 3)), frozenset((6, 8))}.isdisjoint(partnerships(new.tables[0]))


def test_progressive_over_many_rounds_follows_the_movement() -> None:
    def scorer(t: int, table: Table) -> tuple[int, int]:
        return (9, 3) if (t + sum(p or 0 for p in table)) % 2 else (2, 8)

    played = run("progressive", list(range(1, 17)), 6, scorer=scorer)
    for before, after in zip(played, played[1:], strict=False):
        assert [Counter(t) for t in after.seating.tables] == expected_movement(before)
        assert not all_partnerships(after.seating) & all_partnerships(before.seating)


def test_progressive_tie_sends_up_the_side_with_the_higher_total() -> None:
    round1 = PlayedRound(
        RoundSeating(((1, 2, 3, 4), (5, 6, 7, 8))), (TableResult((10, 0)), TableResult((0, 10)))
    )  # totals: 1, 3, 6, 8 have 10; 2, 4, 5, 7 have 0
    for table2 in ((6, 2, 8, 4), (2, 6, 4, 8)):  # the leaders on either side
        round2 = PlayedRound(
            RoundSeating(((1, 5, 3, 7), table2)), (TableResult((8, 2)), TableResult((5, 5)))
        )
        new = next_round("progressive", range(1, 9), [round1, round2], EUCHRE, "bye", seed=2)
        assert set(new.tables[0]) == {1, 3, 6, 8}
        assert set(new.tables[1]) == {5, 7, 2, 4}


def test_progressive_is_repeatable_from_the_seed() -> None:
    first = run("progressive", list(range(1, 13)), 4, seed=11)
    again = run("progressive", list(range(1, 13)), 4, seed=11)
    assert first == again


def test_progressive_byes_rotate_and_returners_take_the_vacated_seat() -> None:
    players = list(range(1, 10))
    played = run("progressive", players, 9)
    byes = [rnd.seating.byes for rnd in played]
    assert all(len(b) == 1 for b in byes)
    assert len({b[0] for b in byes[:3]}) == 3  # nobody sits out twice in three rounds
    assert sorted(b[0] for b in byes) == players  # each sits out once in nine
    for before, after in zip(played, played[1:], strict=False):
        expected = expected_movement(before)
        (returning,), (leaving,) = before.seating.byes, after.seating.byes
        for t, table in enumerate(after.seating.tables):
            if leaving in expected[t]:
                expected[t] = expected[t] - Counter([leaving]) + Counter([returning])
            assert Counter(table) == expected[t]


def test_progressive_computers_move_like_players() -> None:
    seating = RoundSeating(((1, 2, 3, 4), (5, None, 6, None)))
    played = [PlayedRound(seating, (TableResult((10, 2)), TableResult((3, 10))))]
    new = next_round("progressive", range(1, 7), played, EUCHRE, "computers", seed=1)
    top, bottom = new.tables
    assert Counter(top) == Counter([1, 3, None, None])
    assert (top[0] is None) != (top[2] is None)  # each computer partners a person
    assert set(bottom) == {2, 4, 5, 6}


def test_progressive_dropped_player_becomes_a_computer() -> None:
    seating = RoundSeating(((1, 2, 3, 4), (5, 6, 7, 8)))
    played = [play(seating)]  # 1&3 stay, 2&4 down, 5&7 up, 6&8 stay
    new = next_round("progressive", [1, 2, 3, 4, 5, 6, 8], played, EUCHRE, "computers", seed=1)
    assert Counter(new.tables[0]) == Counter([1, 3, 5, None])
    assert set(new.tables[1]) == {2, 4, 6, 8}


def test_progressive_dropped_seat_goes_to_the_player_back_from_a_bye() -> None:
    seating = RoundSeating(((1, 2, 3, 4), (5, 6, 7, 8)), byes=(9,))
    played = [play(seating)]
    new = next_round("progressive", [1, 2, 3, 4, 5, 6, 8, 9], played, EUCHRE, "bye", seed=1)
    assert new.byes == ()
    assert set(new.tables[0]) == {1, 3, 5, 9}


def test_progressive_drop_below_a_table_rebuilds_and_lowest_sit_out() -> None:
    seating = RoundSeating(((1, 2, 3, 4), (5, 6, 7, 8)))
    played = [PlayedRound(seating, (TableResult((10, 0)), TableResult((6, 2))))]
    new = next_round("progressive", [1, 2, 3, 4, 5, 6, 7], played, EUCHRE, "bye", seed=1)
    assert set(new.byes) == {2, 4, 6}  # totals 0, 0, 2
    assert len(new.tables) == 1 and set(new.tables[0]) == {1, 3, 5, 7}
    assert not partnerships(new.tables[0]) & all_partnerships(seating)


@pytest.mark.parametrize("layout", [DUEL, THREE, SIX, Layout(4, ((0,), (1,), (2,), (3,)))])
def test_progressive_needs_four_seat_partnerships(layout: Layout) -> None:
    with pytest.raises(ValueError, match="Progressive"):
        next_round("progressive", range(1, 13), [], layout, "computers", seed=1)


# ----- swiss ---------------------------------------------------------------------------


def test_swiss_puts_similar_totals_together_with_new_partners() -> None:
    seating = RoundSeating(((1, 2, 3, 4), (5, 6, 7, 8)))
    played = [PlayedRound(seating, (TableResult((10, 2)), TableResult((4, 7))))]
    new = next_round("swiss", range(1, 9), played, EUCHRE, "bye", seed=3)
    assert set(new.tables[0]) == {1, 3, 6, 8}  # 10, 10, 7, 7
    assert set(new.tables[1]) == {5, 7, 2, 4}  # 4, 4, 2, 2
    assert not all_partnerships(new) & all_partnerships(seating)


def test_swiss_swaps_with_the_next_table_when_every_split_was_played() -> None:
    def rnd(top: Table, bottom: Table) -> PlayedRound:
        tables = RoundSeating((top, bottom))
        return PlayedRound(tables, (TableResult((10, 9)), TableResult((0, 1))))

    # 1-4 played all three splits among themselves, and so did 5-8.
    played = [
        rnd((1, 2, 3, 4), (5, 6, 7, 8)),
        rnd((1, 3, 2, 4), (5, 7, 6, 8)),
        rnd((1, 2, 4, 3), (5, 6, 8, 7)),
    ]
    before = set().union(*(all_partnerships(r.seating) for r in played))
    new = next_round("swiss", range(1, 9), played, EUCHRE, "bye", seed=4)
    # Any split of 1-4 repeats two partnerships; one of them swaps with table 2 so the top
    # table repeats one only (three of 1-4 cannot all be new to each other).
    assert len(set(new.tables[0]) & {1, 2, 3, 4}) == 3
    assert len(partnerships(new.tables[0]) & before) == 1


def test_swiss_swap_finds_a_fresh_top_table() -> None:
    def rnd(*tables: tuple[Table, tuple[int, int]]) -> PlayedRound:
        seating = RoundSeating(tuple(seats for seats, _ in tables))
        return PlayedRound(seating, tuple(TableResult(scores) for _, scores in tables))

    # 1 partnered each of 2, 3 and 4 (the next three in totals): every split of 1-4
    # repeats a partnership. 11 leads table 2 and never partnered any of them.
    played = [
        rnd(((1, 5, 2, 6), (10, 0)), ((3, 7, 8, 9), (5, 0)), ((4, 10, 11, 12), (5, 0))),
        rnd(((1, 5, 3, 6), (10, 0)), ((2, 7, 9, 8), (5, 0)), ((4, 10, 12, 11), (5, 0))),
        rnd(((1, 5, 4, 6), (10, 0)), ((2, 7, 10, 8), (5, 0)), ((3, 9, 11, 12), (5, 0))),
    ]
    before = set().union(*(all_partnerships(r.seating) for r in played))
    new = next_round("swiss", range(1, 13), played, EUCHRE, "bye", seed=4)
    top = set(new.tables[0])
    assert {1, 11} <= top and len(top & {2, 3, 4}) == 2  # the lowest of the top four swaps
    assert not partnerships(new.tables[0]) & before


def test_swiss_four_players_keep_playing_once_every_split_was_played() -> None:
    played = run("swiss", [1, 2, 3, 4], 3)
    assert len(set().union(*(all_partnerships(r.seating) for r in played))) == 6
    new = next_round("swiss", [1, 2, 3, 4], played, EUCHRE, "bye", seed=4)
    assert sorted(seated(new)) == [1, 2, 3, 4]


def test_swiss_free_for_all_with_a_bye_rotates_and_ranks_tables() -> None:
    def scorer(_: int, table: Table) -> tuple[int, int]:
        a, b = table
        return (5, 2) if (a or 0) < (b or 0) else (1, 4)

    players = [1, 2, 3, 4, 5]
    played = run("swiss", players, 5, layout=DUEL, scorer=scorer)
    assert sorted(r.seating.byes[0] for r in played) == players  # each sits out once
    for index, rnd in enumerate(played):
        assert len(rnd.seating.tables) == 2 and len(rnd.seating.byes) == 1
        if not index:
            continue
        lines = {s.user_id: s for s in standings(players, played[:index], DUEL)}
        bye = rnd.seating.byes[0]
        fewest = min(len(lines[p].bye_rounds) for p in players)
        candidates = [p for p in players if len(lines[p].bye_rounds) == fewest]
        assert len(lines[bye].bye_rounds) == fewest
        assert lines[bye].total == min(lines[p].total for p in candidates)
        top, bottom = ([lines[p].total for p in t if p is not None] for t in rnd.seating.tables)
        assert min(top) >= max(bottom)


def test_swiss_three_handed_with_a_computer_table() -> None:
    played = run(
        "swiss", [1, 2, 3, 4], 3, layout=THREE, fill="computers", scorer=lambda *_: (3, 2, 1)
    )
    for rnd in played:
        assert len(rnd.seating.tables) == 2 and rnd.seating.byes == ()
        assert rnd.seating.tables[1][1:] == (None, None)
        assert sorted(seated(rnd.seating)) == [1, 2, 3, 4]


def test_swiss_drops_leave_the_field() -> None:
    played = run("swiss", list(range(1, 9)), 1, seed=9)
    new = next_round("swiss", [1, 2, 3, 4, 5, 6, 7], played, EUCHRE, "computers", seed=9)
    assert sorted(seated(new)) == [1, 2, 3, 4, 5, 6, 7]
    assert Counter(new.tables[1])[None] == 1


def test_swiss_is_repeatable_from_the_seed() -> None:
    assert run("swiss", list(range(1, 14)), 4, seed=5) == run(
        "swiss", list(range(1, 14)), 4, seed=5
    )


@pytest.mark.parametrize("fmt", ["progressive", "swiss"])
@pytest.mark.parametrize("fill", ["computers", "bye"])
def test_everyone_still_in_gets_one_seat_or_a_bye_through_drops(fmt: Format, fill: Fill) -> None:
    for seed in range(40):
        draw = random.Random(seed)
        players = list(range(1, draw.randint(5, 20)))
        played: list[PlayedRound] = []
        for _ in range(5):
            if played and len(players) > 4 and draw.random() < 0.4:
                players.remove(draw.choice(players))
            seating = next_round(fmt, players, played, EUCHRE, fill, seed)
            assert sorted(seated(seating) + list(seating.byes)) == sorted(players)
            if fill == "bye":
                assert len(seating.byes) == len(players) % 4 and None not in sum(seating.tables, ())
            else:
                assert seating.byes == () and len(seating.tables) == -(-len(players) // 4)
            scores = [(draw.randint(0, 9), draw.randint(0, 9)) for _ in seating.tables]
            played.append(PlayedRound(seating, tuple(map(TableResult, scores))))
