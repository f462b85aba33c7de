"""Lobby operations: open a table, take and leave seats, add computers, start, rematch.

Seat numbers in messages count from 1, as players see them; the API counts from 0.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.engine import VARIANTS, IllegalAction, VariantInfo
from bot.store.database import INTEGRITY_ERRORS
from bot.store.guild_settings import COMPUTER_LEVELS, GuildSettings
from bot.store.moderation.privacy import is_former_member
from bot.store.tables import NewSeat, SeatRecord

from .base import ServiceCore
from .errors import TableError
from .games import start_game
from .live import LiveTable
from .models import Table


class LobbyOps(ServiceCore):
    """The lobby half of the table service."""

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        variant: str,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        thread_id: int | None = None,
    ) -> Table:
        """Open a lobby with the host in seat 0; options over the guild's defaults."""
        info = _variant(variant)
        count = players or info.default_players
        settings = await self.settings.get(guild_id)
        check_channel(settings, channel_id)
        try:
            info.check_players(count)
            resolved = info.resolve_options({**settings.options_for(variant), **(options or {})})
        except IllegalAction as exc:
            raise TableError(str(exc)) from None
        return await self._open_lobby(
            settings,
            channel_id=channel_id,
            thread_id=thread_id,
            host_id=host_id,
            variant=variant,
            players=count,
            options=resolved,
            seats=[NewSeat(host_id)],
        )

    async def open_started(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        variant: str,
        options: Mapping[str, Any] | None,
        people: Sequence[int],
        computers: int,
        thread_id: int | None = None,
    ) -> Table:
        """Open a table as :meth:`create` does (the server's options, channels and table
        limit), the ``people`` seated in order and ``computers`` at the server's level in
        the other seats, and start its game at once: the table is first seen started (a
        ``/play`` table, whose members were matched already)."""
        info = _variant(variant)
        settings = await self.settings.get(guild_id)
        check_channel(settings, channel_id)
        count = len(people) + computers
        if computers and not settings.computers_allowed:
            raise TableError("Computer players are turned off in this server.")
        try:
            info.check_players(count)
            resolved = info.resolve_options({**settings.options_for(variant), **(options or {})})
        except IllegalAction as exc:
            raise TableError(str(exc)) from None
        level = _level(settings.computer_level)
        seats = [NewSeat(user) for user in people]
        seats += [NewSeat(None, computer_level=level) for _ in range(computers)]
        return await self._open_lobby(
            settings, channel_id=channel_id, thread_id=thread_id, host_id=host_id,
            variant=variant, players=count, options=resolved, seats=seats, start=True,
        )

    async def open_seated(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        variant: str,
        options: Mapping[str, Any],
        seats: Sequence[NewSeat],
        hand_limit: int | None = None,
        event_name: str | None = None,
        stored_with: Callable[[int], Awaitable[None]] | None = None,
    ) -> Table:
        """Open a table with every seat taken and start its game at once (a tournament
        round's table: no lobby, outside the server's table limit); ``stored_with(id)``
        stores what the caller keeps about it in the same transaction."""
        info = _variant(variant)
        try:
            info.check_players(len(seats))
            resolved = info.resolve_options(options)
        except IllegalAction as exc:
            raise TableError(str(exc)) from None
        if any(seat.user_id is None and seat.computer_level is None for seat in seats):
            raise TableError("Every seat of a tournament table needs a player or a computer.")
        async with self.db.transaction():
            record = await self.tables.create(
                guild_id=guild_id,
                channel_id=channel_id,
                host_id=host_id,
                variant=variant,
                players=len(seats),
                options=resolved,
                seed=secrets.randbits(63),
                seats=seats,
                hand_limit=hand_limit,
                event_name=event_name,
            )
            await self.tables.set_status(record.id, "playing")
            stored_seats = await self.tables.seats(record.id)
            if stored_with is not None:
                await stored_with(record.id)
        live = LiveTable(replace(record, status="playing"), stored_seats)
        live.game = start_game(live.record)
        self._live[record.id] = live
        await self._schedule(live)
        self._publish(live, "started", user_id=host_id)
        return live.snapshot()

    async def _open_lobby(
        self,
        settings: GuildSettings,
        *,
        channel_id: int,
        thread_id: int | None,
        host_id: int,
        variant: str,
        players: int,
        options: Mapping[str, Any],
        seats: Sequence[NewSeat],
        rematch_of: int | None = None,
        start: bool = False,
    ) -> Table:
        """Store a new lobby (within the guild's table limit) and make it live; with
        ``start``, every seat is taken and its game starts at once."""
        try:
            async with self.db.transaction():
                if await self.tables.count_open(settings.guild_id) >= settings.max_tables:
                    raise TableError(
                        f"This server already has {settings.max_tables} tables open, the most "
                        "allowed: finish or cancel one first."
                    )
                if rematch_of is not None and await self.tables.rematch_of(rematch_of):
                    raise TableError("A rematch of that game is already set up.")
                record = await self.tables.create(
                    guild_id=settings.guild_id,
                    channel_id=channel_id,
                    host_id=host_id,
                    variant=variant,
                    players=players,
                    options=options,
                    seed=secrets.randbits(63),
                    seats=seats,
                    thread_id=thread_id,
                    rematch_of=rematch_of,
                )
                if start:
                    await self.tables.set_status(record.id, "playing")
                stored_seats = await self.tables.seats(record.id)
        except INTEGRITY_ERRORS:
            raise TableError("A rematch of that game is already set up.") from None
        live = LiveTable(replace(record, status="playing") if start else record, stored_seats)
        if start:
            live.game = start_game(live.record)
        self._live[record.id] = live
        if start:
            await self._schedule(live)
            self._publish(live, "started", user_id=host_id)
        else:
            self._publish(live, "rematch" if rematch_of else "created", user_id=host_id)
        return live.snapshot()

    async def join(self, table_id: int, user_id: int, seat: int | None = None) -> Table:
        """Take a seat (the first free one unless ``seat`` is given)."""
        async with self._locked(table_id) as live:
            _lobby(live)
            if live.seat_of(user_id) is not None:
                raise TableError("You're already seated at this table.")
            index = _free_seat(live, seat)
            await self._set_seat(live, SeatRecord(live.id, index, user_id=user_id))
            self._publish(live, "joined", user_id=user_id, seat=index)
            return live.snapshot()

    async def add_computer(
        self, table_id: int, user_id: int, level: str | None = None, seat: int | None = None
    ) -> Table:
        """Seat a computer player (any seated person may, if the server allows them)."""
        async with self._locked(table_id) as live:
            _lobby(live)
            if live.seat_of(user_id) is None and user_id != live.record.host_id:
                raise TableError("Only players at this table can add computer players.")
            settings = await self.settings.get(live.record.guild_id)
            if not settings.computers_allowed:
                raise TableError("Computer players are turned off in this server.")
            chosen = _level(level or settings.computer_level)
            index = _free_seat(live, seat)
            await self._set_seat(live, SeatRecord(live.id, index, computer_level=chosen))
            self._publish(live, "computer_added", user_id=user_id, seat=index)
            return live.snapshot()

    async def remove_seat(self, table_id: int, user_id: int, seat: int) -> Table:
        """The host empties a seat of the lobby (a computer player or another person)."""
        async with self._locked(table_id) as live:
            _lobby(live)
            if user_id != live.record.host_id:
                raise TableError("Only the host can remove players.")
            _check_seat(live, seat)
            if live.seats[seat].user_id == user_id:
                raise TableError("Use Leave to give up your own seat.")
            if _is_empty(live.seats[seat]):
                raise TableError(f"Seat {seat + 1} is already empty.")
            await self._set_seat(live, SeatRecord(live.id, seat))
            self._publish(live, "seat_cleared", user_id=user_id, seat=seat)
            return live.snapshot()

    async def leave(self, table_id: int, user_id: int) -> Table:
        """Give up a seat: in a lobby it empties (the host passes on); in a game a computer
        player takes it over for good, the departure is recorded with it (a loss when the
        game ends, if the server's ``leaver_penalty`` is on), and the game goes on, the
        computers finishing it if nobody is left."""
        async with self._locked(table_id) as live:
            owner = self._seat_of(live, user_id)
            if live.status == "lobby":
                await self._leave_lobby(live, owner)
                return live.snapshot()
            settings = await self.settings.get(live.record.guild_id)
            level = owner.computer_level or settings.computer_level  # a stand-in stays on
            taken = SeatRecord(live.id, owner.seat, computer_level=level)
            gone = self._departure(live, taken, "left", settings)
            async with self.db.transaction():
                await self.tables.set_seat(taken)
                await self.departures.record(gone)
            live.seats[taken.seat] = taken
            live.left[taken.seat] = user_id
            live.given_away.discard(taken.seat)
            await self._schedule(live)
            self._publish(live, "left", user_id=user_id, seat=owner.seat)
            return live.snapshot()

    async def _leave_lobby(self, live: LiveTable, owner: SeatRecord) -> None:
        cleared = SeatRecord(live.id, owner.seat)
        seats = _with(live.seats, cleared)
        host: int | None = live.record.host_id
        if owner.user_id == host:
            host = next((s.user_id for s in seats if s.user_id is not None), None)
        if host is None:
            await self._close(
                live, "cancelled", "cancelled", user_id=owner.user_id, seats=[cleared]
            )
            return
        async with self.db.transaction():
            await self.tables.change_lobby_seat(cleared)
            if host != live.record.host_id:
                await self.tables.set_host(live.id, host)
        live.seats = seats
        live.record = replace(live.record, host_id=host)
        self._publish(live, "left", user_id=owner.user_id, seat=owner.seat)

    async def start(self, table_id: int, user_id: int) -> Table:
        """The host starts the game once every seat is filled."""
        async with self._locked(table_id) as live:
            _lobby(live)
            if user_id != live.record.host_id:
                raise TableError("Only the host can start the game.")
            empty = sum(1 for seat in live.seats if _is_empty(seat))
            if empty:
                raise TableError(f"Every seat must be filled first: {empty} still empty.")
            settings = await self.settings.get(live.record.guild_id)
            if not settings.computers_allowed and any(s.computer_level for s in live.seats):
                raise TableError(
                    "Computer players are turned off in this server: remove them first."
                )
            try:
                game = start_game(live.record)
            except (IllegalAction, KeyError) as exc:
                raise TableError(f"This game can't be started: {exc}") from None
            await self.tables.set_status(live.id, "playing")
            live.set_status("playing")
            live.game = game
            await self._schedule(live)
            self._publish(live, "started", user_id=user_id)
            return live.snapshot()

    async def cancel(self, table_id: int, user_id: int, *, is_moderator: bool = False) -> Table:
        """Close a lobby (the host or a moderator); a moderator may also end a game. A
        moderator closing a game, or someone else's lobby, is in the moderation log."""
        async with self._locked(table_id) as live:
            if live.status == "playing":
                if not is_moderator:
                    raise TableError("The game has started: only a moderator can end it now.")
                ended = self._ended_by_moderator(live, user_id, "abandoned")
                await self._close(live, "abandoned", "abandoned", user_id=user_id, logged=ended)
                return live.snapshot()
            host = user_id == live.record.host_id
            if not host and not is_moderator:
                raise TableError("Only the host or a moderator can cancel this table.")
            logged = None if host else self._ended_by_moderator(live, user_id, "cancelled")
            await self._close(live, "cancelled", "cancelled", user_id=user_id, logged=logged)
            return live.snapshot()

    async def rematch(self, table_id: int, user_id: int) -> Table:
        """A new lobby with the same game, options and seats, hosted by whoever asked."""
        record = await self.tables.get(table_id)
        if record is None:
            raise TableError(f"There is no table {table_id}.")
        if record.status in ("lobby", "playing"):
            raise TableError("The game isn't over yet.")
        if record.status != "finished":
            raise TableError("Only a finished game can be played again.")
        if record.event_name is not None:
            raise TableError("A tournament's table has no rematch: the next round seats you.")
        seats = await self.tables.seats(table_id)
        if all(seat.user_id != user_id for seat in seats):
            raise TableError("Only the players of that game can start a rematch.")
        settings = await self.settings.get(record.guild_id)
        check_channel(settings, record.channel_id)
        new_seats = [_seat_again(seat) for seat in seats]
        return await self._open_lobby(
            settings,
            channel_id=record.channel_id,
            thread_id=None,
            host_id=user_id,
            variant=record.variant,
            players=record.players,
            options=record.options,
            seats=new_seats,
            rematch_of=table_id,
        )


