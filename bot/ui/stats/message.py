"""Rendering a member's stats (``/stats``) and recent games (``/history``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from datetime import datetime

import discord

from bot.engine import VARIANTS
from bot.store.departures import Departure
from bot.store.results import ResultPlayer, ResultRecord
from bot.store.standings.seasons import Season
from bot.store.standings.stats import HistoryEntry, PlayerGameStats
from bot.store.standings.values import SeatRecords
from bot.store.tournaments import KeptStanding, TournamentRecord
from bot.ui.custom_ids import table_button
from bot.ui.names import computer_name, mention
from bot.ui.stats.skill import SKILL_NOTE, count_of, skill_words
from bot.ui.views import StaticView
from bot.words.players import left_label, tally
from bot.words.scores import nth

STATS_COLOUR = 0x5865F2
MAX_REVIEW_BUTTONS = 10  # two rows of five
MAX_PLACINGS = 5
#: A tournament, the member's line in its final standings, and how many ranked.
Placing = tuple[TournamentRecord, KeptStanding, int]
WON, LOST, LEFT_UNCOUNTED = "✅", "❌", "🚪"
#: How a member came to leave a game, as /history tells it.
DEPARTED = {
    "left": "left during hand {hand}",
    "timeouts": "replaced after timeouts during hand {hand}",
    "replaced": "replaced by a moderator during hand {hand}",
}

#: The records worth a line in each game, in the order shown (others appear when non-zero).
GAME_RECORDS: dict[str, tuple[str, ...]] = {
    "euchre": ("calls", "loners", "euchred", "euchring"),
    "cincinnati": ("calls", "moons", "euchred", "euchring"),
    "over_the_rhine": ("calls", "moons", "euchred", "euchring"),
    "railroad": ("calls", "loners", "jambones", "jamborees", "euchred", "euchring"),
    "over_the_top": ("calls", "euchred", "euchring"),
    "flip": ("calls", "euchred"),
}
RECORD_LABELS = {
    "calls": "Calls",
    "moons": "Moons made",
    "loners": "Loners",
    "jambones": "Jambones",
    "jamborees": "Jamborees",
    "euchred": "Times euchred",
    "euchring": "Makers euchred",
}
#: What a game calls its calls, and the word for one made, where not "Calls" and "made".
CALL_WORDS = {
    "cincinnati": ("Bids won", "made"),
    "over_the_top": ("Bids won", "made"),
    "flip": ("Bids", "hit"),
}
#: The records games counted before they were kept lack.
LATER_RECORDS = frozenset({"calls", "euchring"})


def game_name(variant: str) -> str:
    """The display name of a game key."""
    return VARIANTS[variant].name if variant in VARIANTS else variant


def record_items(
    variant: str, records: SeatRecords, kept: tuple[int, int] = (0, 0)
) -> list[tuple[str, str]]:
    """``("Loners", "3 (2 made)")``…: the records that matter in ``variant``, labelled.
    ``kept``: of the member's games, how many keep calls and euchring (none: those are
    left out; some: the figure says over how many games)."""
    counts = records.as_dict()
    shown = list(GAME_RECORDS.get(variant, ()))
    shown += [n for n in RECORD_LABELS if n not in shown and counts[n]]
    label, made_word = CALL_WORDS.get(variant, ("Calls", "made"))
    items = []
    for name in shown:
        if name in LATER_RECORDS and not kept[0]:
            continue
        value = str(counts[name])
        made = counts.get(f"{name}_made")
        notes = [f"{made} {made_word if name == 'calls' else 'made'}"] if (
            made is not None and counts[name]) else []
        if name in LATER_RECORDS and kept[0] < kept[1]:
            notes.append(f"in {kept[0]} of {count_of(kept[1], 'game')}")
        if notes:
            value += f" ({', '.join(notes)})"
        items.append((label if name == "calls" else RECORD_LABELS[name], value))
    return items


def records_text(variant: str, records: SeatRecords, kept: tuple[int, int] = (0, 0)) -> str:
    """``Calls 5 (4 made) · Loners 3 (2 made) · Times euchred 4``: the records that
    matter in ``variant`` (see :func:`record_items`)."""
    return " · ".join(f"{label} {value}" for label, value in record_items(variant, records, kept))


def season_lines(stats: PlayerGameStats, season: Season | None) -> list[str]:
    """Skill in words, games and wins: this season's and all time once seasons have been
    started (``season``: the current one), else the one rating there is."""
    rating = stats.rating
    totals = (
        f"{count_of(rating.games, 'game')} · {rating.wins} won ({rating.win_rate:.0%}) · "
        f"{count_of(stats.hands_played, 'hand')}"
    )
    if season is None:
        words = skill_words(rating.ordinal, rating.skill.sigma, rating.games)
        return [f"Skill **{rating.ordinal:.1f}** ({words})", totals]
    all_time = f"All time: skill **{rating.ordinal:.1f}** · {totals}"
    now = stats.season_rating
    if now is None:  # the field's name says there is no game this season yet
        return [all_time]
    words = skill_words(now.ordinal, now.skill.sigma, now.games)
    this_season = (
        f"{season.name}: skill **{now.ordinal:.1f}** ({words}) · "
        f"{count_of(now.games, 'game')} · {now.wins} won"
    )
    return [this_season, all_time]


def place_text(stats: PlayerGameStats, season: Season | None, inactive_days: int) -> str:
    """``#2 of 9``, or why the member is not on the current season's leaderboard."""
    if stats.place is not None:
        return f"#{stats.place} of {stats.ranked}" + (f" in {season.name}" if season else "")
    if stats.season_rating is None:
        return f"no game in {season.name} yet" if season else "no game this season yet"
    if not inactive_days:
        return "not on the leaderboard"
    return f"off the leaderboard: no game in the last {count_of(inactive_days, 'day')}"


