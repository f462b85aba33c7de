"""Seeding the benchmark database: one busy server's finished games over about two years,
its members' ratings on every board, two seasons and a moderation log.

Rows are made in Python from a seeded RNG and written with ``executemany``, one
transaction per chunk of games. The rating updater would take hours (it replays every
game), so ratings come from a cheap stand-in update: mu, sigma, games, wins and
last_played stay plausible and agree with the seat records and departures of each game,
but they are not openskill's numbers. Members' activity is skewed (weight ``1/(rank+15)``:
the most active play thousands of games, most a handful); every member plays at least once
(their first game falls at a random time). Action logs are not written: no command
measured here reads them, and they would dominate the file's size on a real server.
"""

from __future__ import annotations

import itertools
import json
import random
import time
from collections import defaultdict
from dataclasses import dataclass, field

from bot.store.backends.sqlite import SqliteDatabase
from bot.store.database import Database
from bot.store.standings.values import DEFAULT_MU, DEFAULT_SIGMA

from .games import (
    MEMBER_BASE,
    NO_CHANGE,
    SeatGame,
    computer_level,
    computer_strength,
    iso,
    maybe_leaver,
    member_id,
    pick_game,
    play,
    seat_records,
    side_count,
)
from .games import win_chance as hand_chance
from .mod_actions import mod_actions

#: The partnerships of every counted game (what counting each one would have added).
PAIRS_FROM_RESULTS = (
    "INSERT INTO pairs (guild_id, variant, season, first_id, second_id, games, wins)"
    " SELECT r.guild_id, r.variant, scope.season, a.user_id, b.user_id, COUNT(*), SUM(a.won)"
    " FROM result_players a JOIN result_players b ON b.table_id = a.table_id"
    " AND b.side = a.side AND a.user_id < b.user_id"
    " JOIN results r ON r.table_id = a.table_id"
    " JOIN (SELECT table_id, season FROM rated_results"
    "  UNION ALL SELECT table_id, 0 FROM rated_results) scope ON scope.table_id = a.table_id"
    " GROUP BY r.guild_id, r.variant, scope.season, a.user_id, b.user_id"
)

#: Each season rating's last change and lowest skill, from the seat records (as migration
#: 0010 fills them in for games counted before it).
RATINGS_FROM_RESULTS = (
    "UPDATE ratings SET last_change = (SELECT (s.mu_after - 3 * s.sigma_after)"
    " - (s.mu_before - 3 * s.sigma_before) FROM seat_records s"
    " JOIN results r ON r.table_id = s.table_id JOIN rated_results k ON k.table_id = s.table_id"
    " WHERE s.user_id = ratings.user_id AND r.guild_id = ratings.guild_id"
    " AND r.variant = ratings.variant AND k.season = ratings.season"
    " AND s.mu_after IS NOT NULL AND s.mu_before IS NOT NULL"
    " ORDER BY r.finished_at DESC, r.table_id DESC LIMIT 1),"
    " lowest = (SELECT MIN(s.mu_after - 3 * s.sigma_after) FROM seat_records s"
    " JOIN results r ON r.table_id = s.table_id JOIN rated_results k ON k.table_id = s.table_id"
    " WHERE s.user_id = ratings.user_id AND r.guild_id = ratings.guild_id"
    " AND r.variant = ratings.variant AND k.season = ratings.season AND s.mu_after IS NOT NULL)"
    " WHERE season > 0 AND players = 0 AND user_id IS NOT NULL"
)

GUILD_ID = 700_000_000_000_000_001
CHANNEL_ID = 700_000_000_000_000_002
CHUNK = 5_000  # games per transaction
DAYS = 730
SEASON_DAYS = 90  # the current season (2) started this long before the newest game
PERSON_SHARE = 0.65  # the chance a seat after the host's is a person's
FORMER_RATE = 1 / 2000  # members who erased their data
SKILL_STEP = 6.0  # how far one game moves mu at the starting sigma (times won - expected)
INACTIVE_DAYS = 30  # the server's inactive_days setting

