"""Which leaderboard a member asks for, read from ``/leaderboard`` options.

A board is a game, a season or all time, and (for a game played at several player counts)
one count or every count. The ``season`` option is autocompleted: the values offered are
a season's number or ``all``, but a client may send any text, so :func:`pick_season` also
takes a season's name, ``current`` and ``all time``, and refuses the rest with a sentence
(:class:`BoardChoiceError`) that the member is shown privately.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import discord
from discord import app_commands

from bot.engine import VARIANTS
from bot.store.standings.seasons import ALL_TIME, Board, Season
from bot.ui.stats.message import game_name
from bot.ui.stats.skill import count_of

CURRENT = "current"
ALL_TIME_VALUE = "all"
ALL_TIME_NAME = "All time"
ALL_TIME_WORDS = frozenset({"all", "all time", "all-time", "alltime", "0"})
SEASON_NUMBER = re.compile(r"(?:season\s*|#)?([0-9]{1,9})", re.IGNORECASE)
MAX_CHOICES = 25
MAX_ECHO = 40


class BoardChoiceError(ValueError):
    """Options that name no leaderboard; the message says why, for the member."""


@dataclass(frozen=True)
class ShownBoard:
    """A leaderboard as shown: the game, the season (None: all time), one player count (0:
    every count) and the server's ``inactive_days`` (0: nobody is left out)."""

    variant: str
    season: Season | None
    players: int = 0
    inactive_days: int = 0

    @property
    def board(self) -> Board:
        """The store's board of ratings."""
        return Board(self.season.number if self.season else ALL_TIME, self.players)

    @property
    def game(self) -> str:
        """The game's display name."""
        return game_name(self.variant)

    @property
    def scope(self) -> str:
        """``All time`` or the season's name."""
        return ALL_TIME_NAME if self.season is None else self.season.name

    @property
    def hides_inactive(self) -> bool:
        """Whether players without a recent game are left out: on a running board (the
        current season's or all time) of a server that set ``inactive_days``. A past
        season shows its final standings whole."""
        running = self.season is None or self.season.current
        return running and self.inactive_days > 0

    def active_since(self, now: datetime) -> str:
        """The ISO time a player's last game must be at or after to be listed ('' when
        everyone is)."""
        if not self.hides_inactive:
            return ""
        since = now.astimezone(UTC) - timedelta(days=self.inactive_days)
        return since.isoformat(timespec="milliseconds")


def echo(text: str) -> str:
    """What a member typed, shortened and made harmless to show back in a message."""
    short = text if len(text) <= MAX_ECHO else text[: MAX_ECHO - 1] + "…"
    return discord.utils.escape_mentions(discord.utils.escape_markdown(short))


def unknown_game() -> str:
    """The refusal of a game option no list offers (only a tampered client sends one, so
    what it sent is not shown back): the games there are, by name."""
    names = ", ".join(info.name for info in VARIANTS.values())
    return f"Bower has no such game: pick one from the list ({names})."


def pick_game(value: str) -> str:
    """The game key ``value`` names (a client may send one that is not offered)."""
    if value not in VARIANTS:
        raise BoardChoiceError(unknown_game())
    return value


def pick_season(value: str | None, seasons: Sequence[Season]) -> Season | None:
    """The season a ``season`` option names (None: all time); the current season when
    the option is left out. ``seasons`` is the server's, the current one first."""
    current = seasons[0]
    text = " ".join((value or "").split())
    if not text or text.casefold() == CURRENT:
        return current
    if text.casefold() in ALL_TIME_WORDS:
        return None
    by_name = next((s for s in seasons if s.name.casefold() == text.casefold()), None)
    number = SEASON_NUMBER.fullmatch(text)
    if number is not None:
        found = next((s for s in seasons if s.number == int(number[1])), None)
        if found is not None or by_name is not None:
            return found or by_name
        raise BoardChoiceError(
            f"This server has no season {int(number[1])} (its current season is number "
            f"{current.number}). Pick one from the list as you type."
        )
    if by_name is not None:
        return by_name
    raise BoardChoiceError(
        f"This server has no season called “{echo(text)}”. Pick one from the list as you "
        "type, or leave `season` out for the current season."
    )


