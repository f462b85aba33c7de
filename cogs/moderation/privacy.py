"""``/privacy show`` and ``/privacy delete``: what Bower keeps about a member in a server,
and erasing it once they (or a moderator, for them) confirm.

Erasing is :meth:`PrivacyRepository.erase`: the member's ratings go and their seat in past
games becomes a former member, so everyone else's results still add up. Before erasing,
the results not counted yet are counted (a game the member just finished is then rated
for the others as it was played). The confirmation's buttons are ``DynamicItem``\\ s (they
work after a restart); the member they name is only *whose* data it is: who may confirm
is decided by the member who clicks — the member themself, or a moderator. A click on a
confirmation no longer carrying that button (already answered, or forged) changes
nothing, and erasing twice is not possible: a lock per member and a fresh look at what is
left make a second confirmation answer that there is nothing to erase.
"""

from __future__ import annotations

import asyncio
import logging
import time

import discord
from discord import app_commands
from discord.ext import commands

from bot.ratings.updater import RatingUpdater
from bot.store.moderation.privacy import PrivacyError, PrivacyRepository, StoredData
from bot.tables import TableError
from bot.ui.moderation.privacy import (
    NOT_IN_SERVER,
    NOT_IN_USE,
    NOT_READY,
    NOT_YOURS,
    OTHERS_ONLY_MODERATORS,
    PRIVACY_PATTERN,
    PRIVACY_PREFIX,
    confirm_view,
    deletion_question,
    erasable,
    erased_answer,
    kept_answer,
    nothing_to_erase,
    parse_privacy_id,
    privacy_embed,
    seated_refusal,
)
from bot.ui.numbers import MAX_INTEGER
from bot.ui.replies import in_time, show_closed, tell

from ..clicks import IdButton, is_stray_click
from ..moderators import is_moderator
from ..store_access import database
from ..table_play import guarded
from .announce import announce_mod_actions

log = logging.getLogger(__name__)


