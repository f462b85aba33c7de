"""The leaderboard page's picture, built from the same entries as its text: the view the
drawing workers draw (:class:`bot.pictures.boards.leaderboard.BoardPicture`) and its alt
text, which names every figure the picture shows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.pictures.boards.leaderboard import BoardPicture, BoardRow
from bot.store.standings.stats import LeaderboardEntry
from bot.ui.names import FORMER_MEMBER
from bot.ui.stats.board_moves import MovesWindow, move_alt
from bot.ui.stats.boards import ShownBoard

BOARD_FILE = "leaderboard.png"


def picture_name(user_id: int | None, names: Mapping[int, str]) -> str:
    """A member's display name; ``former member`` for one who erased their data; else
    ``Member …1234`` (the id's last digits) when the name is not known."""
    if user_id is None:
        return "?"
    if user_id < 0:
        return FORMER_MEMBER
    return names.get(user_id) or f"Member …{str(user_id)[-4:]}"


def board_row(
    entry: LeaderboardEntry, names: Mapping[int, str], moves: Mapping[int, int | None] | None,
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
    moves: Mapping[int, int | None] | None = None,
    window: MovesWindow | None = None,
    asker: int | None = None,
    own: LeaderboardEntry | None = None,
    empty: str = "",
) -> BoardPicture:
    """The picture of a page: ``notes`` are its footnote lines; ``moves`` the places
    each member moved in ``window`` (None: not known, no column); ``own`` the asking
    member's entry when the page leaves them out."""
    scope = shown.scope + (f" · {shown.players} players" if shown.players else "")
    shows_moves = moves is not None and window is not None
    lines = (*notes, window.note) if shows_moves and window and entries else tuple(notes)
    return BoardPicture(
        title=f"{shown.game} leaderboard",
        scope=scope,
        rows=tuple(board_row(e, names, moves, asker) for e in entries),
        own=board_row(own, names, moves, asker) if own is not None else None,
        notes=lines,
        moves=shows_moves,
        empty=empty,
        moves_heading=window.heading if window else "",
    )


def row_alt(row: BoardRow, moves: bool) -> str:
    """``#1 Alice, skill 12.3, 10 games, 60% won, up 2 places``."""
    games = f"{row.games} game" + ("" if row.games == 1 else "s")
    words = f"#{row.place} {row.name}, skill {row.skill:.1f}, {games}, {row.won:.0%} won"
    return f"{words}, {move_alt(row.moved)}" if moves else words


def board_alt(picture: BoardPicture) -> str:
    """The picture's alt text: the board and every row's figures."""
    rows = [row_alt(row, picture.moves) for row in picture.rows]
    if picture.own is not None:
        rows.append("your place: " + row_alt(picture.own, picture.moves))
    alt = f"{picture.title}, {picture.scope}: " + ("; ".join(rows) or picture.empty)
    return f"{alt}. {picture.notes[-1]}" if picture.moves and picture.rows else alt
