"""Partnerships as members see them: the pairs leaderboard (``/leaderboard show …
pairs:True``), its picture and alt text, and a member's partners in ``/stats``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

import discord

from bot.engine import VARIANTS, new_game
from bot.pictures.boards.leaderboard import BoardPicture, BoardRow
from bot.store.standings.pairs import PairEntry, Partner
from bot.ui.names import mention
from bot.ui.stats.board_picture import picture_name
from bot.ui.stats.boards import BoardChoiceError, ShownBoard
from bot.ui.stats.leaderboard import BOARD_COLOUR, MEDALS, page_count
from bot.ui.stats.message import game_name
from bot.ui.stats.skill import count_of

PAIRS_FILE = "pairs.png"


@cache
def partnership_games() -> frozenset[str]:
    """The games played in partnerships at some player count (Euchre, Cincinnati,
    Railroad Euchre)."""
    return frozenset(
        key for key, info in VARIANTS.items()
        if any(new_game(key, n, 0).num_sides < n for n in info.player_counts)
    )


def check_pairs_board(shown: ShownBoard) -> None:
    """:class:`BoardChoiceError` for a game without partners, or a player count (a pairs
    board counts the games of every count)."""
    check_pairs_game(shown.variant)
    if shown.players:
        raise BoardChoiceError(
            f"A pairs board counts the games of every player count: ask for the {shown.game}"
            " pairs without players. Nothing was changed."
        )


def check_pairs_game(variant: str) -> None:
    """:class:`BoardChoiceError` for a game without partners."""
    if variant not in partnership_games():
        games = ", ".join(sorted(game_name(v) for v in partnership_games()))
        raise BoardChoiceError(
            f"{game_name(variant)} has no partners (everyone plays for themselves), so it "
            f"has no pairs leaderboard. Pairs boards: {games}. Nothing was changed."
        )


def pair_line(entry: PairEntry) -> str:
    """``🥇 @Alice & @Bob — 12 games together · 8 won (67%)``."""
    place = MEDALS.get(entry.place, f"**{entry.place}.**")
    return (
        f"{place} {mention(entry.first)} & {mention(entry.second)} — "
        f"{count_of(entry.games, 'game')} together · {entry.wins} won ({entry.win_rate:.0%})"
    )


def pairs_title(shown: ShownBoard) -> str:
    """``🤝 Euchre pairs · Spring``."""
    return f"🤝 {shown.game} pairs · {shown.scope}"


def pairs_notes(page: int, total: int, minimum: int) -> list[str]:
    """The page, how many pairs, and who counts as a pair."""
    return [
        f"Page {page + 1} of {page_count(total)} · {total} pairs ranked",
        f"Pairs who played at least {count_of(minimum, 'game')} together, most wins per game"
        " first.",
    ]


def pairs_embed(
    shown: ShownBoard, entries: Sequence[PairEntry], page: int, total: int, minimum: int
) -> discord.Embed:
    """The text of one page of a pairs board (``page`` from 0)."""
    embed = discord.Embed(title=pairs_title(shown), colour=BOARD_COLOUR)
    lines = [pair_line(e) for e in entries] or [
        f"No two members have played {count_of(minimum, 'game')} of {shown.game} together"
        + (" this season" if shown.season is not None else "") + " yet."
    ]
    embed.description = "\n".join(lines)
    embed.set_footer(text="\n".join(pairs_notes(page, total, minimum)))
    return embed


def pairs_picture(
    shown: ShownBoard, entries: Sequence[PairEntry], notes: Sequence[str],
    names: Mapping[int, str], empty: str,
) -> BoardPicture:
    """The pairs page's picture: the pair's names, wins, games, won %."""
    rows = tuple(
        BoardRow(e.place, f"{picture_name(e.first, names)} & {picture_name(e.second, names)}",
                 0.0, e.games, e.win_rate, figure=str(e.wins))
        for e in entries
    )
    return BoardPicture(f"{shown.game} pairs", shown.scope, rows, notes=tuple(notes), moves=False,
                        empty=empty, heading="Wins")


def pairs_alt(picture: BoardPicture) -> str:
    """``Euchre pairs, Spring: #1 Alice & Bob, 8 wins, 12 games, 67% won; …``."""
    rows = [f"#{r.place} {r.name}, {r.figure} wins, {count_of(r.games, 'game')}, {r.won:.0%} won"
            for r in picture.rows]
    return f"{picture.title}, {picture.scope}: " + ("; ".join(rows) or picture.empty)


def partners_text(partners: Sequence[Partner]) -> str:
    """``Partners: @Bob 12 games · 8 won (67%) — @Carol 3 games · 1 won (33%)``."""
    if not partners:
        return ""
    return "Partners: " + " — ".join(
        f"{mention(p.user_id)} {count_of(p.games, 'game')} · {p.wins} won "
        f"({p.wins / p.games:.0%})" for p in partners
    )


def partner_items(partners: Sequence[Partner], names: Mapping[int, str]) -> list[tuple[str, str]]:
    """The card's tiles of partners: ``("With Bob", "12 games · 8 won (67%)")``."""
    return [
        (f"With {picture_name(p.user_id, names)}",
         f"{count_of(p.games, 'game')} · {p.wins} won ({p.wins / p.games:.0%})")
        for p in partners
    ]