_INSERTS = {
    "tables": "INSERT INTO tables (id, guild_id, channel_id, host_id, variant, players, options,"
    " seed, status, created_at, updated_at, shown_status)"
    " VALUES (?, ?, ?, ?, ?, ?, '{}', ?, 'finished', ?, ?, 'finished')",
    "seats": "INSERT INTO seats (table_id, seat, user_id, computer_level, standin)"
    " VALUES (?, ?, ?, ?, ?)",
    "results": "INSERT INTO results (table_id, guild_id, variant, players, finished_at,"
    " winner_side, final_scores, hands_played, hand_scores) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    "result_players": "INSERT INTO result_players (table_id, seat, side, user_id,"
    " computer_level, standin, won) VALUES (?, ?, ?, ?, ?, ?, ?)",
    "rated_results": "INSERT INTO rated_results (table_id, rated_at, season) VALUES (?, ?, ?)",
    "seat_records": "INSERT INTO seat_records (table_id, seat, user_id, moons, loners,"
    " loners_made, jambones, jambones_made, jamborees, euchred, mu_before, sigma_before,"
    " mu_after, sigma_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    "departures": "INSERT INTO departures (table_id, seat, user_id, computer_level, why,"
    " hand_number, counts_as_loss, departed_at, returned_at, mu_before, sigma_before,"
    " mu_after, sigma_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    "rating_changes": "INSERT INTO rating_changes (guild_id, variant, season, players,"
    " finished_at, table_id, user_id, ordinal_before, games_before, last_played_before)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
}
_RATING_INSERT = (
    "INSERT INTO ratings (guild_id, variant, season, players, user_id, computer_level, mu,"
    " sigma, ordinal, games, wins, last_played, updated_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
Rating = list[float | int | str]  # mu, sigma, games, wins, last_played


@dataclass(frozen=True)
class SeedPlan:
    """What to seed: how many games and members, the RNG seed, and when the newest game
    finished (now by default)."""

    games: int = 100_000
    members: int = 10_000
    seed: int = 1
    guild_id: int = GUILD_ID
    end: float = field(default_factory=time.time)


@dataclass(frozen=True)
class SeedSummary:
    """What the seeding wrote, and how long it took."""

    games: int
    members: int
    ratings: int
    mod_actions: int
    seconds: float


class _Server:
    """The made-up server: its members, the games so far and everyone's ratings."""

    def __init__(self, plan: SeedPlan) -> None:
        self.plan = plan
        self.rng = rng = random.Random(plan.seed)
        self.start = plan.end - DAYS * 86400
        self.season_start = plan.end - SEASON_DAYS * 86400
        members = plan.members
        self.weights = list(itertools.accumulate(1.0 / (i + 15) for i in range(members)))
        self.skill = [rng.gauss(DEFAULT_MU, 4.0) for _ in range(members)]
        self.debuts: dict[int, list[int]] = defaultdict(list)
        for index in rng.sample(range(members), members):
            self.debuts[rng.randrange(plan.games)].append(index)
        self.waiting: list[int] = []
        quiet = range(members // 2, members)
        former = rng.sample(quiet, min(len(quiet), max(1, round(members * FORMER_RATE))))
        self.former = {index: -(k + 1) for k, index in enumerate(sorted(former))}
        self.ratings: dict[tuple[int | str, str, int, int], Rating] = {}
        self.variants: list[str] = []
        self.rows: dict[str, list[tuple[object, ...]]] = {name: [] for name in _INSERTS}

    def user(self, index: int) -> int:
        """A member's id in the stored games (a pseudonym once they erased their data)."""
        return self.former.get(index, member_id(index))

    def people(self, game: int, wanted: int) -> list[int]:
        """``wanted`` distinct members for a game: those whose first game it is, then
        members drawn by activity."""
        self.waiting.extend(self.debuts.pop(game, ()))
        chosen: list[int] = []
        while self.waiting and len(chosen) < wanted and self.waiting[-1] not in chosen:
            chosen.append(self.waiting.pop())
        for _ in range(wanted * 3):
            if len(chosen) == wanted:
                break
            index = self.rng.choices(range(len(self.weights)), cum_weights=self.weights)[0]
            if index not in chosen:
                chosen.append(index)
        return chosen

    def game(self, number: int) -> None:
        """Make up game ``number`` (from 0, in the order they finished) and queue its rows."""
        rng, table_id = self.rng, number + 1
        ts = self.start + (number + rng.random()) * (self.plan.end - self.start) / self.plan.games
        finished = iso(ts)
        season = 2 if ts >= self.season_start else 1
        variant, players = pick_game(rng)
        self.variants.append(variant)
        sides = side_count(variant, players)
        wanted = 1 + sum(rng.random() < PERSON_SHARE for _ in range(players - 1))
        people = self.people(number, wanted)
        holders: list[int | str] = [*people]
        holders += [computer_level(rng) for _ in range(players - len(people))]
        if len(holders) > 1:
            rest = holders[1:]
            rng.shuffle(rest)
            holders[1:] = rest
        strengths = [self._strength(h) for h in holders]
        side_skill = [sum(strengths[s::sides]) / len(strengths[s::sides]) for s in range(sides)]
        played = play(variant, side_skill, rng)
        host = self.user(people[0])
        self.rows["tables"].append(
            (
                table_id,
                self.plan.guild_id,
                CHANNEL_ID,
                host,
                variant,
                players,
                number,
                iso(ts - rng.uniform(600, 3600)),
                finished,
            )
        )
        self.rows["results"].append(
            (
                table_id,
                self.plan.guild_id,
                variant,
                players,
                finished,
                played.winner_side,
                json.dumps(list(played.final_scores)),
                len(played.hand_scores),
                json.dumps([list(h) for h in played.hand_scores]),
            )
        )
        self.rows["rated_results"].append((table_id, finished, season))
        game = SeatGame(
            variant,
            season,
            players,
            sides,
            side_skill,
            played.winner_side,
            finished,
            maybe_leaver(rng, holders, len(played.hand_scores), ts),
            table_id,
        )
        for seat, holder in enumerate(holders):
            self._seat(table_id, seat, holder, game)

    def _strength(self, holder: int | str) -> float:
        return computer_strength(holder) if isinstance(holder, str) else self.skill[holder]

    def _seat(self, table_id: int, seat: int, holder: int | str, game: SeatGame) -> None:
        """Queue one seat's rows and update the ratings it changes."""
        side = seat % game.sides
        won = side == game.winner
        chance = hand_chance(game.side_skill, side)
        records = seat_records(game.variant, self.rng)
        rows, leaver = self.rows, game.leaver
        if isinstance(holder, str):
            self._rate(holder, game, won, chance)
            rows["seats"].append((table_id, seat, None, holder, 0))
            rows["result_players"].append((table_id, seat, side, None, holder, 0, int(won)))
            rows["seat_records"].append((table_id, seat, None, *records, *NO_CHANGE))
            return
        user = self.user(holder)
        if leaver is None or leaver.seat != seat:
            change = self._rate(holder, game, won, chance)
            rows["seats"].append((table_id, seat, user, None, 0))
            rows["result_players"].append((table_id, seat, side, user, None, 0, int(won)))
            rows["seat_records"].append((table_id, seat, user, *records, *change))
            return
        penalised = leaver.counts and not leaver.returned
        change = NO_CHANGE
        if penalised or leaver.why == "timeouts":  # a loss, or the game they came back to
            change = self._rate(holder, game, won and not penalised, chance)
        if leaver.why == "timeouts":  # a stand-in held the seat (or the member took it back)
            standin = 0 if leaver.returned else 1
            level = None if leaver.returned else leaver.level
            rows["seats"].append((table_id, seat, user, level, standin))
            rows["result_players"].append((table_id, seat, side, user, None, standin, int(won)))
            kept = NO_CHANGE if penalised else change
            rows["seat_records"].append((table_id, seat, user, *records, *kept))
        else:  # the computer kept the seat: the seat's record is the computer's
            self._rate(leaver.level, game, won, chance)
            rows["seats"].append((table_id, seat, None, leaver.level, 0))
            rows["result_players"].append((table_id, seat, side, None, leaver.level, 0, int(won)))
            rows["seat_records"].append((table_id, seat, None, *records, *NO_CHANGE))
        rows["departures"].append(
            (
                table_id,
                seat,
                user,
                leaver.level,
                leaver.why,
                leaver.hand,
                int(leaver.counts),
                leaver.at,
                leaver.at if leaver.returned else None,
                *(change if penalised else NO_CHANGE),
            )
        )

    def _rate(
        self, holder: int | str, game: SeatGame, won: bool, chance: float
    ) -> tuple[float | None, ...]:
        """Count a game on every board of its player (the stand-in update); the season
        board's (mu, sigma) before and after, as its seat record keeps them."""
        season = game.season
        boards = [(season, 0), (0, 0)]
        if game.variant in ("flip", "railroad"):
            boards += [(season, game.players), (0, game.players)]
        first: tuple[float | None, ...] = NO_CHANGE
        for scope, count in boards:
            key = (holder, game.variant, scope, count)
            rating = self.ratings.setdefault(key, [DEFAULT_MU, DEFAULT_SIGMA, 0, 0, ""])
            mu, sigma = float(rating[0]), float(rating[1])
            if isinstance(holder, int):
                self.rows["rating_changes"].append((
                    self.plan.guild_id, game.variant, scope, count, game.finished, game.table_id,
                    self.user(holder), mu - 3 * sigma if rating[2] else None, rating[2],
                    rating[4],
                ))
                step = SKILL_STEP * (sigma / DEFAULT_SIGMA) ** 2 * (int(won) - chance)
                rating[0], rating[1] = mu + step, max(1.0, sigma * 0.97)
            rating[2] = int(rating[2]) + 1
            rating[3] = int(rating[3]) + int(won)
            rating[4] = game.finished
            if (scope, count) == (season, 0) and isinstance(holder, int):
                first = (mu, sigma, float(rating[0]), float(rating[1]))
        return first

    def rating_rows(self) -> list[tuple[object, ...]]:
        """Every board's ratings: people's (not former members') and computer levels'."""
        from bot.ratings import COMPUTER_SKILL

        rows: list[tuple[object, ...]] = []
        for (holder, variant, season, players), rating in self.ratings.items():
            _, _, games, wins, last = rating
            if isinstance(holder, str):
                skill = COMPUTER_SKILL[holder]
                mu, sigma, user, level = skill.mu, skill.sigma, None, holder
            elif holder in self.former:
                continue
            else:
                mu, sigma = float(rating[0]), float(rating[1])
                user, level = member_id(holder), None
            rows.append(
                (
                    self.plan.guild_id,
                    variant,
                    season,
                    players,
                    user,
                    level,
                    mu,
                    sigma,
                    mu - 3 * sigma,
                    games,
                    wins,
                    last,
                    last,
                )
            )
        return rows


async def seed(db: Database, plan: SeedPlan) -> SeedSummary:
    """Write the plan's server into an empty, migrated SQLite database (with the
    connection's own executemany: the fastest way in)."""
    assert isinstance(db, SqliteDatabase), "the standings benchmark seeds a SQLite file"
    conn = db.conn
    began = time.perf_counter()
    server = _Server(plan)
    for first in range(0, plan.games, CHUNK):
        for number in range(first, min(plan.games, first + CHUNK)):
            server.game(number)
        async with db.transaction():
            for name, sql in _INSERTS.items():
                await conn.executemany(sql, server.rows[name])
                server.rows[name].clear()
    ratings = server.rating_rows()
    actions = mod_actions(
        server.rng,
        plan.guild_id,
        (server.start, plan.end, server.season_start),
        server.variants,
        plan.members,
        sorted(server.former.values(), reverse=True),
    )
    async with db.transaction():
        await conn.executemany(_RATING_INSERT, ratings)
        await conn.executemany(
            "INSERT INTO mod_actions (guild_id, moderator_id, kind, table_id, member_id,"
            " detail, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            actions,
        )
        await conn.executemany(
            "INSERT INTO seasons (guild_id, number, name, started_at, ended_at, started_by)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [
                (plan.guild_id, 1, "Season 1", "", iso(server.season_start), None),
                (plan.guild_id, 2, "Spring league", iso(server.season_start), None, MEMBER_BASE),
            ],
        )
        await conn.executemany(
            "INSERT INTO former_members (id, guild_id, erased_at) VALUES (?, ?, ?)",
            [(-p, plan.guild_id, iso(plan.end)) for p in server.former.values()],
        )
        await conn.execute(
            "INSERT INTO guild_settings (guild_id, key, value, updated_by, updated_at)"
            " VALUES (?, 'inactive_days', ?, ?, ?)",
            (plan.guild_id, json.dumps(INACTIVE_DAYS), MEMBER_BASE, iso(plan.end)),
        )
        await conn.execute(PAIRS_FROM_RESULTS)  # what counting each game would have added
        await conn.execute(RATINGS_FROM_RESULTS)
    await db.fetchone("PRAGMA wal_checkpoint(TRUNCATE)")
    return SeedSummary(
        games=plan.games,
        members=plan.members,
        ratings=len(ratings),
        mod_actions=len(actions),
        seconds=time.perf_counter() - began,
    )


async def seeded_games(db: Database, guild_id: int = GUILD_ID) -> int:
    """How many finished games the server already has (0: not seeded)."""
    row = await db.fetchone("SELECT COUNT(*) FROM results WHERE guild_id = ?", (guild_id,))
    return int(row[0]) if row else 0