def game_stats_text(
    stats: PlayerGameStats, season: Season | None = None, inactive_days: int = 0
) -> str:
    """The lines of one game's field: skill, games and wins, records."""
    lines = season_lines(stats, season)
    latest = stats.season_rating
    when = timestamp(latest.last_played) if latest is not None else ""
    if stats.place is None and inactive_days and when:
        lines.append(f"Last game {when}")
    records = records_text(stats.variant, stats.records, stats.calls_kept)
    if records:
        lines.append(records)
    return "\n".join(lines)


def stats_embed(
    user_id: int,
    name: str,
    stats: Sequence[PlayerGameStats],
    variant: str | None = None,
    *,
    season: Season | None = None,
    inactive_days: int = 0,
    extras: Mapping[str, Sequence[str]] | None = None,
) -> discord.Embed:
    """The ``/stats`` answer for one member (of one game if ``variant``): each game's place
    on the current season's leaderboard (or why they are not on it), skill and records.
    ``season`` is the current season once a server has started one (None before: its
    season and all-time ratings are the same); ``inactive_days`` the server's setting;
    ``extras`` more lines for a game's field (what its card shows beyond them)."""
    embed = discord.Embed(title=f"📊 {name}'s stats", colour=STATS_COLOUR)
    if not stats:
        where = f" of {game_name(variant)}" if variant else ""
        embed.description = f"{mention(user_id)} hasn't finished a game{where} in this server yet."
        return embed
    total_games = sum(s.rating.games for s in stats)
    total_wins = sum(s.rating.wins for s in stats)
    embed.description = (
        f"{mention(user_id)} · {count_of(total_games, 'game')} · {total_wins} won "
        f"({total_wins / total_games:.0%})" + (" all time" if season else "")
    )
    for game in stats[:25]:
        more = (extras or {}).get(game.variant, ())
        embed.add_field(
            name=f"{game_name(game.variant)} — {place_text(game, season, inactive_days)}",
            value="\n".join([game_stats_text(game, season, inactive_days), *more])[:1024],
            inline=False,
        )
    embed.set_footer(text=SKILL_NOTE)
    return embed


def player_label(
    player: ResultPlayer, left: Mapping[int, int] | None = None, replaced: Set[int] = frozenset()
) -> str:
    """A mention for a person, ``🤖 Ada (hard)`` for a computer seat, ``<@b> (left, 🤖
    plays on)`` for a seat its member left (``left``: seat → that member; ``replaced``: those
    seats a moderator gave away)."""
    if player.user_id is not None:
        return mention(player.user_id)  # "former member" if they erased their data
    if left and player.seat in left:
        return left_label(mention(left[player.seat]), replaced=player.seat in replaced)
    return computer_name(player.computer_level, player.seat)