def check_season_name(name: str, number: int) -> None:
    """Refuse a name for season ``number`` that the ``season`` option would read as another
    season, or as all time or the current season."""
    text = " ".join(name.split())
    if text.casefold() in ALL_TIME_WORDS or text.casefold() == CURRENT:
        raise BoardChoiceError(
            f"“{echo(text)}” already means something when choosing a leaderboard's season: "
            "choose another name."
        )
    numbered = SEASON_NUMBER.fullmatch(text)
    if numbered is not None and int(numbered[1]) != number:
        raise BoardChoiceError(
            f"“{echo(text)}” would read as season {int(numbered[1])}, but this will be season "
            f"{number}: choose another name (“Season {number}” is fine)."
        )


def season_choice_name(season: Season) -> str:
    """``Spring (season 2) — current`` / ``Season 1 — ended 2025-03-01``."""
    name = season.name
    if name.casefold() != f"season {season.number}":
        name = f"{name} (season {season.number})"
    if season.current:
        return f"{name} — current"
    return f"{name} — ended {(season.ended_at or '')[:10]}"


def season_choices(seasons: Sequence[Season], typed: str) -> list[app_commands.Choice[str]]:
    """The ``season`` autocomplete: the current season, all time, then past seasons,
    newest first, those matching what the member typed so far."""
    wanted = " ".join(typed.split()).casefold()
    offered = [
        app_commands.Choice(name=season_choice_name(seasons[0]), value=str(seasons[0].number))
    ]
    offered.append(app_commands.Choice(name=ALL_TIME_NAME, value=ALL_TIME_VALUE))
    offered += [
        app_commands.Choice(name=season_choice_name(s), value=str(s.number)) for s in seasons[1:]
    ]
    return [c for c in offered if wanted in c.name.casefold() or wanted == c.value][:MAX_CHOICES]


def counts_text(variant: str) -> str:
    """``4 players``, ``4 or 6 players``, ``2 to 10 players``."""
    counts = sorted(VARIANTS[variant].player_counts)
    if len(counts) == 1:
        return count_of(counts[0], "player")
    if counts == list(range(counts[0], counts[-1] + 1)) and len(counts) > 2:
        return f"{counts[0]} to {counts[-1]} players"
    return ", ".join(str(c) for c in counts[:-1]) + f" or {counts[-1]} players"


def has_counts(variant: str) -> bool:
    """Whether a game is played at several player counts (so it has a board per count)."""
    return variant in VARIANTS and len(VARIANTS[variant].player_counts) > 1


def pick_players(variant: str, players: int | None) -> int:
    """The board's player count for a ``players`` option (0: every count)."""
    if players is None:
        return 0
    counts = VARIANTS[variant].player_counts
    if players in counts:
        return players if len(counts) > 1 else 0
    if len(counts) == 1:
        raise BoardChoiceError(
            f"{game_name(variant)} is always played by {counts_text(variant)}, so its "
            "leaderboard has no player counts: leave `players` out."
        )
    raise BoardChoiceError(
        f"{game_name(variant)} is played by {counts_text(variant)}: choose one of those for "
        "`players`, or leave it out for every count."
    )


def players_choices(variant: str, typed: str | int) -> list[app_commands.Choice[int]]:
    """The ``players`` autocomplete: the game's counts, for a game with several."""
    if not has_counts(variant):
        return []
    counts = sorted(VARIANTS[variant].player_counts)
    wanted = str(typed).strip()
    return [
        app_commands.Choice(name=f"{n} players", value=n)
        for n in counts
        if not wanted or str(n).startswith(wanted)
    ][:MAX_CHOICES]
