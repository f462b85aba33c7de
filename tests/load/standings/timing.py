"""Timing the commands' answers on the seeded server: ``/leaderboard``, ``/stats``,
``/history`` and ``/modlog``, the answers with pictures (:mod:`.pictures`, their target
300 ms), and counting finished games.

Each measured answer is one small ``*_answer`` function doing what the command does
between the interaction and the reply: the repository calls and the embed (this tool sits
above the layers: it builds the embeds with :mod:`bot.ui` as the cogs do, so a figure is
the whole answer, sending aside). The check for results not counted yet, which the stats
commands make before answering, is a case of its own (``(counting)``), as is counting
one game, which holds the database while it runs.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import discord

from bot.ratings.updater import RatingUpdater
from bot.store.database import Database
from bot.store.moderation.modlog import ModLogFilter, ModLogRepository
from bot.store.standings.seasons import FIRST_SEASON, Season, SeasonRepository
from bot.store.standings.stats import BoardQuery, StatsRepository
from bot.ui.moderation.modlog import clamp_page as clamp_log_page
from bot.ui.moderation.modlog import modlog_embed
from bot.ui.stats.boards import ShownBoard
from bot.ui.stats.leaderboard import PAGE_SIZE, clamp_page, leaderboard_embed, page_count
from bot.ui.stats.message import history_embed, stats_embed

from .pictures import PICTURE_TARGET_MS, picture_cases
from .seed import GUILD_ID, INACTIVE_DAYS

TARGET_MS = 200.0
BOARD_GAME = "euchre"  # the most played game: the longest boards
COUNT_GAME, COUNT_PLAYERS = "flip", 4  # a board of one player count


# ----- the answers ---------------------------------------------------------------------------
async def leaderboard_answer(
    db: Database, guild_id: int, shown: ShownBoard, since: str, page: int
) -> discord.Embed:
    """``/leaderboard``: count the board, read the page, build its embed."""
    stats = StatsRepository(db)
    query = BoardQuery(guild_id, shown.variant, shown.board, since)
    total = await stats.ranked_count(query)
    page = clamp_page(page, total)
    entries = await stats.leaderboard(query, offset=page * PAGE_SIZE, limit=PAGE_SIZE)
    return leaderboard_embed(shown, entries, page, total)


async def stats_answer(db: Database, guild_id: int, user_id: int, since: str) -> discord.Embed:
    """``/stats`` of every game: the current season, the member's stats, the embed."""
    season = await SeasonRepository(db).current(guild_id)
    found = await StatsRepository(db).player(guild_id, user_id, season.number, active_since=since)
    shown_season = season if season.number > FIRST_SEASON else None
    return stats_embed(user_id, "Member", found, season=shown_season, inactive_days=INACTIVE_DAYS)


async def history_answer(db: Database, guild_id: int, user_id: int) -> discord.Embed:
    """``/history``: the member's last ten games and the embed."""
    entries = await StatsRepository(db).history(guild_id, user_id, limit=10)
    return history_embed(user_id, "Member", entries)


async def modlog_answer(
    db: Database, guild_id: int, where: ModLogFilter, page: int
) -> discord.Embed:
    """``/modlog``: count the filtered log, read the page, build its embed."""
    repo = ModLogRepository(db)
    total = await repo.count(guild_id, where)
    page = clamp_log_page(page, total)
    actions = await repo.page(guild_id, where, offset=page * PAGE_SIZE, limit=PAGE_SIZE)
    return modlog_embed(actions, where, page, total)


async def pending_answer(db: Database) -> int:
    """What the stats commands do first: count the results not counted yet (none)."""
    return await RatingUpdater(db).apply_pending()


class _Undo(Exception):
    """Rolls a measured write back."""


async def count_answer(db: Database, table_id: int) -> int:
    """Counting one finished game as the updater does after each game (its log is not
    replayed: the seeded games have none), then rolled back, so the file stays as seeded."""
    counted = 0
    try:
        async with db.transaction():
            await db.execute("DELETE FROM rated_results WHERE table_id = ?", (table_id,))
            await db.execute("DELETE FROM seat_records WHERE table_id = ?", (table_id,))
            await db.execute("DELETE FROM rating_changes WHERE table_id = ?", (table_id,))
            counted = await RatingUpdater(db).apply_pending()
            raise _Undo
    except _Undo:
        pass
    return counted


