"""Who sits where each round (pure, deterministic from a seed).

Each round draws from ``random.Random(f"{seed}/{round index}")`` (round index 0 for the
first round), so one tournament seed gives a different but repeatable draw every round.

Players short of a full table: with ``fill="computers"`` they sit at one last (bottom)
table with computers (``None``) in the empty seats, placed so that people partner people
where they can (see :func:`people_seats`); with ``fill="bye"`` they sit the round out.
Byes go to the players with the fewest byes so far, then the lowest total so far, then
the seed draw; nobody gets a bye when the players divide exactly into tables.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import permutations, product

from .models import Fill, Format, Layout, PlayedRound, RoundSeating, SeatHolder
from .standings import standings

Table = list[SeatHolder]
Pairs = set[frozenset[int]]


def _rng(seed: int, round_index: int) -> random.Random:
    return random.Random(f"{seed}/{round_index}")


def _sizes(count: int, layout: Layout, fill: Fill) -> tuple[int, int]:
    """(tables, byes) for ``count`` players; raises ValueError when they cannot play."""
    if count < 1:
        raise ValueError("A tournament round needs at least one player.")
    if fill == "computers":
        return math.ceil(count / layout.seats), 0
    if count < layout.seats:
        raise ValueError(
            f"{count} player(s) cannot fill a {layout.seats}-seat table; "
            "fill the empty seats with computers instead of byes."
        )
    return count // layout.seats, count % layout.seats


def people_seats(count: int, layout: Layout) -> list[int]:
    """The seats ``count`` people take at a table completed by computers.

    People are spread over the sides so that as few as possible are the only person on
    a partnership side (so two people are partners, three in Euchre are a pair and one
    person partnered by a computer); among equals, earlier sides fill first.
    """
    best: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    for counts in product(*(range(len(side) + 1) for side in layout.sides)):
        if sum(counts) != count:
            continue
        alone = sum(
            1 for c, side in zip(counts, layout.sides, strict=True) if c == 1 and len(side) > 1
        )
        key = (alone, *(-c for c in counts))
        if best is None or key < best[0]:
            best = (key, counts)
    if best is None:
        raise ValueError(f"{count} people do not fit a {layout.seats}-seat table.")
    return sorted(
        s for side, c in zip(layout.sides, best[1], strict=True) for s in sorted(side)[:c]
    )


def _deal(order: Sequence[int], layout: Layout) -> list[Table]:
    """Full tables in ``order`` (top table first), then the rest at a computer table."""
    seats = layout.seats
    tables: list[Table] = [list(order[i : i + seats]) for i in range(0, len(order), seats)]
    if tables and len(tables[-1]) < seats:
        people = tables.pop()
        table: Table = [None] * seats
        for seat, person in zip(people_seats(len(people), layout), people, strict=True):
            table[seat] = person
        tables.append(table)
    return tables


def _partnered(played: Sequence[PlayedRound], layout: Layout) -> Pairs:
    """Every pair of people who have sat on one side."""
    pairs: Pairs = set()
    for rnd in played:
        for table in rnd.seating.tables:
            for side in layout.sides:
                people = [p for s in side if (p := table[s]) is not None]
                pairs.update(frozenset((a, b)) for a in people for b in people if a != b)
    return pairs


def _repeats(table: Table, layout: Layout, pairs: Pairs) -> int:
    """How many partnerships at ``table`` have been played before."""
    count = 0
    for side in layout.sides:
        people = [p for s in side if (p := table[s]) is not None]
        count += sum(
            frozenset((a, b)) in pairs for i, a in enumerate(people) for b in people[i + 1 :]
        )
    return count


def _arrangements(table: Table, layout: Layout) -> list[Table]:
    """The table's distinct partnership splits (people move, computer seats stay put)."""
    if not layout.partnership:
        return [list(table)]
    seats = [s for s, p in enumerate(table) if p is not None]
    found: dict[frozenset[frozenset[int]], Table] = {}
    for perm in permutations(table[s] for s in seats):
        option = list(table)
        for seat, person in zip(seats, perm, strict=True):
            option[seat] = person
        key = frozenset(
            frozenset(p for s in side if (p := option[s]) is not None) for side in layout.sides
        )
        found.setdefault(key, option)
    return list(found.values())


