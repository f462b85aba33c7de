"""Running tournaments: sign-up, starting, and what moderators do (pause, resume, drop,
end), over :class:`.core.TournamentCore`.

The service opens each round's tables through the table service and listens for their
results; when every table of a round is over it seats the next round (or ends the
tournament). Everything it needs after a restart is in the store: the seating, which
tables belong to which round, their scores, the round clock and the planned start.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any, cast

from bot.engine import VARIANTS, IllegalAction
from bot.shards import GuildOwner, owns_all
from bot.store.tournaments import NewTournament, TournamentRecord
from bot.tables import TableError

from .core import TournamentCore, TournamentError, TournamentUpdate, iso, now
from .models import Fill, Format
from .rounds import layout_of, players_needed, round_options
from .seating import first_round

__all__ = ["TournamentError", "TournamentService", "TournamentUpdate"]

log = logging.getLogger(__name__)

MAX_ROUNDS = 12
MAX_HANDS = 30
FORMATS = ("progressive", "swiss")
FILLS = ("computers", "bye")


class TournamentService(TournamentCore):
    """Tournaments of one process, over the table service."""

    # ----- sign-up -------------------------------------------------------------------------
    async def create(
        self, *, guild_id: int, channel_id: int, host_id: int, name: str, variant: str,
        players: int, fmt: str, fill: str, rounds: int, hands: int,
        options: Mapping[str, Any], round_minutes: int | None = None,
        start_in_minutes: int | None = None, computers_allowed: bool = True,
    ) -> TournamentRecord:
        """Store a tournament open for sign-up (every setting checked first)."""
        info = VARIANTS.get(variant)
        if info is None:
            raise TournamentError("Choose one of the games for the tournament.")
        try:
            info.check_players(players)
            resolved = info.resolve_options(round_options(variant, options))
        except IllegalAction as exc:
            raise TournamentError(str(exc)) from None
        if fmt not in FORMATS or fill not in FILLS:
            raise TournamentError("Choose progressive or Swiss, and computers or byes.")
        layout = layout_of(variant, players)
        if fmt == "progressive" and not layout.four_in_pairs:
            raise TournamentError(
                "Progressive tournaments move partners between tables: choose a four-seat "
                "partnership game (Euchre, Cincinnati or Railroad with four), or format Swiss."
            )
        if fill == "computers" and not computers_allowed:
            raise TournamentError(
                "Computer players are turned off in this server: choose byes for the "
                "players short of a full table."
            )
        if not 1 <= rounds <= MAX_ROUNDS or not 1 <= hands <= MAX_HANDS:
            raise TournamentError(
                f"A tournament has 1 to {MAX_ROUNDS} rounds of 1 to {MAX_HANDS} hands."
            )
        starts = None
        if start_in_minutes is not None:
            starts = iso(now() + timedelta(seconds=start_in_minutes * 60 * self.clock_scale))
        record = await self.repo.create(NewTournament(
            guild_id=guild_id, channel_id=channel_id, host_id=host_id,
            name=name.strip()[:60] or f"{info.name} night", variant=variant, players=players,
            options=resolved, format=cast(Format, fmt), fill=cast(Fill, fill), rounds=rounds,
            hands=hands,
            seed=secrets.randbits(63), round_minutes=round_minutes, starts_at=starts,
        ))
        self._plan_start(record)
        await self._tell(TournamentUpdate(record, "created", host_id))
        return record

    async def register(self, tournament_id: int, user_id: int) -> TournamentRecord:
        """A member signs up."""
        async with self._lock(tournament_id):
            record = await self._signing_up(tournament_id, "Registration")
            if not await self.repo.register(tournament_id, user_id):
                raise TournamentError("You're already registered for this tournament.")
        await self._tell(TournamentUpdate(record, "registered", user_id))
        return record

    async def withdraw(self, tournament_id: int, user_id: int) -> TournamentRecord:
        """A member takes back their sign-up (before the start only)."""
        async with self._lock(tournament_id):
            record = await self._signing_up(tournament_id, "Withdrawing")
            if not await self.repo.withdraw(tournament_id, user_id):
                raise TournamentError("You aren't registered for this tournament.")
        await self._tell(TournamentUpdate(record, "withdrawn", user_id))
        return record

    async def _signing_up(self, tournament_id: int, what: str) -> TournamentRecord:
        record = await self.get(tournament_id)
        if record.status != "signup":
            raise TournamentError(
                f"{what} is closed: this tournament has "
                + ("started" if record.is_open else "ended")
                + (". Ask a moderator to drop you." if what == "Withdrawing" else ".")
            )
        return record

    # ----- starting and running rounds -------------------------------------------------------
    async def start(self, tournament_id: int, user_id: int | None) -> TournamentRecord:
        """Seat round 1 and open its tables (``user_id`` None: the planned start time)."""
        async with self._lock(tournament_id):
            record = await self.get(tournament_id)
            if record.status != "signup":
                raise TournamentError("This tournament has already started.")
            players = await self.repo.players(tournament_id)
            need = players_needed(record)
            if len(players) < need:
                raise TournamentError(
                    f"{len(players)} registered: the tournament needs at least {need} players "
                    "to start."
                )
            layout = layout_of(record.variant, record.players)
            seating = first_round(players, layout, record.fill, record.seed)
            self._cancel_timer(-tournament_id)  # pressed Start before the planned time
            await self.repo.forget_start(tournament_id)
            return await self._open_round(record, 1, seating.tables, seating.byes, ())

    # ----- moderators --------------------------------------------------------------------------
    async def pause(self, tournament_id: int, moderator_id: int) -> TournamentRecord:
        """Hold the tournament: the round in play finishes, the next waits for Resume."""
        async with self._lock(tournament_id):
            record = await self.get(tournament_id)
            if record.status != "running":
                raise TournamentError("Only a running tournament can be paused.")
            await self.repo.set_state(tournament_id, "paused", record.round, record.round_ends_at)
            record = await self.get(tournament_id)
        await self._tell(TournamentUpdate(record, "paused", moderator_id))
        return record

    async def resume(self, tournament_id: int, moderator_id: int) -> TournamentRecord:
        """Carry on: the next round starts now if the last one is over."""
        async with self._lock(tournament_id):
            record = await self.get(tournament_id)
            if record.status != "paused":
                raise TournamentError("This tournament isn't paused.")
            await self.repo.set_state(tournament_id, "running", record.round, record.round_ends_at)
            record = await self.get(tournament_id)
            await self._tell(TournamentUpdate(record, "resumed", moderator_id))
            await self._round_over(tournament_id, record.round)
        return await self.get(tournament_id)

    async def drop(self, tournament_id: int, user_id: int, moderator_id: int) -> TournamentRecord:
        """Take a player out: a computer finishes their seat, later rounds go without them."""
        async with self._lock(tournament_id):
            record = await self.get(tournament_id)
            if not record.is_open:
                raise TournamentError("This tournament is over.")
            if record.status == "signup":
                raise TournamentError("It hasn't started: the member can Withdraw themselves.")
            if not await self.repo.drop(tournament_id, user_id, record.round):
                raise TournamentError("That member isn't playing in this tournament.")
            for table in await self.repo.round_tables(tournament_id, record.round):
                if user_id in table.seats and table.table_id is not None and table.scores is None:
                    try:
                        await self.tables.replace_with_computer(
                            table.table_id, table.seats.index(user_id), moderator_id)
                    except TableError as exc:
                        log.info("Tournament %d: drop at table %d: %s", tournament_id,
                                 table.table_id, exc)
        await self._tell(TournamentUpdate(record, "dropped", user_id))
        return record

    async def end(self, tournament_id: int, moderator_id: int) -> TournamentRecord:
        """End the tournament now: open tables end where they are and count as they stand."""
        async with self._lock(tournament_id):
            record = await self.get(tournament_id)
            if not record.is_open:
                raise TournamentError("This tournament is already over.")
            self._cancel_timer(tournament_id)
            self._cancel_timer(-tournament_id)
            await self.repo.set_state(tournament_id, "ended", record.round, None)
            record = await self.get(tournament_id)
            if record.round == 0:
                await self._tell(TournamentUpdate(record, "ended", moderator_id))
                return record
            for table in await self.repo.round_tables(tournament_id, record.round):
                if table.table_id is not None and table.scores is None:
                    try:
                        closed = await self.tables.end_table(table.table_id, moderator_id)
                        scores = closed.scores
                    except TableError:
                        scores = ()
                    await self._note_result(table.table_id, scores)
            await self._round_over(tournament_id, record.round)
        return await self.get(tournament_id)

    # ----- clocks and restarts ----------------------------------------------------------------
    async def restore(self, owns: GuildOwner = owns_all) -> None:
        """Resume every open tournament: planned starts, missing tables, round clocks, and
        rounds whose last table ended while the bot was down; then tell the channels what
        they missed. Only the tournaments of guilds ``owns`` accepts (a cluster process:
        its shards' guilds)."""
        missed = [record for record in await self.repo.unannounced() if owns(record.guild_id)]
        moved_on = await self._resume_open(owns)
        for record in missed:
            if record.id in moved_on:
                continue  # its next round (or its end) is being told now
            try:
                await self._tell_again(record)
            except Exception:
                log.exception("Tournament %d: could not tell its channel again", record.id)

    async def _tell_again(self, record: TournamentRecord) -> None:
        """A round's seating or the end, which the channel was not shown before a stop."""
        if record.status in ("finished", "ended"):
            cut = await self.cut_round(record)
            placed = record.round and not (cut and cut.nothing_scored)
            final = await self.standings(record.id) if placed else ()
            await self._tell(TournamentUpdate(record, record.status, standings=final, cut=cut))
            return
        tables = tuple(await self.repo.round_tables(record.id, record.round))
        byes = (await self.repo.byes(record.id)).get(record.round, ())
        await self._tell(TournamentUpdate(record, "round", tables=tables, byes=byes,
                                          standings=await self.standings_before(record)))

    async def _resume_open(self, owns: GuildOwner) -> set[int]:
        """Resume the open tournaments (of the guilds ``owns`` accepts); the ids of those
        that moved on meanwhile (a round whose last table ended while Bower was down)."""
        moved_on = set()
        for record in await self.repo.open_ones():
            if not owns(record.guild_id):
                continue
            try:
                if record.status == "signup":
                    self._plan_start(record)
                    continue
                async with self._lock(record.id):
                    await self._open_tables(record)
                    for table in await self.repo.round_tables(record.id, record.round):
                        if table.table_id is not None and table.scores is None:
                            stored = await self.tables.tables.get(table.table_id)
                            if stored is not None and stored.status not in ("lobby", "playing"):
                                snapshot = await self.tables.get(table.table_id)
                                await self._note_result(table.table_id, snapshot.scores)
                    await self._round_over(record.id, record.round)
                now_record = await self.get(record.id)
                if (now_record.round, now_record.status) != (record.round, record.status):
                    moved_on.add(record.id)
                self._plan_clock(now_record)
            except Exception:
                log.exception("Tournament %d could not be resumed", record.id)
        return moved_on

    def _plan_start(self, record: TournamentRecord) -> None:
        if record.starts_at and record.status == "signup":
            self._timers[-record.id] = asyncio.create_task(self._start_at(record))

    async def _start_at(self, record: TournamentRecord) -> None:
        assert record.starts_at is not None
        wait = (datetime.fromisoformat(record.starts_at) - now()).total_seconds()
        await asyncio.sleep(max(0.0, wait))
        self._timers.pop(-record.id, None)
        try:
            await self.start(record.id, None)
        except TournamentError as exc:
            now_record = await self.get(record.id)
            if now_record.status == "signup":  # too few: it waits for Start from now on
                await self.repo.forget_start(record.id)
                await self._tell(TournamentUpdate(now_record, "waiting"))
            log.info("Tournament %d did not start at its time: %s", record.id, exc)
