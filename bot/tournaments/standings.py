"""The tournament ranking: each player's round scores, totals and tie-breaks (pure).

A player's round score is what their side scored at their table; a bye scores the round's
average (all people who sat, rounded half up). Players are ordered by total, then rounds
won, then loners made, then head to head; players no tie-break separates share a rank.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from fractions import Fraction

from .models import Layout, PlayedRound, Standing


def round_half_up(value: Fraction) -> int:
    """The nearest whole number, halves going up (2.5 → 3, -2.5 → -2)."""
    return math.floor(value + Fraction(1, 2))


def standings(
    players: Sequence[int], played: Sequence[PlayedRound], layout: Layout
) -> tuple[Standing, ...]:
    """Rank everyone in ``players`` or seated in any played round (computers never rank).

    Order: total, rounds won, loners made, then head to head (among the players still
    tied: rounds they sat at one table on opposite sides and outscored the other). Players
    still equal share a rank (1, 2, 2, 4) and keep their order of first appearance
    (``players`` first, then as seated).
    """
    everyone: dict[int, None] = dict.fromkeys(players)
    for rnd in played:
        for table in rnd.seating.tables:
            everyone.update((p, None) for p in table if p is not None)
        everyone.update(dict.fromkeys(rnd.seating.byes))

    count = len(played)
    scores: dict[int, list[int]] = {p: [0] * count for p in everyone}
    byes: dict[int, list[int]] = defaultdict(list)
    won: Counter[int] = Counter()
    loners: Counter[int] = Counter()
    beat: Counter[tuple[int, int]] = Counter()  # (a, b): rounds a's side outscored b's

    for index, rnd in enumerate(played):
        sat: list[int] = []
        for table, result in zip(rnd.seating.tables, rnd.results, strict=True):
            sides = [[table[s] for s in side] for side in layout.sides]
            for side_index, side in enumerate(sides):
                mine = result.scores[side_index]
                others = [sc for i, sc in enumerate(result.scores) if i != side_index]
                for player in side:
                    if player is None:
                        continue
                    scores[player][index] = mine
                    sat.append(mine)
                    if all(mine > other for other in others):
                        won[player] += 1
                    for other_index, other_side in enumerate(sides):
                        if other_index != side_index and mine > result.scores[other_index]:
                            beat.update((player, o) for o in other_side if o is not None)
            for player, made in result.loners.items():
                loners[player] += made
        average = round_half_up(Fraction(sum(sat), len(sat))) if sat else 0
        for player in rnd.seating.byes:
            scores[player][index] = average
            byes[player].append(index + 1)

    def base(p: int) -> tuple[int, int, int]:
        return (sum(scores[p]), won[p], loners[p])

    # Group by (total, won, loners); inside a group, head-to-head wins within the group.
    groups: dict[tuple[int, int, int], list[int]] = defaultdict(list)
    for p in everyone:
        groups[base(p)].append(p)
    ordered: list[tuple[tuple[int, int, int, int], int]] = []
    for key in sorted(groups, reverse=True):
        group = groups[key]
        h2h = {p: sum(beat[(p, q)] for q in group if q != p) for p in group}
        members = sorted(group, key=lambda p: -h2h[p])
        ordered.extend(((*key, h2h[p]), p) for p in members)

    lines: list[Standing] = []
    for position, (place, player) in enumerate(ordered):
        rank, tie_break = position + 1, ""
        if position:
            above_key = ordered[position - 1][0]
            if place == above_key:
                rank = lines[-1].rank
            elif place[0] == above_key[0]:
                tie_break = (
                    "rounds won"
                    if place[1] != above_key[1]
                    else "loners made"
                    if place[2] != above_key[2]
                    else "head to head"
                )
        lines.append(
            Standing(
                rank=rank,
                user_id=player,
                rounds=tuple(scores[player]),
                total=place[0],
                rounds_won=place[1],
                loners=place[2],
                bye_rounds=tuple(byes[player]),
                tie_break=tie_break,
            )
        )
    return tuple(lines)