def _arrange(table: Table, layout: Layout, pairs: Pairs, rng: random.Random) -> Table:
    """The split with the fewest repeated partnerships, the seed drawing among equals."""
    options = _arrangements(table, layout)
    rng.shuffle(options)
    return min(options, key=lambda option: _repeats(option, layout, pairs))


def _fewest_repeats(table: Table, layout: Layout, pairs: Pairs) -> int:
    return min(_repeats(option, layout, pairs) for option in _arrangements(table, layout))


def _draw(players: Sequence[int], rng: random.Random) -> dict[int, float]:
    return {p: rng.random() for p in sorted(players)}


def _byes(
    players: Sequence[int],
    played: Sequence[PlayedRound],
    layout: Layout,
    count: int,
    draw: dict[int, float],
) -> list[int]:
    """The ``count`` players to sit out: fewest byes, then lowest total, then the draw."""
    if not count:
        return []
    lines = {s.user_id: s for s in standings(players, played, layout)}
    ranked = sorted(players, key=lambda p: (len(lines[p].bye_rounds), lines[p].total, draw[p]))
    return ranked[:count]


def first_round(players: Sequence[int], layout: Layout, fill: Fill, seed: int) -> RoundSeating:
    """Seats drawn at random from the seed; short players get a computer table or byes."""
    _, bye_count = _sizes(len(players), layout, fill)
    draw = _draw(players, _rng(seed, 0))
    byes = _byes(players, (), layout, bye_count, draw)
    order = sorted((p for p in players if p not in byes), key=draw.__getitem__)
    return RoundSeating(tuple(map(tuple, _deal(order, layout))), tuple(sorted(byes)))


def next_round(
    fmt: Format,
    players: Sequence[int],
    played: Sequence[PlayedRound],
    layout: Layout,
    fill: Fill,
    seed: int,
) -> RoundSeating:
    """The seating after ``played`` (the first round when nothing was played yet).

    Progressive (four seats, two sides of two only): at each table the side that scored
    more moves up a table (staying at the top) and the other moves down (staying at the
    bottom); a tie goes up for the side whose people have the higher tournament total
    so far, then by seed draw. Each new table splits both arriving pairs, so nobody keeps
    the partner they just had (of the two splits, the one repeating fewer earlier
    partnerships, then the seed draw). Computers move like players. Then the new byes
    (by the bye rule) leave their seats to the players returning from a bye or joining,
    and a dropped player's seat goes to one of those, else to a computer. When the table
    count no longer fits the players (drops, joins), the tables are rebuilt: people in
    their moved order, top table first, then the returning, dealt into tables afresh.

    Swiss (any layout): byes first, then players by total (then the seed draw) fill the
    tables, the best at the top. At a partnership table the split repeating no earlier
    partnership is chosen; if every split repeats one, one of the table's players swaps
    with one of the next table's: the swap leaving this table the fewest repeats, then
    the two tables together, then the nearest in rank (lowest here, highest there); no
    swap unless it helps. The seed draws among equally fresh splits.
    """
    if fmt == "progressive" and not layout.four_in_pairs:
        raise ValueError("Progressive movement needs four seats in two partnerships of two.")
    if not played:
        return first_round(players, layout, fill, seed)
    if fmt == "progressive":
        return _progressive(players, played, layout, fill, seed)
    return _swiss(players, played, layout, fill, seed)


def _swiss(
    players: Sequence[int], played: Sequence[PlayedRound], layout: Layout, fill: Fill, seed: int
) -> RoundSeating:
    _, bye_count = _sizes(len(players), layout, fill)
    rng = _rng(seed, len(played))
    draw = _draw(players, rng)
    byes = _byes(players, played, layout, bye_count, draw)
    totals = {s.user_id: s.total for s in standings(players, played, layout)}
    order = sorted((p for p in players if p not in byes), key=lambda p: (-totals[p], draw[p]))
    tables = _deal(order, layout)
    pairs = _partnered(played, layout)
    for t, table in enumerate(tables):
        if t + 1 < len(tables) and _fewest_repeats(table, layout, pairs):
            tables[t], tables[t + 1] = _swap(table, tables[t + 1], layout, pairs)
        tables[t] = _arrange(tables[t], layout, pairs, rng)
    return RoundSeating(tuple(map(tuple, tables)), tuple(sorted(byes)))


