"""The leaderboard message: one page of a board of ratings and its page buttons.

The Previous / Next buttons carry the guild, the game, the board (season or all time, and
player count) and the page they lead to in their custom id, so they keep working after a
restart: ``bower-board:{guild}:{game}:s{season}:p{players}:{page}`` (season 0 is all
time, players 0 every count), ending ``:pairs`` on a board of pairs of partners. Buttons
posted before seasons existed have no board part (``bower-board:{guild}:{game}:{page}``)
and show the current season. Anyone may page (the board is public). The prefix is
``bower-board:``, not ``bower:``: the table cog answers every ``bower:`` id itself (and
calls unknown ones stale).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

import discord

from bot.store.standings.seasons import Board, Season
from bot.store.standings.stats import LeaderboardEntry
from bot.ui.custom_ids import MAX_LENGTH, fits
from bot.ui.names import mention
from bot.ui.numbers import NUMBER
from bot.ui.stats.board_moves import MovesWindow, move_text
from bot.ui.stats.boards import ShownBoard
from bot.ui.stats.skill import SKILL_NOTE, count_of
from bot.ui.views import StaticView

PAGE_SIZE = 10
MAX_PAGE = 9999
BOARD_PREFIX = "bower-board"
#: Matches a page button's custom id, with or without the board (the ``DynamicItem``
#: template of the leaderboard cog).
BOARD_PATTERN = (
    rf"{BOARD_PREFIX}:(?P<guild>{NUMBER}):(?P<variant>[a-z_]{{1,30}})"
    rf"(?::s(?P<season>[0-9]{{1,9}}):p(?P<players>[0-9]{{1,2}}))?:(?P<page>[0-9]{{1,4}})"
    r"(?P<pairs>:pairs)?"
)
BOARD_COLOUR = 0xF1C40F
PAST_COLOUR = 0x95A5A6
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}


@dataclass(frozen=True)
class BoardPage:
    """Which leaderboard page a button asks for; ``board`` None for a button posted before
    seasons existed (it shows the current season); ``pairs`` on a board of pairs."""

    guild_id: int
    variant: str
    page: int
    board: Board | None = None
    pairs: bool = False


def board_button_id(
    guild_id: int, variant: str, board: Board, page: int, *, pairs: bool = False
) -> str:
    """Custom id of a button that shows ``page`` (from 0) of a board (of its pairs)."""
    page = min(max(0, page), MAX_PAGE)
    custom_id = f"{BOARD_PREFIX}:{guild_id}:{variant}:s{board.season}:p{board.players}:{page}"
    custom_id += ":pairs" if pairs else ""
    assert len(custom_id) <= MAX_LENGTH, custom_id
    return custom_id


def parse_board_id(custom_id: str) -> BoardPage | None:
    """Read a page button's custom id back (either format); None if it is not one."""
    match = re.fullmatch(BOARD_PATTERN, custom_id)
    if match is None or not fits(match, "guild"):
        return None
    board = None
    if match["season"] is not None:
        board = Board(int(match["season"]), int(match["players"]))
    pairs = match["pairs"] is not None
    return BoardPage(int(match["guild"]), match["variant"], int(match["page"]), board, pairs)


