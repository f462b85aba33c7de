"""``/review`` and the review's buttons: step through a finished game hand by hand and
trick by trick, with the computer's opinion of the member's own decisions; share a step
in the channel; download the game's record.

Every answer is private except Share. The buttons carry the table and the step shown, so
a review keeps working after a restart; the member is checked against the server the game
was played in at every click.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from dataclasses import dataclass
from typing import cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import VARIANTS
from bot.review.library import FinishedGame, ReviewLibrary, ReviewRefused
from bot.store.results import PlayedGame
from bot.tables import TableError
from bot.ui.numbers import parse_number
from bot.ui.pictures import show_picture
from bot.ui.replies import answer_privately, in_time
from bot.ui.review.message import (
    REVIEW_FILE,
    departure_notes,
    record_files,
    review_controls,
    review_embed,
    review_picture,
    seat_labels,
)
from bot.ui.review.navigation import Step, is_step, target
from bot.ui.review.opinion import FAILED, NOT_PLAYED, WORKING, opinion_text
from bot.ui.runtime import runtime_of

from .store_access import database
from .table_play import guarded

log = logging.getLogger(__name__)

NOT_IN_SERVER = "Games are reviewed in the server they were played in: use /review there."
NO_SUCH_STEP = "That review button is not valid: nothing was changed."
CHOICES = 25
PICK_ONE = "choose one from the list, or leave the option out for your latest game."


@dataclass
class Shown:
    """The last answer a member's review message got: its interaction (whose token edits
    that message for 15 minutes) and the step it shows."""

    interaction: discord.Interaction
    step: Step


class Review(commands.Cog):
    """Reviewing finished games."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._library: ReviewLibrary | None = None
        self._shown: dict[tuple[int, int], Shown] = {}  # (member, table) -> last answer
        self._waiting: set[asyncio.Task[None]] = set()

    def library(self) -> ReviewLibrary:
        """The one library of finished games (made on first use)."""
        if self._library is None:
            executor = getattr(self.bot, "executor", None)
            self._library = ReviewLibrary(database(self.bot), executor)
        return self._library

    @app_commands.command(
        name="review", description="Step through a finished game, with the computer's opinion"
    )
    @app_commands.guild_only()
    @app_commands.describe(game="Which game (your latest if left out)")
    async def review(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """The member's chosen (or latest) finished game, privately, at its first step."""
        await guarded(interaction, self._open(interaction, game))

    async def _open(self, interaction: discord.Interaction, game: str | None) -> None:
        if interaction.guild_id is None:
            raise TableError(NOT_IN_SERVER)
        if game is None or not game.strip():
            try:
                table_id = await self.library().latest(interaction.guild_id, interaction.user.id)
            except ReviewRefused as refused:
                raise TableError(str(refused)) from None
        else:
            table_id = parse_game(game)
        await self.open(interaction, table_id)

    @review.autocomplete("game")
    async def game_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The member's recent finished games in this server, newest first."""
        if interaction.guild_id is None:
            return []
        games = await self.library().recent(interaction.guild_id, interaction.user.id, CHOICES)
        wanted = current.strip().lstrip("#").casefold()
        labels = [(game_label(played), played.result.table_id) for played in games]
        choices = [
            app_commands.Choice(name=label[:100], value=str(table_id))
            for label, table_id in labels
            if wanted in label.casefold()
        ]
        return choices

    # ----- showing a step ------------------------------------------------------------------
    async def open(self, interaction: discord.Interaction, table_id: int) -> None:
        """A new private review of table ``table_id``'s game at its first step."""
        game = await self._game(interaction, table_id)
        await self.show(interaction, game, Step(1, 0), update=False)

    async def _game(self, interaction: discord.Interaction, table_id: int) -> FinishedGame:
        if interaction.guild_id is None:
            raise TableError(NOT_IN_SERVER)
        try:
            return await self.library().game(table_id, interaction.guild_id)
        except ReviewRefused as refused:
            raise TableError(str(refused)) from None

    async def show(
        self, interaction: discord.Interaction, game: FinishedGame, step: Step, *, update: bool
    ) -> None:
        """Answer with ``step`` of ``game``: the clicked message updated, or a new one."""
        runtime = runtime_of(self.bot)
        people = [p.user_id for p in game.result.seats if p.user_id is not None]
        people += [d.user_id for d in game.departures]
        await runtime.names.ensure(game.guild_id, people)
        opinion = await self._opinion_words(interaction, game, step)
        embed, files = await self._step(game, step, opinion)
        view = review_controls(game, step)
        await answer_privately(interaction, embed=embed, view=view, files=files, update=update)
        if opinion == WORKING:  # to show the opinion on this message once it is ready
            self._shown[(interaction.user.id, game.table_id)] = Shown(interaction, step)
            self._update_when_worked_out(interaction.user.id, game)

    async def _step(
        self, game: FinishedGame, step: Step, opinion: str = "", *, draw: bool = True
    ) -> tuple[discord.Embed, list[discord.File]]:
        """The step's embed and, if the server shows pictures, its picture (``draw``: drawn
        now; else the embed points at the one the message already carries)."""
        runtime = runtime_of(self.bot)
        tags = seat_labels(game, runtime.names, step)
        notes = departure_notes(game, runtime.names)
        embed = review_embed(game, step, tags, opinion, notes)
        settings = await runtime.service.settings.get(game.guild_id)
        if not settings.pictures:
            return embed, []
        if not draw:
            show_picture(embed, REVIEW_FILE)
            return embed, []
        return embed, await review_picture(
            runtime.drawer, game, step, tags, embed, four_colour=settings.four_colour
        )

    async def _opinion_words(
        self, interaction: discord.Interaction, game: FinishedGame, step: Step
    ) -> str:
        """What the computer thinks at ``step``, or that it is still working it out."""
        seat = game.seat_of(interaction.user.id)
        if seat is None:
            return f"-# {NOT_PLAYED}"
        library = self.library()
        opinion = await library.stored_opinion(game, seat)
        if opinion is not None:
            return opinion_text(opinion, game.record, step)
        return WORKING

    def _update_when_worked_out(self, user_id: int, game: FinishedGame) -> None:
        """Have the member's review message shown the opinion once it is worked out: a
        computation already under way does so when it ends (the message is registered
        first); else one is started, which also finds an opinion finished meanwhile."""
        seat = game.seat_of(user_id)
        if seat is None or self.library().is_working(game, seat):
            return
        task = asyncio.create_task(self._when_worked_out(user_id, game, seat))
        self._waiting.add(task)
        task.add_done_callback(self._waiting.discard)

    async def _when_worked_out(self, user_id: int, game: FinishedGame, seat: int) -> None:
        """Work the opinion out, then bring the member's review message up to date."""
        try:
            await self.library().opinion(game, seat)
            failed = False
        except Exception:
            if getattr(self.bot, "closing", False):
                return  # stopping: the opinion is worked out when the member asks again
            log.exception("Could not work out the opinion of game %d", game.table_id)
            failed = True
        shown = self._shown.pop((user_id, game.table_id), None)
        if shown is None:
            return
        try:
            if failed:
                await shown.interaction.followup.send(FAILED, ephemeral=True)
                return
            opinion = await self._opinion_words(shown.interaction, game, shown.step)
            embed, _ = await self._step(game, shown.step, opinion, draw=False)
            await shown.interaction.edit_original_response(embed=embed)
        except discord.HTTPException as error:  # the message is gone or its token expired
            log.info("Could not update a review of game %d: %s", game.table_id, error)

    # ----- the review's buttons --------------------------------------------------------------
    async def click(self, interaction: discord.Interaction, match: re.Match[str]) -> None:
        """A review button: go to another step, share this one, or download the record."""
        started = time.monotonic()
        game = await in_time(
            interaction, self._game(interaction, int(match["table"])), started=started,
            new_message=match["op"] in ("share", "file"),
        )
        step = Step(int(match["hand"]), int(match["trick"]))
        if not is_step(game.record, step):
            raise TableError(NO_SUCH_STEP)
        op = match["op"]
        if op == "share":
            await self.share(interaction, game, step)
        elif op == "file":
            await self.download(interaction, game)
        else:
            await self.show(interaction, game, target(game.record, step, op), update=True)

    async def share(self, interaction: discord.Interaction, game: FinishedGame, step: Step) -> None:
        """Post the step shown (without the opinion) for everyone in the channel."""
        embed, files = await self._step(game, step)
        content = f"📣 {interaction.user.mention} shares a moment of game #{game.table_id}:"
        mentions = discord.AllowedMentions.none()
        if not interaction.response.is_done():
            await interaction.response.send_message(
                content, embed=embed, files=files, allowed_mentions=mentions
            )
        else:
            await interaction.followup.send(
                content, embed=embed, files=files, allowed_mentions=mentions
            )

    async def download(self, interaction: discord.Interaction, game: FinishedGame) -> None:
        """The game's record, privately: a text hand record and a JSON file to replay."""
        names = runtime_of(self.bot).names
        await names.ensure(game.guild_id, [d.user_id for d in game.departures])
        tags = seat_labels(game, names)
        text = (
            f"The record of game #{game.table_id}: a hand record to read, and a JSON file "
            "that replays it (`python -m bot.review.replay <file>`)."
        )
        files = record_files(game, tags, departure_notes(game, names))
        if not interaction.response.is_done():
            await interaction.response.send_message(text, files=files, ephemeral=True)
        else:
            await interaction.followup.send(text, files=files, ephemeral=True)


def parse_game(text: str) -> int:
    """A game's table id as the member typed or chose it (``12`` or ``#12``)."""
    table_id = parse_number(text.strip().lstrip("#"))
    if table_id is None:
        raise TableError(f"{text[:40]!r} is not a game: {PICK_ONE}")
    return table_id


def game_label(game: PlayedGame) -> str:
    """``#12 · Euchre · won 10–7`` (``#12 · Euchre · left · your side lost 7–10`` for a
    game the member left): a finished game as the member's choices list it."""
    result, side = game.result, game.side
    mine = result.final_scores[side]
    best_other = max((s for i, s in enumerate(result.final_scores) if i != side), default=0)
    outcome = "won" if result.winner_side == side else "lost"
    if game.left:
        outcome = f"left · your side {outcome}"
    return f"#{result.table_id} · {VARIANTS[result.variant].name} · {outcome} {mine}–{best_other}"


def review_cog(client: discord.Client) -> Review:
    """The loaded review cog. (discord.py loads an extension as a module object of its
    own, so its class is not this module's :class:`Review`: it is found by name.)"""
    cog = client.get_cog("Review") if isinstance(client, commands.Bot) else None
    if cog is None:
        raise TableError("Reviews are not available right now; please try again shortly.")
    return cast(Review, cog)


async def setup(bot: commands.Bot) -> None:
    """Load the review cog."""
    await bot.add_cog(Review(bot))