class Privacy(commands.Cog):
    """Showing and erasing what Bower keeps about a member."""

    privacy = app_commands.Group(
        name="privacy",
        description="What Bower keeps about you in this server, and erasing it",
        guild_only=True,
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._locks: dict[tuple[int, int], asyncio.Lock] = {}

    async def cog_load(self) -> None:
        """Register the confirmation's buttons."""
        self.bot.add_dynamic_items(PrivacyButton)

    async def cog_unload(self) -> None:
        """Forget the confirmation's buttons."""
        self.bot.remove_dynamic_items(PrivacyButton)

    def _repository(self) -> PrivacyRepository:
        return PrivacyRepository(database(self.bot))

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer a confirmation button its message no longer carries: nothing changes."""
        if is_stray_click(interaction, PRIVACY_PREFIX, PRIVACY_PATTERN):
            await guarded(interaction, tell(interaction, NOT_IN_USE))

    # ----- commands --------------------------------------------------------------------------
    @privacy.command(name="show", description="What Bower keeps about you in this server")
    async def show(self, interaction: discord.Interaction) -> None:
        """Privately: what is kept about the member here, who sees it, how long, how to erase."""
        await guarded(interaction, self._show(interaction, time.monotonic()))

    async def _show(self, interaction: discord.Interaction, started: float) -> None:
        guild_id = server_of(interaction)
        work = self._stored(guild_id, interaction.user.id)
        stored = await in_time(interaction, work, started=started, new_message=True)
        server = interaction.guild.name if interaction.guild else "this server"
        await tell(interaction, embed=privacy_embed(stored, server))

    @privacy.command(name="delete", description="Erase your ratings and stats in this server")
    @app_commands.describe(member="Moderators only: whose data to erase (yours if left out)")
    async def delete(
        self,
        interaction: discord.Interaction,
        member: discord.Member | discord.User | None = None,
    ) -> None:
        """Privately: what erasing will do, with the buttons that confirm it or not."""
        await guarded(interaction, self._ask(interaction, member, time.monotonic()))

    async def _ask(
        self,
        interaction: discord.Interaction,
        member: discord.Member | discord.User | None,
        started: float,
    ) -> None:
        guild_id = server_of(interaction)
        member_id = member.id if member is not None else interaction.user.id
        own = member_id == interaction.user.id
        if not own and not is_moderator(interaction):
            log.info("Guild %d: refused /privacy delete of another member", guild_id)
            raise TableError(OTHERS_ONLY_MODERATORS)
        work = self._stored(guild_id, member_id)
        stored = await in_time(interaction, work, started=started, new_message=True)
        if stored.open_tables:
            await tell(interaction, seated_refusal(stored.open_tables, member_id, own=own))
        elif not erasable(stored):
            await tell(interaction, nothing_to_erase(stored, member_id, own=own))
        else:
            question = deletion_question(stored, member_id, own=own)
            await tell(interaction, question, view=confirm_view(member_id, own=own))

    async def _stored(self, guild_id: int, user_id: int) -> StoredData:
        """What is kept about the member, with the results not counted yet counted."""
        await self._count_results()
        return await self._repository().stored(guild_id, user_id)

    async def _count_results(self) -> None:
        """Count every finished game not counted yet (the stats cog's updater if loaded)."""
        stats = self.bot.get_cog("Stats")
        catch_up = getattr(stats, "catch_up", None)
        if catch_up is not None:
            await catch_up(wait=None)
        else:
            await RatingUpdater(database(self.bot)).apply_pending()

    # ----- the confirmation's answers --------------------------------------------------------
    async def answer(self, interaction: discord.Interaction, member_id: int, op: str) -> None:
        """Erase or keep ``member_id``'s data, if the member clicking may decide that."""
        started = time.monotonic()
        guild_id = server_of(interaction)
        own = interaction.user.id == member_id
        if member_id > MAX_INTEGER:
            raise TableError(NOT_IN_USE)
        if not own and not is_moderator(interaction):
            log.info("Guild %d: refused a privacy confirmation to someone else", guild_id)
            raise TableError(NOT_YOURS)
        if op != "erase":
            stored = await self._repository().stored(guild_id, member_id)
            kept = erasable(stored)  # else erased meanwhile (by a moderator, or twice asked)
            text = kept_answer(own=own) if kept else nothing_to_erase(stored, member_id, own=own)
            await show_closed(interaction, text)
            return
        text, erased = await in_time(
            interaction, self._erase(guild_id, member_id, interaction.user.id), started=started
        )
        await show_closed(interaction, text)
        if erased and not own:
            await announce_mod_actions(self.bot, guild_id)

    async def _erase(self, guild_id: int, member_id: int, by: int) -> tuple[str, bool]:
        """Erase the member's data unless there is nothing left to erase: the answer's words
        and whether anything was erased."""
        own = by == member_id
        async with self._locks.setdefault((guild_id, member_id), asyncio.Lock()):
            repository = self._repository()
            stored = await repository.stored(guild_id, member_id)
            if not erasable(stored):
                return nothing_to_erase(stored, member_id, own=own), False
            await self._count_results()
            try:
                pseudonym = await repository.erase(guild_id, member_id, erased_by=by)
            except PrivacyError as refused:
                return f"{refused} Nothing was erased.", False
        forget_kept_games(self.bot, guild_id)
        log.info(
            "Guild %d: a member's data was erased (now former member %d), by %s",
            guild_id,
            -pseudonym,
            "themself" if own else "a moderator",
        )
        return erased_answer(member_id, own=own), True


def server_of(interaction: discord.Interaction) -> int:
    """The server the interaction comes from (refused outside one)."""
    if interaction.guild_id is None:
        raise TableError(NOT_IN_SERVER)
    return interaction.guild_id


def forget_kept_games(bot: commands.Bot, guild_id: int) -> None:
    """Make the review cog read the server's games again (their seats changed)."""
    review = bot.get_cog("Review")
    library = getattr(review, "library", None)
    forget = getattr(library(), "forget_server", None) if library is not None else None
    if forget is not None:
        forget(guild_id)


class PrivacyButton(IdButton, template=PRIVACY_PATTERN):
    """Erase my data / Keep it, on a private confirmation (works after restarts too)."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the answer to the cog, which checks who is clicking."""
        client = interaction.client
        cog = client.get_cog("Privacy") if isinstance(client, commands.Bot) else None
        wanted = parse_privacy_id(self.custom_id)
        if not isinstance(cog, Privacy) or wanted is None:
            await guarded(interaction, tell(interaction, NOT_READY))
            return
        await guarded(interaction, cog.answer(interaction, *wanted))


async def setup(bot: commands.Bot) -> None:
    """Extension entry point used by ``load_extension``."""
    await bot.add_cog(Privacy(bot))