def page_count(total: int, size: int = PAGE_SIZE) -> int:
    """How many pages ``total`` entries fill (at least one, for the empty board)."""
    return max(1, -(-total // size))


def clamp_page(page: int, total: int, size: int = PAGE_SIZE) -> int:
    """``page`` kept within the pages that exist."""
    return min(max(0, page), page_count(total, size) - 1)


def entry_line(entry: LeaderboardEntry, moves: Mapping[int, int | None] | None = None) -> str:
    """``🥇 @Alice — skill 12.3 · 10 games · 60% won`` (`` · ▲ 2`` when ``moves`` has
    the places the member moved, see :mod:`bot.ui.stats.board_moves`)."""
    rating = entry.rating
    place = MEDALS.get(entry.place, f"**{entry.place}.**")
    games = count_of(rating.games, "game")
    who = mention(rating.user_id) if rating.user_id is not None else "?"
    line = f"{place} {who} — skill **{rating.ordinal:.1f}** · {games} · {rating.win_rate:.0%} won"
    if moves is None or rating.user_id is None or rating.user_id not in moves:
        return line
    return f"{line} · {move_text(moves[rating.user_id])}"


def day_of(iso: str) -> str:
    """A Discord date for an ISO time (``<t:…:D>``, shown in the reader's own format)."""
    try:
        return f"<t:{int(datetime.fromisoformat(iso).timestamp())}:D>"
    except ValueError:
        return iso[:10]


def season_span(season: Season) -> str:
    """``from <date> to <date>``; season 1 runs from the server's first game."""
    start = f"from {day_of(season.started_at)}" if season.started_at else "from the first game"
    end = f"to {day_of(season.ended_at)}" if season.ended_at else "until now"
    return f"{start} {end}"


def board_title(shown: ShownBoard) -> str:
    """``🏆 Flip Euchre leaderboard · Spring · 6 players``."""
    title = f"🏆 {shown.game} leaderboard · {shown.scope}"
    return f"{title} · {shown.players} players" if shown.players else title


def inactivity_note(shown: ShownBoard) -> str:
    """Who the board leaves out, if anyone may be."""
    if not shown.hides_inactive:
        return ""
    return (
        f"Players with no game in the last {count_of(shown.inactive_days, 'day')} are not listed."
    )


def empty_text(shown: ShownBoard) -> str:
    """What an empty board says: nobody yet (with an invitation), or nobody recently."""
    game = shown.game + (f" with {shown.players} players" if shown.players else "")
    if shown.season is not None and not shown.season.current:
        return f"Nobody finished a game of {game} in {shown.season.name}."
    where = "in this server" if shown.season is None else "this season"
    if shown.hides_inactive:
        days = count_of(shown.inactive_days, "day")
        return (
            f"Nobody has finished a game of {game} {where} in the last {days}. "
            "Open a table with `/table create` to get on the board!"
        )
    return (
        f"Nobody has finished a game of {game} {where} yet. "
        "Open a table with `/table create` to be the first!"
    )


def page_notes(shown: ShownBoard, page: int, total: int) -> list[str]:
    """``Page 1 of 3 · 25 ranked`` and who the board leaves out, if anyone may be."""
    note = inactivity_note(shown)
    return [f"Page {page + 1} of {page_count(total)} · {total} ranked"] + ([note] if note else [])


def leaderboard_embed(
    shown: ShownBoard,
    entries: Sequence[LeaderboardEntry],
    page: int,
    total: int,
    *,
    moves: Mapping[int, int | None] | None = None,
    own: LeaderboardEntry | None = None,
    window: MovesWindow | None = None,
) -> discord.Embed:
    """The embed of one leaderboard page (``page`` from 0, ``total`` people listed):
    with ``moves``, the places each member moved in ``window`` (its note in the footer);
    ``own``, the asking member's line when the page leaves them out."""
    season = shown.season
    past = season is not None and not season.current
    embed = discord.Embed(title=board_title(shown), colour=PAST_COLOUR if past else BOARD_COLOUR)
    lines = []
    if season is not None and past:
        lines.append(f"*Final standings of the season that ran {season_span(season)}.*")
    lines += [entry_line(e, moves) for e in entries] or [empty_text(shown)]
    if own is not None:
        lines.append(f"Your place: {entry_line(own, moves)}")
    embed.description = "\n".join(lines)
    footer = " · ".join(page_notes(shown, page, total))
    if moves is not None and window is not None and entries:
        footer += f"\n{window.note}"
    embed.set_footer(text=f"{footer}\n{SKILL_NOTE}")
    return embed


def leaderboard_view(
    guild_id: int, shown: ShownBoard, page: int, total: int, *, pairs: bool = False
) -> StaticView:
    """Previous / Next buttons (disabled at the ends) for a leaderboard page (of pairs)."""
    view = StaticView()
    last = page_count(total) - 1
    for label, emoji, target, disabled in (
        ("Previous", "◀️", page - 1, page <= 0),
        ("Next", "▶️", page + 1, page >= last),
    ):
        view.add_button(
            label=label,
            emoji=emoji,
            custom_id=board_button_id(guild_id, shown.variant, shown.board, target, pairs=pairs),
            disabled=disabled,
        )
    return view
