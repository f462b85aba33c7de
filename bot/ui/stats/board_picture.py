"""The leaderboard page's picture, built from the same entries as its text: the view the
drawing workers draw (:class:`bot.pictures.boards.leaderboard.BoardPicture`) and its alt
text, which names every figure the picture shows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.pictures.boards.leaderboard import BoardPicture, BoardRow
from bot.store.standings.stats import LeaderboardEntry
from bot.ui.names import FORMER_MEMBER
from bot.ui.stats.boards import ShownBoard

BOARD_FILE = "leaderboard.png"
MOVES_NOTE = "▲▼ Last game: how much each player's last game on this board moved their skill."


def picture_name(user_id: int | None, names: Mapping[int, str]) -> str:
    """A member's display name; ``former member`` for one who erased their data; else
    ``Member …1234`` (the id's last digits) when the name is not known."""
    if user_id is None:
        return "?"
    if user_id < 0:
        return FORMER_MEMBER
    return names.get(user_id) or f"Member …{str(user_id)[-4:]}"


def board_row(
    entry: LeaderboardEntry, names: Mapping[int, str], moves: Mapping[int, float] | None,
    asker: int | None,
) -> BoardRow:
    """One entry as the picture draws it."""
    rating = entry.rating
    user = rating.user_id
    moved = moves.get(user) if moves is not None and user is not None else None
    return BoardRow(
        entry.place, picture_name(user, names), rating.ordinal, rating.games, rating.win_rate,
        moved, own=user is not None and user == asker,
    )


def board_picture(
    shown: ShownBoard,
    entries: Sequence[LeaderboardEntry],
    notes: Sequence[str],
    names: Mapping[int, str],
    *,
    moves: Mapping[int, float] | None = None,
    asker: int | None = None,
    own: LeaderboardEntry | None = None,
    empty: str = "",
) -> BoardPicture:
    """The picture of a page: ``notes`` are its footnote lines; ``moves`` each member's
    last-game change (None: this board keeps none); ``own`` the asking member's entry
    when the page leaves them out."""
    scope = shown.scope + (f" · {shown.players} players" if shown.players else "")
    lines = (*notes, MOVES_NOTE) if moves is not None and entries else tuple(notes)
    return BoardPicture(
        title=f"{shown.game} leaderboard",
        scope=scope,
        rows=tuple(board_row(e, names, moves, asker) for e in entries),
        own=board_row(own, names, moves, asker) if own is not None else None,
        notes=lines,
        moves=moves is not None,
        empty=empty,
    )


def row_alt(row: BoardRow, moves: bool) -> str:
    """``#1 Alice, skill 12.3, 10 games, 60% won, last game +1.2``."""
    games = f"{row.games} game" + ("" if row.games == 1 else "s")
    words = f"#{row.place} {row.name}, skill {row.skill:.1f}, {games}, {row.won:.0%} won"
    if moves:
        words += ", last game " + ("no change known" if row.moved is None else f"{row.moved:+.1f}")
    return words


def board_alt(picture: BoardPicture) -> str:
    """The picture's alt text: the board and every row's figures."""
    rows = [row_alt(row, picture.moves) for row in picture.rows]
    if picture.own is not None:
        rows.append("your place: " + row_alt(picture.own, picture.moves))
    return f"{picture.title}, {picture.scope}: " + ("; ".join(rows) or picture.empty)
