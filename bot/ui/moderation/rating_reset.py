"""``/rating reset``: what a moderator is asked before clearing a member's rating, the
buttons that answer, and what they are told after.

Pure (no I/O). The buttons' custom ids carry the server, the member, the game and the
season the question was asked in, so a click still works after a restart and a season
started in between is noticed; who may click is checked when they do.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

import discord

from bot.engine import VARIANTS
from bot.store.standings.stats import PlayerGameStats
from bot.ui.custom_ids import MAX_LENGTH, fits
from bot.ui.names import mention
from bot.ui.numbers import NUMBER
from bot.ui.stats.message import game_name
from bot.ui.stats.skill import count_of
from bot.ui.views import StaticView

RESET_COLOUR = 0xE67E22
DONE_COLOUR = 0x2ECC71
RATING_PREFIX = "bower-rating"
ResetOp = Literal["reset", "keep"]
RATING_PATTERN = (
    rf"{RATING_PREFIX}:(?P<op>reset|keep):(?P<guild>{NUMBER}):(?P<member>{NUMBER})"
    r":(?P<variant>[a-z_]{1,20}):(?P<season>[0-9]{1,6})"
)


@dataclass(frozen=True)
class ResetRequest:
    """Which rating a moderator asked to clear, and in which season they asked."""

    guild_id: int
    member_id: int
    variant: str
    season: int


def reset_button_id(op: ResetOp, request: ResetRequest) -> str:
    """The custom id of the "Reset rating" (``reset``) or "Keep" (``keep``) button."""
    custom_id = (
        f"{RATING_PREFIX}:{op}:{request.guild_id}:{request.member_id}"
        f":{request.variant}:{request.season}"
    )
    assert len(custom_id) <= MAX_LENGTH
    return custom_id


def parse_reset_id(custom_id: str) -> tuple[ResetOp, ResetRequest] | None:
    """Read a button's custom id back; None unless it is a valid one (of a real game)."""
    match = re.fullmatch(RATING_PATTERN, custom_id)
    if match is None or not fits(match, "guild", "member") or match["variant"] not in VARIANTS:
        return None
    op: ResetOp = "reset" if match["op"] == "reset" else "keep"
    request = ResetRequest(
        int(match["guild"]), int(match["member"]), match["variant"], int(match["season"])
    )
    return op, request


def what_is_reset(game: str, season_name: str) -> str:
    """The two sentences that say what a reset clears and what it keeps."""
    return (
        f"**Cleared:** their {game} rating this season ({season_name}) and all-time, of "
        "every player count. They leave this season's leaderboard and start from scratch "
        "with their next game.\n"
        "**Kept:** their standings in past seasons, and their games in /history and /review."
    )


def rating_summary(stats: PlayerGameStats) -> str:
    """``This season: skill 12.3 over 8 games · All-time: skill 15.0 over 40 games``."""
    parts = []
    if stats.season_rating is not None:
        season = stats.season_rating
        parts.append(
            f"This season: skill **{season.ordinal:.1f}** over {count_of(season.games, 'game')}"
        )
    rating = stats.rating
    parts.append(f"All-time: skill **{rating.ordinal:.1f}** over {count_of(rating.games, 'game')}")
    return " · ".join(parts)


def confirm_embed(request: ResetRequest, season_name: str, stats: PlayerGameStats) -> discord.Embed:
    """The question asked before a reset: whose rating, what goes, what stays."""
    game = game_name(request.variant)
    embed = discord.Embed(title=f"Reset a {game} rating?", colour=RESET_COLOUR)
    embed.description = (
        f"Reset {mention(request.member_id)}'s **{game}** rating?\n"
        f"{what_is_reset(game, season_name)}\n"
        f"Now: {rating_summary(stats)}\n"
        "This cannot be undone, and it is recorded in /modlog."
    )
    return embed


def confirm_view(request: ResetRequest) -> StaticView:
    """The "Reset rating" and "Keep" buttons."""
    view = StaticView()
    view.add_button(
        label="Reset rating",
        style=discord.ButtonStyle.danger,
        custom_id=reset_button_id("reset", request),
    )
    view.add_button(label="Keep", custom_id=reset_button_id("keep", request))
    return view


def reset_done_embed(request: ResetRequest, season_name: str) -> discord.Embed:
    """The answer once the rating is cleared."""
    game = game_name(request.variant)
    embed = discord.Embed(
        title=f"✅ {game} rating reset",
        colour=DONE_COLOUR,
        description=f"{mention(request.member_id)}'s {game} rating is reset.\n"
        f"{what_is_reset(game, season_name)}\n"
        "Recorded in /modlog.",
    )
    return embed


def kept_text(request: ResetRequest) -> str:
    """The answer to "Keep"."""
    game = game_name(request.variant)
    return f"Nothing was reset: {mention(request.member_id)}'s {game} rating stays as it was."


def nothing_to_reset(member_id: int, variant: str) -> str:
    """The answer when the member has no rating in that game to clear."""
    game = game_name(variant)
    return (
        f"{mention(member_id)} has no {game} rating to reset (none this season and none "
        "all-time): nothing was changed."
    )