# ----- the cases -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Case:
    """One measured answer: the command, which case, and the call that answers it."""

    command: str
    case: str
    answer: Callable[[], Awaitable[object]]
    target: float = TARGET_MS


@dataclass(frozen=True)
class Timing:
    """A case's answer times in milliseconds, its last answer, and its target."""

    command: str
    case: str
    p50: float
    p95: float
    max: float
    answer: object
    target: float = TARGET_MS

    @property
    def fast_enough(self) -> bool:
        """Whether 95 answers in 100 come within the target."""
        return self.p95 < self.target


@dataclass(frozen=True)
class Server:
    """The seeded server as the cases need it: its seasons, the newest game (the "now"
    of inactivity), its busiest and a typical member, its busiest moderator."""

    guild_id: int
    season: Season
    newest: datetime
    busiest: int
    typical: int
    moderator: int
    biggest_game: int


async def discover(db: Database, guild_id: int = GUILD_ID) -> Server:
    """Read what the cases need from the seeded database (not timed)."""
    season = await SeasonRepository(db).current(guild_id)
    newest = await db.fetchone(
        "SELECT MAX(finished_at) FROM results WHERE guild_id = ?", (guild_id,)
    )
    played = await db.fetchall(
        "SELECT p.user_id, COUNT(*) AS games FROM result_players p JOIN results r"
        " USING (table_id) WHERE r.guild_id = ? AND p.user_id > 0 GROUP BY p.user_id"
        " ORDER BY games DESC, p.user_id",
        (guild_id,),
    )
    moderator = await db.fetchone(
        "SELECT moderator_id FROM mod_actions WHERE guild_id = ? GROUP BY moderator_id"
        " ORDER BY COUNT(*) DESC LIMIT 1",
        (guild_id,),
    )
    biggest = await db.fetchone(
        "SELECT table_id FROM results WHERE guild_id = ? ORDER BY players DESC, table_id DESC"
        " LIMIT 1",
        (guild_id,),
    )
    if newest is None or newest[0] is None or not played or moderator is None or biggest is None:
        raise ValueError(f"Server {guild_id} is not seeded: no games or no moderation log.")
    return Server(
        guild_id=guild_id,
        season=season,
        newest=datetime.fromisoformat(newest[0]),
        busiest=int(played[0]["user_id"]),
        typical=int(played[len(played) // 2]["user_id"]),
        moderator=int(moderator[0]),
        biggest_game=int(biggest[0]),
    )


async def board_cases(db: Database, server: Server) -> list[Case]:
    """``/leaderboard``: the current season's, all time's and one player count's board,
    each with and without the inactivity filter, on its first, middle and last page."""
    boards = [
        ("season", ShownBoard(BOARD_GAME, server.season)),
        ("all time", ShownBoard(BOARD_GAME, None)),
        (f"{COUNT_GAME} {COUNT_PLAYERS}p all time", ShownBoard(COUNT_GAME, None, COUNT_PLAYERS)),
    ]
    stats = StatsRepository(db)
    cases = []
    for name, everyone in boards:
        for days in (0, INACTIVE_DAYS):
            shown = ShownBoard(everyone.variant, everyone.season, everyone.players, days)
            since = shown.active_since(server.newest)
            query = BoardQuery(server.guild_id, shown.variant, shown.board, since)
            last = page_count(await stats.ranked_count(query)) - 1
            label = f"{name}{f', active {days} d' if days else ''}"
            for where, page in (("first", 0), ("middle", last // 2), ("last", last)):
                cases.append(
                    Case(
                        "/leaderboard",
                        f"{label}, {where} page ({page + 1})",
                        _call(leaderboard_answer, db, server.guild_id, shown, since, page),
                    )
                )
    return cases


def member_cases(db: Database, server: Server) -> list[Case]:
    """``/stats`` and ``/history`` of the busiest member and of a typical one."""
    since = ShownBoard("", server.season, inactive_days=INACTIVE_DAYS).active_since(server.newest)
    cases = []
    for who, user_id in (("busiest member", server.busiest), ("typical member", server.typical)):
        cases.append(Case("/stats", who, _call(stats_answer, db, server.guild_id, user_id, since)))
    for who, user_id in (("busiest member", server.busiest), ("typical member", server.typical)):
        cases.append(Case("/history", who, _call(history_answer, db, server.guild_id, user_id)))
    return cases


async def modlog_cases(db: Database, server: Server) -> list[Case]:
    """``/modlog``: the first page, one moderator's, one kind's, and the last page."""
    everything = ModLogFilter()
    total = await ModLogRepository(db).count(server.guild_id, everything)
    last = page_count(total) - 1
    pages = [
        ("first page", everything, 0),
        ("busiest moderator", ModLogFilter(moderator_id=server.moderator), 0),
        ("kind table_replace", ModLogFilter(kind="table_replace"), 0),
        (f"last page ({last + 1})", everything, last),
    ]
    return [
        Case("/modlog", name, _call(modlog_answer, db, server.guild_id, where, page))
        for name, where, page in pages
    ]


def counting_cases(db: Database, server: Server) -> list[Case]:
    """Counting results: the check every command makes before answering (nothing is
    pending), and counting the game with the most seats (the database waits meanwhile)."""
    return [
        Case("(counting)", "pending check, none pending", _call(pending_answer, db)),
        Case(
            "(counting)",
            f"one game, the most seats (#{server.biggest_game})",
            _call(count_answer, db, server.biggest_game),
        ),
    ]


def drawn_cases(db: Database, server: Server) -> list[Case]:
    """The answers with pictures (see :mod:`.pictures`), drawing included."""
    shown = ShownBoard(BOARD_GAME, server.season, inactive_days=INACTIVE_DAYS)
    since = shown.active_since(server.newest)
    members = (("busiest member", server.busiest), ("typical member", server.typical))
    return [
        Case(command, case, answer, PICTURE_TARGET_MS)
        for command, case, answer in picture_cases(db, server.guild_id, shown, since, members,
                                                   server.newest)
    ]


async def all_cases(db: Database, server: Server) -> list[Case]:
    """Every measured case, in the order printed."""
    return [
        *await board_cases(db, server),
        *member_cases(db, server),
        *drawn_cases(db, server),
        *await modlog_cases(db, server),
        *counting_cases(db, server),
    ]


def _call(answer: Callable[..., Awaitable[object]], *args: Any) -> Callable[[], Awaitable[object]]:
    return lambda: answer(*args)


# ----- measuring -----------------------------------------------------------------------------
async def measure(case: Case, repeat: int) -> Timing:
    """Answer the case ``repeat`` times (wall clock); p50, p95 and max in milliseconds."""
    times: list[float] = []
    answer = None
    for _ in range(max(1, repeat)):
        began = time.perf_counter()
        answer = await case.answer()
        times.append((time.perf_counter() - began) * 1000)
    assert answer is not None
    times.sort()
    p95 = times[max(0, math.ceil(0.95 * len(times)) - 1)]
    return Timing(case.command, case.case, statistics.median(times), p95, times[-1], answer,
                  case.target)


def answered(answer: object) -> bool:
    """Whether an embed has content: lines of a board, a log or games, or stats fields."""
    if not isinstance(answer, discord.Embed):
        return False
    embed, text = answer, answer.description or ""
    empty = ("Nobody", "hasn't finished", "No moderator action", "There is nothing")
    return bool(embed.fields) or (bool(text) and not any(word in text for word in empty))


def table(timings: list[Timing]) -> str:
    """The printed table: command, case, p50, p95, max and whether p95 meets the target."""
    width = max(len(t.case) for t in timings)
    lines = [f"{'command':<15}{'case':<{width}}  {'p50':>7}{'p95':>8}{'max':>8}  p95 < target"]
    for t in timings:
        verdict = ("yes" if t.fast_enough else "NO") + f" ({t.target:.0f} ms)"
        lines.append(
            f"{t.command:<15}{t.case:<{width}}  {t.p50:7.1f}{t.p95:8.1f}{t.max:8.1f}  {verdict}"
        )
    return "\n".join(lines)