def _seat_again(seat: SeatRecord) -> NewSeat:
    """A seat of the rematch: the same person or computer level; open where a former
    member (who erased their data) sat."""
    if is_former_member(seat.user_id):
        return NewSeat()
    return NewSeat(seat.user_id, None if seat.user_id else seat.computer_level)


def _with(seats: Sequence[SeatRecord], changed: SeatRecord) -> list[SeatRecord]:
    """``seats`` with one seat replaced."""
    return [changed if seat.seat == changed.seat else seat for seat in seats]


def _variant(key: str) -> VariantInfo:
    info = VARIANTS.get(key)
    if info is None:
        names = ", ".join(i.name for i in VARIANTS.values())
        raise TableError(f"There is no such game. Games: {names}.")
    return info


def check_channel(settings: GuildSettings, channel_id: int) -> None:
    """:class:`TableError` unless the server lets tables open in this channel."""
    if not settings.allows_channel(channel_id):
        where = ", ".join(f"<#{c}>" for c in settings.table_channels)
        raise TableError(f"Tables can't be opened in this channel. Try {where}.")


def _lobby(live: LiveTable) -> None:
    if live.status == "playing":
        raise TableError("The game has already started.")


def _is_empty(seat: SeatRecord) -> bool:
    return seat.user_id is None and seat.computer_level is None


def _check_seat(live: LiveTable, seat: int) -> None:
    if not 0 <= seat < len(live.seats):
        raise TableError(f"There is no seat {seat + 1}: seats are 1 to {len(live.seats)}.")


def _free_seat(live: LiveTable, wanted: int | None) -> int:
    if wanted is None:
        for seat in live.seats:
            if _is_empty(seat):
                return seat.seat
        raise TableError("The table is full.")
    _check_seat(live, wanted)
    if not _is_empty(live.seats[wanted]):
        raise TableError(f"Seat {wanted + 1} is taken.")
    return wanted


def _level(level: str) -> str:
    if level not in COMPUTER_LEVELS:
        raise TableError(
            f"There is no computer level {level!r}: choose {', '.join(COMPUTER_LEVELS)}."
        )
    return level
