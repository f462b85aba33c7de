"""Tables: ``/table create|status|leave|end|replace``, ``/hand`` and ``/rules``.

The commands translate an interaction into a table-service call and answer privately; the
table's public message is kept by the publisher (:mod:`bot.ui.table.publisher`). Clicks on
Bower's buttons and selects reach :func:`cogs.table_components.route` through this cog's
``on_interaction`` listener.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import VARIANTS
from bot.store.guild_settings import COMPUTER_LEVELS
from bot.tables import TableError
from bot.tables.models import Table
from bot.ui.replies import in_time, release, tell
from bot.ui.rules import rules_footer

from . import table_play
from .moderation.announce import announce_mod_actions
from .moderators import MODERATORS_ONLY, is_moderator
from .table_components import is_bower_component, route
from .table_lookup import (
    HOUSE_OPTION_HELP,
    game_choices,
    int_choices,
    pick_table,
    player_count_choices,
    table_label,
    table_options,
    target_choices,
)

RULES_COLOUR = 0x2ECC71
MAX_RULES = 4000


def here_ids(interaction: discord.Interaction) -> list[int]:
    """The channel (and thread, with its parent) the interaction came from."""
    channel = interaction.channel
    ids = [interaction.channel_id or 0]
    parent = getattr(channel, "parent_id", None)
    if isinstance(channel, discord.Thread) and parent:
        ids.append(parent)
    return ids


def rules_embed(variant: str) -> discord.Embed:
    """A game's rules summary, players and options."""
    info = VARIANTS[variant]
    embed = discord.Embed(
        title=f"{info.name} — rules", description=info.rules[:MAX_RULES], colour=RULES_COLOUR
    )
    embed.set_footer(text=rules_footer(info))
    return embed


