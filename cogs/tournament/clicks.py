"""The tournament buttons: **Register**, **Withdraw** and **Start** on the sign-up message,
**My table** on each round's message. Every answer is private; a refused or stale click
changes nothing. Who may do what comes from the clicking member, never the custom id."""

from __future__ import annotations

import discord

from bot.tournaments.rounds import layout_of
from bot.tournaments.service import TournamentError, TournamentService
from bot.ui.replies import in_time, tell
from bot.ui.tournaments.ids import MY_TABLE, REGISTER, START, WITHDRAW, parse_button
from bot.ui.tournaments.notices import started_text
from bot.ui.tournaments.rounds import my_seat_text, old_round_text
from bot.ui.tournaments.signup import registered_text, withdrawn_text

from .. import table_play
from .access import may_run
from .posting import TournamentPoster

NOT_VALID = "That button is not valid: nothing was changed."
START_REFUSED = (
    "Only the host (<@{host}>) or a moderator can start the tournament; nothing was changed."
)


async def clicked(
    service: TournamentService,
    poster: TournamentPoster,
    interaction: discord.Interaction,
    custom_id: str,
) -> None:
    """Do what the clicked button asks, if it may be done."""
    started = table_play.arrival(interaction)
    runtime = table_play.begin(interaction)
    button = parse_button(custom_id)
    if button is None or interaction.guild_id is None:
        raise TournamentError(NOT_VALID)
    record = await service.repo.get(button.tournament_id)
    if record is None or record.guild_id != interaction.guild_id:
        raise TournamentError(NOT_VALID)
    user = interaction.user.id
    repo = service.repo
    if button.op == REGISTER:
        await service.register(record.id, user)
        await tell(interaction, registered_text(len(await repo.players(record.id))))
    elif button.op == WITHDRAW:
        await service.withdraw(record.id, user)
        await tell(interaction, withdrawn_text(len(await repo.players(record.id))))
    elif button.op == START:
        settings = await runtime.service.settings.get(record.guild_id)
        if user != record.host_id and not may_run(interaction, settings):
            raise TournamentError(START_REFUSED.format(host=record.host_id))
        record = await in_time(interaction, service.start(record.id, user),
                               started=started, new_message=True)
        count = len(await repo.players(record.id))
        await tell(interaction, started_text(record, count))
    elif button.op == MY_TABLE:
        await in_time(interaction, _my_table(service, poster, interaction, record.id, button.round),
                      started=started, new_message=True)


async def _my_table(
    service: TournamentService,
    poster: TournamentPoster,
    interaction: discord.Interaction,
    tournament_id: int,
    clicked: int,
) -> None:
    """Where the member sits this round; on an old round's message, that it is over too."""
    record = await service.get(tournament_id)
    user = interaction.user.id
    if clicked > record.round or clicked < 1:
        raise TournamentError(NOT_VALID)
    players = await service.repo.players(record.id)
    if user not in players:
        now = f"You're not playing in {record.name}."
    elif not record.is_open:
        now = ""
    else:
        tables = await service.repo.round_tables(record.id, record.round)
        byes = (await service.repo.byes(record.id)).get(record.round, ())
        people = [u for t in tables for u in t.seats if u is not None]
        names = await poster.names(record.guild_id, people)
        where = await poster.where(record, tables)
        now = my_seat_text(record, tables, byes, user,
                                layout_of(record.variant, record.players), names, where)
    if clicked != record.round or not record.is_open:
        await tell(interaction, old_round_text(clicked, record, now))
        return
    await tell(interaction, now)