def sides_text(
    result: ResultRecord,
    seat: int,
    left: Mapping[int, int] | None = None,
    replaced: Set[int] = frozenset(),
) -> str:
    """``<@a> & 🤖 Ada (normal): **10** — <@c> & 🤖 Bolt (hard): 7``: each side and its score,
    own side first (a seat its member left is still theirs: ``left``, ``replaced``)."""
    own = next((p.side for p in result.seats if p.seat == seat), 0)
    order = [own] + [s for s in range(len(result.final_scores)) if s != own]
    parts = []
    for side in order:
        names = " & ".join(
            player_label(p, left, replaced) for p in result.seats if p.side == side
        )
        if not names or side >= len(result.final_scores):
            continue
        score = result.final_scores[side]
        parts.append(tally(names, f"**{score}**" if side == own else score))
    return " — ".join(parts)


def timestamp(iso: str) -> str:
    """A Discord relative timestamp for an ISO 8601 time (empty if unreadable)."""
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return ""
    return f"<t:{int(moment.timestamp())}:R>"


def departure_text(departure: Departure) -> str:
    """``left during hand 3`` (and ``not counted`` when the server's penalty was off)."""
    text = DEPARTED[departure.why].format(hand=departure.hand_number)
    return text if departure.counts_as_loss else f"{text} (not counted as a loss)"


def history_line(entry: HistoryEntry) -> str:
    """One finished game: won or lost (or left), the game, how the member left it, the
    sides and scores, skill change, when."""
    result = entry.result
    mark = WON if entry.won else LOST
    if entry.departure is not None and not entry.departure.penalised and not entry.held_seat:
        mark = LEFT_UNCOUNTED
    parts = [f"{mark} **{game_name(result.variant)}** #{result.table_id}"]
    if entry.departure is not None:
        parts.append(departure_text(entry.departure))
    parts.append(sides_text(result, entry.seat, entry.left, entry.replaced))
    change = entry.ordinal_change
    if change is not None:
        parts.append(f"skill {change:+.1f}")
    when = timestamp(result.finished_at)
    if when:
        parts.append(when)
    return " · ".join(parts)


def history_embed(
    user_id: int, name: str, entries: Sequence[HistoryEntry],
    placings: Sequence[Placing] = (),
) -> discord.Embed:
    """The ``/history`` answer: a member's recent finished games, newest first, and their
    places in the server's tournaments."""
    embed = discord.Embed(title=f"🕘 {name}'s recent games", colour=STATS_COLOUR)
    if not entries:
        embed.description = f"{mention(user_id)} hasn't finished a game in this server yet."
    else:
        embed.description = "\n".join(history_line(e) for e in entries)[:4000]
    if placings:
        lines = [placing_line(*p) for p in placings[:MAX_PLACINGS]]
        embed.add_field(name="🏆 Tournaments", value="\n".join(lines)[:1024], inline=False)
    return embed


def placing_line(tournament: TournamentRecord, line: KeptStanding, ranked: int) -> str:
    """``🥇 1st of 8 · Euchre night (Euchre, progressive) · 28 points · 2 days ago``."""
    medal = {1: "🥇", 2: "🥈", 3: "🥉"}.get(line.rank, "▫️")
    parts = [
        f"{medal} {nth(line.rank)} of {ranked}",
        f"**{tournament.name}** ({game_name(tournament.variant)}, {tournament.format})",
        f"{line.total} points",
    ]
    if tournament.status == "ended":
        parts.append("ended early")
    when = timestamp(tournament.finished_at or "")
    return " · ".join([*parts, when] if when else parts)


def history_controls(entries: Sequence[HistoryEntry]) -> StaticView:
    """A Review button for each game listed (``Review #12``)."""
    view = StaticView()
    for entry in entries[:MAX_REVIEW_BUTTONS]:
        table_id = entry.result.table_id
        view.add_button(label=f"Review #{table_id}", custom_id=table_button(table_id, "review"))
    return view
