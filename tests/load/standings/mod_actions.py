"""A made-up moderation log for the benchmark server: a few thousand entries of every
kind over its two years, most by one or two busy moderators (the most active members)."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from .games import LEVELS, MEMBER_BASE, iso, member_id

MODERATOR_MIX = (8, 4, 2, 1, 1, 1, 1, 1)
ACTIONS_PER_GAME = 1 / 40
KIND_MIX = {"setting": 40, "table_end": 25, "table_replace": 20, "rating_reset": 12}
SETTING_VALUES: dict[str, tuple[Any, ...]] = {
    "turn_timer": (60, 90, 120, 180, 300),
    "computers_allowed": (True, False),
    "computer_level": ("easy", "normal", "hard"),
    "max_tables": (5, 10, 20, 40),
    "use_threads": (True, False),
    "pictures": (True, False),
    "four_colour": (True, False),
    "leaver_penalty": (True, False),
    "inactive_days": (0, 14, 30, 60),
}
Row = tuple[object, ...]


def mod_actions(
    rng: random.Random,
    guild_id: int,
    span: tuple[float, float, float],
    variants: Sequence[str],
    members: int,
    pseudonyms: Sequence[int],
) -> list[Row]:
    """The log's rows (guild, moderator, kind, table, member, detail, created_at) in the
    order they happened. ``span`` is (first game, newest game, season 2's start) as POSIX
    times; ``variants`` the game of each table id (from 1); ``members`` how many there are;
    ``pseudonyms`` the former members (half of them erased by a moderator)."""
    start, end, season_start = span
    count = max(len(KIND_MIX), round(len(variants) * ACTIONS_PER_GAME))
    moderators = [MEMBER_BASE + i for i in range(len(MODERATOR_MIX))]
    timed: list[tuple[float, Row]] = []
    kinds = list(KIND_MIX)
    for i in range(count):
        kind = kinds[i] if i < len(kinds) else rng.choices(kinds, list(KIND_MIX.values()))[0]
        moderator = rng.choices(moderators, MODERATOR_MIX)[0]
        table: int | None = rng.randint(1, len(variants)) if variants else None
        member: int | None = member_id(rng.randrange(max(1, members)))
        detail: dict[str, Any]
        if kind == "setting":
            key = rng.choice(list(SETTING_VALUES))
            detail = {
                "key": key,
                "old": rng.choice(SETTING_VALUES[key]),
                "new": rng.choice(SETTING_VALUES[key]),
            }
            table = member = None
        elif kind == "table_end":
            detail = {"status": "abandoned", "variant": variants[table - 1] if table else ""}
            member = None
        elif kind == "table_replace":
            detail = {"seat": rng.randint(1, 4), "level": rng.choice(LEVELS), "status": "playing"}
        else:
            detail = {"variant": rng.choice(variants) if variants else "euchre", "season": 2}
            table = None
        when = rng.uniform(start, end)
        timed.append((when, (guild_id, moderator, kind, table, member, json.dumps(detail), "")))
    detail = {"number": 2, "name": "Spring league", "closed": "Season 1", "closed_number": 1}
    season = (guild_id, moderators[0], "season_start", None, None, json.dumps(detail), "")
    timed.append((season_start, season))
    for pseudonym in pseudonyms[::2]:
        erased = (guild_id, rng.choice(moderators), "data_deletion", None, pseudonym, "{}", "")
        timed.append((rng.uniform(season_start, end), erased))
    timed.sort(key=lambda t: t[0])
    return [(*row[:-1], iso(when)) for when, row in timed]