class Tables(commands.Cog):
    """Opening, joining, playing and moderating card tables."""

    table = app_commands.Group(
        name="table", description="Card tables: open one, see it, leave it", guild_only=True
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # ----- /table create -----------------------------------------------------------------
    @table.command(name="create", description="Open a table for a card game in this channel")
    @app_commands.describe(
        game="The game to play",
        players="How many seats (the game decides which counts are allowed)",
        target="Points needed to win",
        **HOUSE_OPTION_HELP,
    )
    @app_commands.choices(game=game_choices())
    @app_commands.choices(deck=int_choices("deck", " cards"))
    async def create(
        self,
        interaction: discord.Interaction,
        game: str,
        players: app_commands.Range[int, 2, 10] | None = None,
        target: app_commands.Range[int, 1, 1000] | None = None,
        stick_dealer: bool | None = None,
        deck: int | None = None,
        zilch: bool | None = None,
    ) -> None:
        """Open a lobby with the member in seat 1."""
        started = table_play.arrival(interaction)
        runtime = table_play.begin(interaction)
        if interaction.guild_id is None or game not in VARIANTS:
            raise TableError("Tables can be opened in a server channel, for one of the games.")
        given = {"target": target, "stick_dealer": stick_dealer, "deck": deck, "zilch": zilch}
        options = table_options(game, given)
        channel_id, thread_id = table_play.table_place(interaction)
        table = await in_time(
            interaction,
            runtime.service.create(
                guild_id=interaction.guild_id,
                channel_id=channel_id,
                host_id=interaction.user.id,
                variant=game,
                players=players,
                options=options,
                thread_id=thread_id,
            ),
            started=started,
        )
        await tell(
            interaction,
            f"Table #{table.id} ({table.variant_name}) is open: the table message has the "
            "buttons to join, add computer players and start.",
        )

    @create.autocomplete("players")
    async def players_autocomplete(
        self, interaction: discord.Interaction, typed: int | str | None
    ) -> list[app_commands.Choice[int]]:
        """The player counts the chosen game allows."""
        return player_count_choices(str(interaction.namespace.game or ""), typed)

    @create.autocomplete("target")
    async def target_autocomplete(
        self, interaction: discord.Interaction, typed: int | str | None
    ) -> list[app_commands.Choice[int]]:
        """Scores to play to, the server's default first."""
        variant = str(interaction.namespace.game or "")
        options: Mapping[str, Any] = {}
        if interaction.guild_id is not None and variant in VARIANTS:
            service = table_play.begin(interaction).service
            options = (await service.settings.get(interaction.guild_id)).options_for(variant)
        return target_choices(variant, options, typed)

    # ----- /table status | leave | end | replace -----------------------------------------
    @table.command(name="status", description="Show a table privately, as everyone sees it")
    @app_commands.describe(table="The table's number (optional in its own channel)")
    async def status(self, interaction: discord.Interaction, table: int | None = None) -> None:
        """The table message's content, privately."""
        chosen = self._pick(interaction, table, seated=False)
        await table_play.table_status(interaction, chosen.id)

    @table.command(
        name="leave",
        description="Give up your seat (in a game a computer takes it; you're asked first)",
    )
    @app_commands.describe(table="The table's number (optional in its own channel)")
    async def leave(self, interaction: discord.Interaction, table: int | None = None) -> None:
        """Leave a lobby at once; before handing one's seat in a game to a computer player,
        say what that means and ask."""
        started = table_play.arrival(interaction)
        runtime = table_play.begin(interaction)
        chosen = self._pick(interaction, table, seated=True)
        if chosen.status == "playing":
            await table_play.ask_to_leave(interaction, chosen.id)
            return
        await in_time(
            interaction, runtime.service.leave(chosen.id, interaction.user.id), started=started
        )
        await tell(interaction, f"You left table #{chosen.id}.")

    @table.command(name="end", description="Moderators: close a table (a game is abandoned)")
    @app_commands.describe(table="The table's number (optional in its own channel)")
    async def end(self, interaction: discord.Interaction, table: int | None = None) -> None:
        """A moderator ends a lobby or a game (recorded as abandoned, without a result)."""
        started = table_play.arrival(interaction)
        runtime = table_play.begin(interaction)
        if not is_moderator(interaction):
            raise TableError(MODERATORS_ONLY)
        chosen = self._pick(interaction, table, seated=False)
        ended = await in_time(
            interaction,
            runtime.service.end_table(chosen.id, interaction.user.id),
            started=started,
        )
        what = (
            "abandoned). The game in progress has no result and nobody is rated"
            if ended.status == "abandoned"
            else "cancelled). The game had not started"
        )
        await tell(interaction, f"Table #{ended.id} is closed ({what}; recorded in /modlog.")
        await announce_mod_actions(self.bot, ended.guild_id)

    @table.command(name="replace", description="Moderators: give a person's seat to a computer")
    @app_commands.describe(
        seat="The seat number (1 is the host's first seat)",
        table="The table's number (optional in its own channel)",
        level="The computer player's level (default: the server's)",
    )
    @app_commands.choices(level=[app_commands.Choice(name=lv, value=lv) for lv in COMPUTER_LEVELS])
    async def replace(
        self,
        interaction: discord.Interaction,
        seat: app_commands.Range[int, 1, 10],
        table: int | None = None,
        level: str | None = None,
    ) -> None:
        """Hand a seated member's seat to a computer player for the rest of the game."""
        started = table_play.arrival(interaction)
        runtime = table_play.begin(interaction)
        if not is_moderator(interaction):
            raise TableError(MODERATORS_ONLY)
        chosen = self._pick(interaction, table, seated=False)
        await in_time(
            interaction,
            runtime.service.replace_with_computer(chosen.id, seat - 1, interaction.user.id, level),
            started=started,
        )
        await tell(interaction, f"Seat {seat} of table #{chosen.id} now has a computer player.")
        await announce_mod_actions(self.bot, chosen.guild_id)

    @status.autocomplete("table")
    @leave.autocomplete("table")
    @end.autocomplete("table")
    @replace.autocomplete("table")
    async def table_autocomplete(
        self, interaction: discord.Interaction, typed: int | str | None
    ) -> list[app_commands.Choice[int]]:
        """The server's open tables."""
        runtime = table_play.begin(interaction)
        tables = runtime.service.open_tables(interaction.guild_id)
        choices = []
        for table in tables:
            if not str(table.id).startswith(str(typed or "")):
                continue
            channel = self.bot.get_channel(table.thread_id or table.channel_id)
            name = getattr(channel, "name", None)
            choices.append(app_commands.Choice(name=table_label(table, name), value=table.id))
        return choices[:25]

    # ----- /hand and /rules ----------------------------------------------------------------
    @app_commands.command(name="hand", description="See your cards and make your move, privately")
    @app_commands.describe(table="The table's number (if you sit at several)")
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction, table: int | None = None) -> None:
        """The member's private hand at their table."""
        started = table_play.arrival(interaction)
        chosen = self._pick(interaction, table, seated=True)
        await table_play.open_hand(interaction, chosen.id, started, update=False)

    @app_commands.command(name="rules", description="The rules of one of Bower's games")
    @app_commands.describe(game="The game")
    @app_commands.choices(game=game_choices())
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        """A game's rules, privately."""
        if game not in VARIANTS:
            raise TableError("Choose one of the games.")
        await tell(interaction, embed=rules_embed(game))

    # ----- buttons and selects ----------------------------------------------------------------
    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Route every click on a Bower component (see :mod:`cogs.table_components`),
        then free what it carries at once (see :func:`bot.ui.replies.release`)."""
        if is_bower_component(interaction):
            try:
                await route(interaction)
            finally:
                release(interaction)

    # ----- helpers -----------------------------------------------------------------------------
    def _pick(
        self, interaction: discord.Interaction, table_id: int | None, *, seated: bool
    ) -> Table:
        runtime = table_play.begin(interaction)
        tables = runtime.service.open_tables(interaction.guild_id)
        return pick_table(
            tables,
            table_id=table_id,
            here=here_ids(interaction),
            user_id=interaction.user.id,
            seated=seated,
        )


async def setup(bot: commands.Bot) -> None:
    """Extension entry point used by `load_extension`."""
    await bot.add_cog(Tables(bot))
