"""``/tournament``: create one with its sign-up message, follow the standings, see the
results, and (moderators or the tournament role) pause, resume, drop a player or end it.

The service (:class:`bot.tournaments.service.TournamentService`) runs the rounds; this cog
reads the commands, answers privately, and leaves the channel's messages to
:class:`.posting.TournamentPoster`. The sign-up and round buttons (``bower-tour:…``) are
answered in :mod:`.clicks`, so they keep working after a restart. Clocks and start times
run on the bot's turn-timer scale (``TURN_TIMER_SCALE``, which only tests shorten).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import VARIANTS, IllegalAction
from bot.shards import guild_owner
from bot.store.tournaments import OPEN_TOURNAMENT, TournamentRecord, TournamentStatus
from bot.tables import check_channel
from bot.tournaments.rounds import layout_of
from bot.tournaments.service import TournamentError, TournamentService
from bot.ui.replies import in_time, tell
from bot.ui.runtime import runtime_of
from bot.ui.tournaments.common import standings_embed
from bot.ui.tournaments.ids import is_tournament_component
from bot.ui.tournaments.notices import ended_reply

from .. import table_play
from ..table_lookup import HOUSE_OPTION_HELP, game_choices, int_choices, table_options
from .access import check_runner, choice_label, pick
from .clicks import clicked
from .posting import TournamentPoster

log = logging.getLogger(__name__)

NOT_IN_SERVER = "Tournaments belong to a server: use /tournament in one of its channels."
FINISHED: tuple[TournamentStatus, ...] = ("finished", "ended")
#: Which tournament a moderator's command means by default (else the open one).
MODERATED: dict[str, tuple[TournamentStatus, ...]] = {
    "pause": ("running",), "resume": ("paused",),
}


def default_format(variant: str, seats: int) -> str:
    """Progressive for four seats in two partnerships (it moves partners), else Swiss."""
    try:
        layout = layout_of(variant, seats)
    except IllegalAction:
        return "swiss"  # the service says why the seats are wrong
    return "progressive" if layout.four_in_pairs else "swiss"


class Tournaments(commands.Cog):
    """Tournaments: sign-up, rounds, standings."""

    tournament = app_commands.Group(
        name="tournament", description="Euchre nights: many tables, round after round",
        guild_only=True,
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        runtime = runtime_of(bot)
        settings = getattr(bot, "settings", None)
        self.scale = float(getattr(settings, "turn_timer_scale", 1.0))
        self.service = TournamentService(runtime.service.db, runtime.service,
                                         clock_scale=self.scale)
        self.poster = TournamentPoster(bot, runtime, self.service)
        self.service.subscribe(self.poster.on_update)
        self._restoring: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        """Resume the tournaments once the gateway is ready (the tables are restored by then)."""
        self._restoring = asyncio.create_task(self._restore())

    async def cog_unload(self) -> None:
        """Stop the clocks and the posting (everything stays stored)."""
        if self._restoring is not None:
            self._restoring.cancel()
        await self.service.close()
        await self.poster.close()

    async def _restore(self) -> None:
        await self.bot.wait_until_ready()
        try:
            owns = guild_owner(self.bot)
            await self.service.restore(owns)
            opened = [t for t in await self.service.repo.open_ones() if owns(t.guild_id)]
            log.info("Restored tournaments: %d open", len(opened))
        except Exception:
            log.exception("Could not restore the tournaments")

    # ----- create ----------------------------------------------------------------------------
    @tournament.command(name="create", description="Open a tournament for sign-up here")
    @app_commands.describe(
        game="The game every table plays",
        format="Progressive: winners move up, partners change; Swiss: similar scores meet",
        rounds="How many rounds (default 3)",
        hands="Hands a round (default: 8 progressive, twice the seats Swiss)",
        players="Seats a table (the game's usual number by default)",
        fill="Players short of a full table: computer players fill seats, or they sit out",
        round_minutes="A clock for each round: then each table finishes the hand in play",
        start_in="Start by itself in this many minutes (default: when the host presses Start)",
        name="The tournament's name (default: <Game> night)",
        **HOUSE_OPTION_HELP,
    )
    @app_commands.choices(game=game_choices())
    @app_commands.choices(format=[app_commands.Choice(name="Progressive", value="progressive"),
                                  app_commands.Choice(name="Swiss", value="swiss")])
    @app_commands.choices(fill=[app_commands.Choice(name="Computer players", value="computers"),
                                app_commands.Choice(name="Byes (sit the round out)", value="bye")])
    @app_commands.choices(deck=int_choices("deck", " cards"))
    async def create(
        self, interaction: discord.Interaction, game: str,
        format: str | None = None,  # noqa: A002 - the option members see
        rounds: app_commands.Range[int, 1, 12] = 3,
        hands: app_commands.Range[int, 1, 30] | None = None,
        players: app_commands.Range[int, 2, 10] | None = None,
        fill: str = "computers",
        round_minutes: app_commands.Range[int, 1, 240] | None = None,
        start_in: app_commands.Range[int, 1, 1440] | None = None,
        name: app_commands.Range[str, 1, 60] | None = None,
        stick_dealer: bool | None = None, deck: int | None = None, zilch: bool | None = None,
    ) -> None:
        """Store the tournament and post its sign-up message in this channel."""
        given = {"stick_dealer": stick_dealer, "deck": deck, "zilch": zilch}
        settings = dict(format=format, rounds=rounds, hands=hands, players=players, fill=fill,
                        round_minutes=round_minutes, start_in=start_in, name=name)
        await table_play.guarded(interaction, self._create(interaction, game, given, settings))

    async def _create(self, interaction: discord.Interaction, game: str,
                      given: dict[str, Any], chosen: dict[str, Any]) -> None:
        started = table_play.arrival(interaction)
        runtime = table_play.begin(interaction)
        guild_id = self._guild(interaction)
        settings = await runtime.service.settings.get(guild_id)
        check_runner(interaction, settings, "create")
        if game not in VARIANTS:
            raise TournamentError("Choose one of the games from the list.")
        info = VARIANTS[game]
        channel_id, _ = table_play.table_place(interaction)  # a thread's tables open in its
        check_channel(settings, channel_id)  # channel: a tournament's tables open threads
        seats = chosen["players"] or info.default_players
        fmt = chosen["format"] or default_format(game, seats)
        hands = chosen["hands"] or (8 if fmt == "progressive" else 2 * seats)
        options = {**settings.options_for(game), **table_options(game, given)}
        record = await in_time(interaction, self.service.create(
            guild_id=guild_id, channel_id=channel_id, host_id=interaction.user.id,
            name=chosen["name"] or "", variant=game, players=seats,
            fmt=fmt, fill=chosen["fill"], rounds=chosen["rounds"], hands=hands, options=options,
            round_minutes=chosen["round_minutes"], start_in_minutes=chosen["start_in"],
            computers_allowed=settings.computers_allowed,
        ), started=started, new_message=True)
        message = await self._post_signup(record)
        if message is None:
            await tell(interaction, f"{record.name} is stored (#{record.id}), but Bower cannot "
                       "post in this channel: give it Send Messages here.")
            return
        await tell(interaction, f"**{record.name}** (#{record.id}) is open for sign-up: "
                   f"{message.jump_url}. Press **Start** on it when everyone is in.")

    async def _post_signup(self, record: TournamentRecord) -> discord.Message | None:
        channel = await self.poster.channel(record)
        if channel is None:
            return None
        embed, view = await self.poster.signup_message(record)
        try:
            message: discord.Message = await channel.send(embed=embed, view=view)
        except discord.HTTPException as exc:
            log.warning("Tournament %d: sign-up message: %s", record.id, exc)
            return None
        await self.service.repo.set_message(record.id, message.id)
        return message

    # ----- standings and results ---------------------------------------------------------------
    @tournament.command(name="standings", description="A tournament's standings so far")
    @app_commands.describe(tournament="Which (default: the one running, else the latest)",
                           share="Post them in the channel for everyone (default: only you)")
    async def standings(self, interaction: discord.Interaction,
                        tournament: str | None = None, share: bool = False) -> None:
        """The standings text and picture (final once it is over)."""
        await table_play.guarded(interaction, self._standings(interaction, tournament, share,
                                                   OPEN_TOURNAMENT, True))

    @tournament.command(name="results", description="A finished tournament's final standings")
    @app_commands.describe(tournament="Which (default: the latest finished)",
                           share="Post them in the channel for everyone (default: only you)")
    async def results(self, interaction: discord.Interaction,
                      tournament: str | None = None, share: bool = False) -> None:
        """The final standings text and picture."""
        await table_play.guarded(interaction, self._standings(interaction, tournament, share,
                                                   FINISHED, False))

    async def _standings(self, interaction: discord.Interaction, given: str | None,
                         share: bool, default: tuple[TournamentStatus, ...],
                         fallback: bool) -> None:
        table_play.begin(interaction)
        guild_id = self._guild(interaction)
        record = await pick(self.service, guild_id, given, default, fallback_latest=fallback)
        if not fallback and record.is_open:
            raise TournamentError(f"{record.name} isn't over yet: `/tournament standings` "
                                  "shows how it stands.")
        await interaction.response.defer(ephemeral=not share, thinking=True)
        lines = await self.service.standings(record.id)
        final = not record.is_open
        names = await self.poster.names(guild_id, [s.user_id for s in lines])
        file = await self.poster.picture(record, lines, names, final=final)
        embed = standings_embed(record, lines, names, final=final, picture=file is not None)
        await interaction.followup.send(
            embed=embed, files=[file] if file else [], ephemeral=not share,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    # ----- moderators ----------------------------------------------------------------------
    @tournament.command(name="pause", description="Hold a tournament after the round in play")
    @app_commands.describe(tournament="Which (default: the one running)")
    async def pause(self, interaction: discord.Interaction, tournament: str | None = None) -> None:
        """Pause: the round in play finishes, the next waits."""
        await table_play.guarded(interaction, self._moderate(interaction, tournament, "pause"))

    @tournament.command(name="resume", description="Carry on with a paused tournament")
    @app_commands.describe(tournament="Which (default: the paused one)")
    async def resume(self, interaction: discord.Interaction,
                     tournament: str | None = None) -> None:
        """Resume: the next round starts now if the last one is over."""
        await table_play.guarded(interaction, self._moderate(interaction, tournament, "resume"))

    @tournament.command(name="end", description="End a tournament now (tables count as they stand)")
    @app_commands.describe(tournament="Which (default: the open one)")
    async def end(self, interaction: discord.Interaction, tournament: str | None = None) -> None:
        """End now: open tables end where they are."""
        await table_play.guarded(interaction, self._moderate(interaction, tournament, "end"))

    @tournament.command(name="drop", description="Take a player out of a tournament")
    @app_commands.describe(member="The player to drop",
                           tournament="Which (default: the one running)")
    async def drop(self, interaction: discord.Interaction, member: discord.Member,
                   tournament: str | None = None) -> None:
        """Drop: a computer finishes their seat if it is in play; later rounds go on without
        them."""
        step = self._moderate(interaction, tournament, "drop", member.id)
        await table_play.guarded(interaction, step)

    async def _moderate(self, interaction: discord.Interaction, given: str | None,
                        what: str, member_id: int | None = None) -> None:
        started = table_play.arrival(interaction)
        runtime = table_play.begin(interaction)
        guild_id = self._guild(interaction)
        check_runner(interaction, await runtime.service.settings.get(guild_id), what)
        record = await pick(self.service, guild_id, given, MODERATED.get(what, OPEN_TOURNAMENT))
        who = interaction.user.id
        done: str | None
        if what == "pause":
            work = self.service.pause(record.id, who)
            done = f"{record.name} is paused: the next round waits for `/tournament resume`."
        elif what == "resume":
            work = self.service.resume(record.id, who)
            done = f"{record.name} goes on."
        elif what == "drop":
            assert member_id is not None
            work = self.service.drop(record.id, member_id, who)
            done = f"<@{member_id}> is dropped from {record.name}."
        else:
            work = self.service.end(record.id, who)
            done = None  # it says whether the tournament had started
        record = await in_time(interaction, work, started=started, new_message=True)
        if done is None:
            done = ended_reply(record, await self.service.cut_round(record))
        await tell(interaction, done)

    # ----- autocomplete ---------------------------------------------------------------------
    @standings.autocomplete("tournament")
    @pause.autocomplete("tournament")
    @resume.autocomplete("tournament")
    @end.autocomplete("tournament")
    @drop.autocomplete("tournament")
    async def any_tournament(self, interaction: discord.Interaction,
                             typed: str) -> list[app_commands.Choice[str]]:
        """The server's tournaments, newest first."""
        return await self._choices(interaction, typed, None)

    @results.autocomplete("tournament")
    async def finished_tournament(self, interaction: discord.Interaction,
                                  typed: str) -> list[app_commands.Choice[str]]:
        """The server's finished tournaments, newest first."""
        return await self._choices(interaction, typed, FINISHED)

    async def _choices(
        self, interaction: discord.Interaction, typed: str,
        statuses: tuple[TournamentStatus, ...] | None,
    ) -> list[app_commands.Choice[str]]:
        if interaction.guild_id is None:
            return []
        found = await self.service.repo.of_guild(interaction.guild_id, statuses)
        word = (typed or "").strip().lower().lstrip("#")
        return [
            app_commands.Choice(name=choice_label(r), value=str(r.id))
            for r in found
            if not word or word in r.name.lower() or str(r.id).startswith(word)
        ][:25]

    # ----- buttons --------------------------------------------------------------------------
    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer clicks on the tournament buttons."""
        if interaction.type != discord.InteractionType.component:
            return
        custom_id = cast(dict[str, Any], interaction.data or {}).get("custom_id")
        if isinstance(custom_id, str) and is_tournament_component(custom_id):
            click = clicked(self.service, self.poster, interaction, custom_id)
            await table_play.guarded(interaction, click)

    # ----- helpers --------------------------------------------------------------------------
    @staticmethod
    def _guild(interaction: discord.Interaction) -> int:
        if interaction.guild_id is None:
            raise TournamentError(NOT_IN_SERVER)
        return interaction.guild_id
