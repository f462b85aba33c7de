"""Who may run tournaments, and which tournament a command means."""

from __future__ import annotations

import logging

import discord

from bot.store.guild_settings import GuildSettings
from bot.store.tournaments import TournamentRecord, TournamentStatus
from bot.tournaments.service import TournamentError, TournamentService

from ..moderators import is_moderator

log = logging.getLogger(__name__)

RUNNERS_ONLY = (
    "Only moderators (Manage Server) or members with the server's tournament role can "
    "run tournaments; nothing was changed."
)
STATUS_WORDS = {
    "signup": "signing up", "running": "running", "paused": "paused",
    "finished": "finished", "ended": "ended",
}


def may_run(interaction: discord.Interaction, settings: GuildSettings) -> bool:
    """A moderator, or a member with the server's ``tournament_role``."""
    if is_moderator(interaction):
        return True
    user = interaction.user
    role = settings.tournament_role
    return bool(role) and isinstance(user, discord.Member) and any(
        r.id == role for r in user.roles
    )


def check_runner(interaction: discord.Interaction, settings: GuildSettings, what: str) -> None:
    """:class:`TournamentError` unless the member may run tournaments."""
    if not may_run(interaction, settings):
        log.info("Guild %s: refused tournament %s to %s", interaction.guild_id, what,
                 interaction.user.id)
        raise TournamentError(RUNNERS_ONLY)


def choice_label(record: TournamentRecord) -> str:
    """``Euchre night (#3, running)`` for autocomplete."""
    return f"{record.name} (#{record.id}, {STATUS_WORDS.get(record.status, record.status)})"[:100]


async def pick(
    service: TournamentService, guild_id: int, given: str | None,
    default: tuple[TournamentStatus, ...], *, fallback_latest: bool = True,
) -> TournamentRecord:
    """The tournament ``given`` names (its id or name), else the server's newest in
    ``default``, else (``fallback_latest``) its newest of all."""
    if given:
        typed = given.strip().lstrip("#")
        if typed.isdigit():
            found = await service.repo.get(int(typed))
            if found is not None and found.guild_id == guild_id:
                return found
        for record in await service.repo.of_guild(guild_id):
            if record.name.lower() == given.strip().lower():
                return record
        raise TournamentError(f"There is no tournament {given!r} in this server.")
    wanted = await service.repo.of_guild(guild_id, default)
    if wanted:
        return wanted[0]
    if fallback_latest:
        every = await service.repo.of_guild(guild_id)
        if every:
            return every[0]
    raise TournamentError(
        "There is no such tournament in this server. A moderator starts one with "
        "`/tournament create`."
    )
