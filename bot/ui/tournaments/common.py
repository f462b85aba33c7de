"""What every tournament message shares: limits, names, cutting lists to fit, and the
standings as text (pure)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import discord

from bot.engine import VARIANTS
from bot.store.tournaments import TournamentRecord
from bot.tournaments.models import Standing
from bot.ui.names import person_name

COLOUR = 0xC9A227
DESCRIPTION_LIMIT = 4096
FIELD_LIMIT = 1024
CONTENT_LIMIT = 2000
STANDINGS_SHOWN = 20
FIELD_STANDINGS_SHOWN = 10
PICTURE_FILE = "standings.png"

FORMAT_WORDS = {
    "progressive": "Progressive (winners move up a table, partners change every round)",
    "swiss": "Swiss (players with similar scores meet)",
}


def name_of(user_id: int, names: Mapping[int, str]) -> str:
    """A player's display name, markdown escaped (a mention when unknown)."""
    return discord.utils.escape_markdown(person_name(user_id, names))


def fit_lines(lines: Sequence[str], limit: int, what: str = "more", hidden: int = 0) -> str:
    """``lines`` joined, as many as fit in ``limit`` characters, then ``…and K more`` for
    the K left out (``hidden``: how many more there are that ``lines`` does not hold)."""
    total = len(lines) + hidden
    kept: list[str] = []
    used = 0
    for index, line in enumerate(lines):
        after = total - index - 1
        tail = f"…and {after} {what}" if after else ""
        if used + len(line) + 1 + len(tail) > limit:
            break
        kept.append(line)
        used += len(line) + 1
    if total > len(kept):
        kept.append(f"…and {total - len(kept)} {what}")
    return "\n".join(kept)[:limit]


def standing_line(standing: Standing, names: Mapping[int, str]) -> str:
    """``` 1.` **Alice** — 23 points (by round: 8 · 7 · bye 8) · 2 rounds won``: the
    total, then what each round added to it, in order."""
    rounds = " · ".join(
        f"bye {score}" if number in standing.bye_rounds else str(score)
        for number, score in enumerate(standing.rounds, start=1)
    )
    points = "point" if standing.total in (1, -1) else "points"
    line = (
        f"`{standing.rank:>2}.` **{name_of(standing.user_id, names)}** — "
        f"{standing.total} {points}"
    )
    if rounds:
        line += f" (by round: {rounds})"
    won = "round" if standing.rounds_won == 1 else "rounds"
    line += f" · {standing.rounds_won} {won} won"
    if standing.loners:
        line += f" · {standing.loners} loner{'s' if standing.loners != 1 else ''}"
    if standing.tie_break:
        line += f" · behind on {standing.tie_break}"
    return line


def standings_text(
    standings: Sequence[Standing], names: Mapping[int, str], *, picture: bool,
    shown: int = STANDINGS_SHOWN, limit: int = DESCRIPTION_LIMIT,
) -> str:
    """The top ``shown`` lines, then "…and K more players" (all within ``limit``);
    ``picture``: the standings picture goes with them, and it has everyone."""
    if not standings:
        return "No round has been played yet."
    lines = [standing_line(s, names) for s in standings[:shown]]
    what = "more (the picture has everyone)" if picture else "more players"
    return fit_lines(lines, limit, what, hidden=max(0, len(standings) - shown))


def rounds_counted(standings: Sequence[Standing]) -> int:
    """How many rounds the standings count."""
    return max((len(s.rounds) for s in standings), default=0)


def standings_title(record: TournamentRecord, standings: Sequence[Standing]) -> str:
    """The picture's title (it says itself whether the standings are final)."""
    played = rounds_counted(standings)
    fmt = record.format.capitalize()
    return f"{record.name}  ·  {fmt}  ·  round {played} of {record.rounds}"


def standings_embed(
    record: TournamentRecord, standings: Sequence[Standing], names: Mapping[int, str], *,
    final: bool, picture: bool,
) -> discord.Embed:
    """``/tournament standings`` and ``results``: the lines, and the picture below."""
    title = f"🏆 {record.name} — " + (
        "final standings" if final else f"standings after round {rounds_counted(standings)} "
        f"of {record.rounds}"
    )
    embed = discord.Embed(
        title=title[:256], description=standings_text(standings, names, picture=picture),
        colour=COLOUR,
    )
    if picture:
        embed.set_image(url=f"attachment://{PICTURE_FILE}")
    embed.set_footer(text=f"Tournament {record.id} · {game_words(record)}"[:2048])
    return embed


def picture_alt(record: TournamentRecord, standings: Sequence[Standing],
                names: Mapping[int, str], *, final: bool) -> str:
    """The standings picture's alt text."""
    top = "; ".join(
        f"{s.rank}. {person_name(s.user_id, names)} {s.total}" for s in standings[:10]
    )
    moment = "Final standings" if final else "Standings so far"
    return f"{moment} of {record.name}: {top}"[:1000]


def game_words(record: TournamentRecord) -> str:
    """``Euchre, 4 players a table`` and any house rules that differ from the game's."""
    info = VARIANTS.get(record.variant)
    if info is None:
        return record.variant
    words = f"{info.name}, {record.players} players a table"
    changes = [
        f"{spec.name}={_shown(record.options[spec.name])}"
        for spec in info.options
        if spec.name != "target" and spec.name in record.options
        and record.options[spec.name] != spec.default
    ]
    return words + (f" ({', '.join(changes)})" if changes else "")


def _shown(value: object) -> str:
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)