def _swap(upper: Table, lower: Table, layout: Layout, pairs: Pairs) -> tuple[Table, Table]:
    """The one-for-one swap leaving ``upper`` the fewest repeats (then both tables the
    fewest), if it beats no swap; the nearest-ranked swap among equals."""
    best = (upper, lower)
    top = _fewest_repeats(upper, layout, pairs)
    best_key = (top, top + _fewest_repeats(lower, layout, pairs))
    for a in [s for s in reversed(range(len(upper))) if upper[s] is not None]:
        for b in [s for s in range(len(lower)) if lower[s] is not None]:
            new_upper, new_lower = list(upper), list(lower)
            new_upper[a], new_lower[b] = lower[b], upper[a]
            top = _fewest_repeats(new_upper, layout, pairs)
            key = (top, top + _fewest_repeats(new_lower, layout, pairs))
            if key < best_key:
                best, best_key = (new_upper, new_lower), key
    return best


def _progressive(
    players: Sequence[int], played: Sequence[PlayedRound], layout: Layout, fill: Fill, seed: int
) -> RoundSeating:
    target, bye_count = _sizes(len(players), layout, fill)
    rng = _rng(seed, len(played))
    draw = _draw(players, rng)
    pairs = _partnered(played, layout)
    grid = _move(played, layout, pairs, rng)

    present = set(players)
    byes = _byes(players, played, layout, bye_count, draw)
    seated = {p for table in grid for p in table if p is not None and p in present}
    waiting = sorted(
        (p for p in players if p not in seated and p not in byes), key=draw.__getitem__
    )

    if len(grid) != target:  # rebuild: moved order, then the returning
        order = [p for table in grid for p in table if p in seated and p not in byes]
        tables = _deal(order + waiting, layout)
        tables = [_arrange(table, layout, pairs, rng) for table in tables]
        return RoundSeating(tuple(map(tuple, tables)), tuple(sorted(byes)))

    cells = [(t, s) for t in range(len(grid)) for s in range(layout.seats)]
    holes = [(t, s) for t, s in cells if grid[t][s] is not None and grid[t][s] not in present]
    holes += [(t, s) for t, s in cells if grid[t][s] in byes]
    holes += [(t, s) for t, s in cells if grid[t][s] is None]
    for t, s in holes:
        grid[t][s] = waiting.pop(0) if waiting else None
    return RoundSeating(tuple(map(tuple, grid)), tuple(sorted(byes)))


def _move(
    played: Sequence[PlayedRound], layout: Layout, pairs: Pairs, rng: random.Random
) -> list[Table]:
    """Last round's tables after progressive movement (dropped players still in them)."""
    last = played[-1]
    totals = {s.user_id: s.total for s in standings((), played, layout)}
    count = len(last.seating.tables)
    arriving: list[list[tuple[SeatHolder, ...]]] = [[] for _ in range(count)]
    for t, (table, result) in enumerate(zip(last.seating.tables, last.results, strict=True)):
        sides = [tuple(table[s] for s in side) for side in layout.sides]
        first, second = result.scores[0], result.scores[1]
        if first == second:
            first, second = (sum(totals.get(p, 0) for p in side if p is not None) for side in sides)
        up = 0 if first > second else 1 if second > first else rng.randrange(2)
        arriving[max(t - 1, 0)].append(sides[up])
        arriving[min(t + 1, count - 1)].append(sides[1 - up])

    grid: list[Table] = []
    (a0, a1), (b0, b1) = layout.sides
    for pair, other in arriving:
        splits = [((pair[0], other[0]), (pair[1], other[1]))]
        splits.append(((pair[0], other[1]), (pair[1], other[0])))
        rng.shuffle(splits)
        options: list[Table] = []
        for (p, q), (r, s) in splits:
            option: Table = [None] * layout.seats
            option[a0], option[a1], option[b0], option[b1] = p, q, r, s
            options.append(option)
        grid.append(min(options, key=lambda option: _repeats(option, layout, pairs)))
    return grid
