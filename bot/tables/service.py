"""The table service: lobbies, games, computer players, turn timers, restarts.

It knows no Discord types. Callers pass user ids and action ids and get :class:`Table`
snapshots back, or a :class:`TableError` whose message is meant for the user (and which
means nothing changed). Every accepted action is stored before the call returns; events
go to subscribers afterwards (see :mod:`.events`).

Typical use::

    service = TableService(db, decide)          # decide: bot.ai's pure decision function
    service.subscribe(on_table_event)           # the UI re-renders on TableChanged
    await service.restore()                     # at start-up (after subscribing: it publishes)
    table = await service.create(guild_id=g, channel_id=c, host_id=u, variant="euchre")
    ...
    hand = service.hand(table.id, user_id)      # a person's view, legal actions and turn
    public = service.public_view(table.id)      # what everyone sees (spectators too)
    await service.act(table.id, user_id, "play:JH", expected_turn=hand.turn)
    await service.close()                       # then close the database

A person's turn timer starts afresh after a restart (the downtime was not their fault).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.shards import GuildOwner, owns_all
from bot.store.guild_settings import COMPUTER_LEVELS
from bot.store.moderation.modlog import NewModAction
from bot.store.tables import TableStatus

from .base import ServiceConfig
from .errors import TableError
from .events import Subscriber, TableChanged
from .games import acting_seat, game_ended, hand_scores, public_view, replay, round_view
from .live import LiveTable, snapshot
from .lobby import LobbyOps
from .models import HandView, Table

log = logging.getLogger(__name__)

__all__ = ["ServiceConfig", "TableService"]


class TableService(LobbyOps):
    """Every open table of the bot, in memory and in the store."""

    # ----- life cycle ----------------------------------------------------------------------
    async def restore(self, owns: GuildOwner = owns_all) -> list[Table]:
        """Reload every open table from the store (replaying its log) and resume it.

        A game found over (the bot stopped between its last action and its result) has
        its result recorded now, once. A table whose log no longer replays is logged and
        left closed in memory (its rows are kept for inspection). Only the tables of
        guilds ``owns`` accepts are touched (a cluster process: its shards' guilds).
        """
        restored: list[Table] = []
        for record in await self.tables.with_status(("lobby", "playing")):
            if record.id in self._live or not owns(record.guild_id):
                continue
            try:
                live = LiveTable(record, await self.tables.seats(record.id))
                if record.status == "playing":
                    live.game = replay(record, await self.tables.actions(record.id))
                    live.left, live.given_away = await self._left_seats(record.id)
                    live.held = await self.tables.held_steps(record.id)
            except Exception:
                log.exception("Table %d could not be restored", record.id)
                continue
            self._live[record.id] = live
            async with live.lock:
                if live.game is not None and game_ended(record, live.game):
                    await self._record_finished(live)
                    continue
                await self._schedule(live)
                self._publish(live, "restored")
                restored.append(live.snapshot())
        for record in await self.tables.finished_without_result():
            if not owns(record.guild_id):
                continue
            try:
                live = LiveTable(record, await self.tables.seats(record.id))
                live.game = replay(record, await self.tables.actions(record.id))
                await self._record_finished(live)
            except Exception:
                log.exception("Finished table %d: its result could not be recorded", record.id)
        for record in await self.tables.closed_unshown():
            if not owns(record.guild_id):
                continue
            self._bus.publish([TableChanged(await self.get(record.id), reason="restored")])
        log.info("Restored %d open tables", len(restored))
        return restored

    async def final_view(self, table_id: int) -> dict[str, Any] | None:
        """The public view of a finished game as it ended (its last trick and scores),
        rebuilt from the store; None unless the table's game is over."""
        record = await self.tables.get(table_id)
        if record is None or record.status != "finished":
            return None
        game = replay(record, await self.tables.actions(table_id))
        return round_view(record, public_view(game)) if game_ended(record, game) else None

    async def mark_shown(self, table_id: int, status: TableStatus) -> None:
        """Note that the table message shows the table's closed ``status``."""
        await self.tables.set_shown(table_id, status)

    async def close(self) -> None:
        """Stop every computer move and timer, deliver queued events, free the executor.

        The database stays open (its owner closes it); everything is already stored.
        """
        await self._clock.close()
        await self._bus.close()
        self._live.clear()
        if self._own_executor:
            self._executor.shutdown(wait=False, cancel_futures=True)

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call ``callback(event)`` for every event; returns a function that unsubscribes."""
        return self._bus.subscribe(callback)

    async def wait_idle(self) -> None:
        """Wait until no computer move is pending and every event is delivered (tests)."""
        while True:
            await self._clock.wait_for_computers()
            await self._bus.drain()
            if not any(kind and kind != "timer" for kind in map(self._clock.pending, self._live)):
                return

    # ----- reading ---------------------------------------------------------------------------
    async def get(self, table_id: int) -> Table:
        """The table as it is now, open or closed; :class:`TableError` if there is none."""
        live = self._live.get(table_id)
        if live is not None:
            return live.snapshot()
        record = await self.tables.get(table_id)
        if record is None:
            raise TableError(f"There is no table {table_id}.")
        seats = await self.tables.seats(table_id)
        left, given_away = await self._left_seats(table_id)
        return snapshot(
            record,
            seats,
            result=await self.results.get(table_id),
            turn=await self.tables.action_count(table_id),
            left=left,
            given_away=given_away,
        )

    def open_tables(self, guild_id: int | None = None) -> list[Table]:
        """The open tables (of one guild if given), oldest first."""
        lives = sorted(self._live.values(), key=lambda live: live.id)
        return [t.snapshot() for t in lives if guild_id is None or t.record.guild_id == guild_id]

    def tables_in_channel(self, channel_id: int) -> list[Table]:
        """The open tables of a channel (or of a table thread), oldest first."""
        return [t for t in self.open_tables() if channel_id in (t.channel_id, t.thread_id)]

    def tables_of_user(self, user_id: int) -> list[Table]:
        """The open tables where ``user_id`` is seated, oldest first."""
        return [t for t in self.open_tables() if t.seat_of(user_id) is not None]

    def hand(self, table_id: int, user_id: int) -> HandView:
        """What ``user_id`` sees at the table and may do now (for their private hand)."""
        live = self._live.get(table_id)
        if live is None:
            raise TableError("That table is closed.")
        game = self._game(live)
        owner = self._seat_of(live, user_id)
        held = live.held.get(owner.seat)
        may_act = acting_seat(game) == owner.seat and owner.computer_level is None
        legal = tuple(game.legal_actions()) if may_act else ()
        if held and held.action in legal:
            legal = ()  # being made for them right now
        return HandView(
            table=live.snapshot(),
            seat=owner.seat,
            view=round_view(live.record, game.view(owner.seat)),
            legal=legal,
            turn=len(game.log),
            held=held.action if held else None,
        )

    def advice_view(self, table_id: int, user_id: int) -> dict[str, Any]:
        """The engine's view of ``user_id``'s seat, as a computer player there decides on
        it: what Hint asks advice on (the hand's view of a round table has no target)."""
        live = self._live.get(table_id)
        if live is None:
            raise TableError("That table is closed.")
        return self._game(live).view(self._seat_of(live, user_id).seat)

    def public_view(self, table_id: int) -> dict[str, Any] | None:
        """What everyone may see of the game (for the public message); None in a lobby."""
        live = self._live.get(table_id)
        if live is None or live.game is None:
            return None
        return round_view(live.record, public_view(live.game))

    async def settled(self, table_id: int) -> None:
        """Wait until no change of the table is half done (applied but not yet stored).

        A read made right after this returns, with no await in between, shows only stored
        state: the UI never shows a move that a crash could still undo.
        """
        live = self._live.get(table_id)
        if live is not None:
            async with live.lock:
                pass

    def is_open(self, table_id: int) -> bool:
        """The table is open (its state is live here): cheaper than :meth:`public_state`."""
        return table_id in self._live

    def public_state(self, table_id: int) -> tuple[Table, dict[str, Any] | None] | None:
        """The open table now and its game's public view (None in a lobby), read together
        so that they agree; None once the table is closed (the UI renders the publisher's
        last snapshot then)."""
        live = self._live.get(table_id)
        if live is None:
            return None
        view = None if live.game is None else round_view(live.record, public_view(live.game))
        return live.snapshot(), view

    def settled_public_state(self, table_id: int) -> tuple[Table, dict[str, Any] | None] | None:
        """:meth:`public_state` when nothing of the table is half done now (stored state
        only, without waiting for :meth:`settled`); None while a change is being stored,
        or once the table is closed."""
        live = self._live.get(table_id)
        if live is None or live.lock.locked():
            return None
        return self.public_state(table_id)

    # ----- playing ---------------------------------------------------------------------------
    async def act(
        self, table_id: int, user_id: int, action: str, expected_turn: int | None = None
    ) -> Table:
        """Apply a person's action; it is stored before this returns.

        ``expected_turn`` is the ``turn`` the person's buttons were built for: a click from
        an earlier state (a double click, an old message) is refused.
        """
        async with self._locked(table_id) as live:
            game = self._game(live)
            owner = self._seat_of(live, user_id)
            if expected_turn is not None and expected_turn != len(game.log):
                raise TableError("That button is from an earlier turn.")
            if owner.computer_level is not None:
                raise TableError(
                    "A computer player is holding your hand: press My hand to take it back."
                )
            if acting_seat(game) != owner.seat:
                raise TableError("It's not your turn.")
            update = replace(owner, timeouts=0) if owner.timeouts else None
            await self._apply(live, owner.seat, action, "person", user_id, seat_update=update)
            return live.snapshot()

    async def reclaim(self, table_id: int, user_id: int) -> Table:
        """Take one's hand back from a computer stand-in ("My hand"); no-op if not needed."""
        async with self._locked(table_id) as live:
            self._game(live)
            owner = self._seat_of(live, user_id)
            if not owner.standin:
                return live.snapshot()
            back = replace(owner, computer_level=None, standin=False, timeouts=0)
            async with self.db.transaction():
                await self.tables.set_seat(back)
                await self.departures.returned(live.id, user_id)
            live.seats[back.seat] = back
            await self._schedule(live)
            self._publish(live, "reclaimed", user_id=user_id, seat=owner.seat)
            return live.snapshot()

    async def set_location(
        self, table_id: int, *, message_id: int | None, thread_id: int | None = None
    ) -> Table:
        """Remember where the public table message (and the table's thread) is."""
        async with self._locked(table_id) as live:
            await self.tables.set_location(table_id, message_id=message_id, thread_id=thread_id)
            live.record = replace(
                live.record, message_id=message_id, thread_id=thread_id or live.record.thread_id
            )
            return live.snapshot()

    async def end_after_this_hand(self, table_id: int) -> Table:
        """A tournament round's clock ran out: the table ends when the hand in progress is
        scored (stored, so a restart keeps it)."""
        async with self._locked(table_id) as live:
            hands = len(hand_scores(self._game(live))) + 1
            if live.record.hand_limit is None or live.record.hand_limit > hands:
                await self.tables.set_hand_limit(table_id, hands)
                live.record = replace(live.record, hand_limit=hands)
                self._publish(live, "last_hand")
            return live.snapshot()

    # ----- moderation ------------------------------------------------------------------------
    async def end_table(self, table_id: int, moderator_id: int) -> Table:
        """A moderator closes a table: a game is abandoned (no result, nobody rated), a lobby
        cancelled; logged."""
        async with self._locked(table_id) as live:
            status: TableStatus = "abandoned" if live.status == "playing" else "cancelled"
            logged = self._ended_by_moderator(live, moderator_id, status)
            await self._close(live, status, status, user_id=moderator_id, logged=logged)
            log.info("Moderator %d ended table %d (%s)", moderator_id, table_id, status)
            return live.snapshot()

    async def replace_with_computer(
        self, table_id: int, seat: int, moderator_id: int, level: str | None = None
    ) -> Table:
        """A moderator hands a person's seat to a computer player for good; logged."""
        async with self._locked(table_id) as live:
            if not 0 <= seat < len(live.seats) or live.seats[seat].user_id is None:
                raise TableError(f"Seat {seat + 1} has no person to replace.")
            settings = await self.settings.get(live.record.guild_id)
            chosen = level or settings.computer_level
            if chosen not in COMPUTER_LEVELS:
                levels = ", ".join(COMPUTER_LEVELS)
                raise TableError(f"There is no such computer level: choose {levels}.")
            old = live.seats[seat]
            new = replace(old, user_id=None, computer_level=chosen, standin=False, timeouts=0)
            seats = [new if s.seat == seat else s for s in live.seats]
            if self._people_left(seats) == 0:
                raise TableError("That is the last person at the table: end the table instead.")
            host = live.record.host_id
            if old.user_id == host:
                host = next(s.user_id for s in seats if s.user_id is not None)
            gone = self._departure(live, new, "replaced", settings)
            async with self.db.transaction():
                if live.status == "playing":  # a person taken out of a game has left it
                    await self.tables.set_seat(new)
                    await self.departures.record(gone)
                else:  # a lobby seat changes hands (noted with when)
                    await self.tables.change_lobby_seat(new)
                if host != live.record.host_id:
                    await self.tables.set_host(live.id, host)
                await self.modlog.record(
                    NewModAction(
                        live.record.guild_id,
                        "table_replace",
                        moderator_id,
                        table_id=table_id,
                        member_id=old.user_id,
                        detail={"seat": seat + 1, "level": chosen, "status": live.status},
                    )
                )
            live.seats = seats
            if live.status == "playing":
                live.left[seat] = gone.user_id
                live.given_away.add(seat)
            live.record = replace(live.record, host_id=host)
            await self._schedule(live)
            log.info("Moderator %d replaced seat %d of table %d", moderator_id, seat, table_id)
            self._publish(live, "replaced", user_id=old.user_id, seat=seat)
            return live.snapshot()
