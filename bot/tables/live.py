"""The service's in-memory state of one open table, and snapshots of it."""

from __future__ import annotations

import asyncio
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace

from bot.engine import VARIANTS, Game
from bot.store.departures import Departure
from bot.store.results import ResultRecord
from bot.store.tables import HeldStep, SeatRecord, TableRecord, TableStatus

from .games import acting_seat, hand_scores, winner_of
from .models import Seat, Table


@dataclass(eq=False)
class LiveTable:
    """An open table: its stored record and seats, its game once started, and its lock.

    Only code holding ``lock`` changes a live table, and it stores every change before
    changing these fields.
    """

    record: TableRecord
    seats: list[SeatRecord]
    game: Game | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    deadline: float | None = None
    #: Seat → the member who left it for good during the game (a computer plays on).
    left: dict[int, int] = field(default_factory=dict)
    #: The seats of ``left`` a moderator gave to a computer (their member did not leave).
    given_away: set[int] = field(default_factory=set)
    #: Seat → the step its person chose ahead, made when their turn for it comes.
    held: dict[int, HeldStep] = field(default_factory=dict)
    _sides_of: Game | None = field(default=None, repr=False)
    _sides_cache: tuple[tuple[int, ...], ...] = field(default=(), repr=False)
    _last: tuple[tuple[object, ...], Table] | None = field(default=None, repr=False)

    @property
    def id(self) -> int:
        """The table id."""
        return self.record.id

    @property
    def status(self) -> TableStatus:
        """The stored status."""
        return self.record.status

    def seat_of(self, user_id: int) -> int | None:
        """The seat ``user_id`` owns here, or None."""
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def set_status(self, status: TableStatus) -> None:
        """Note a stored status change."""
        self.record = replace(self.record, status=status)

    def snapshot(self) -> Table:
        """A frozen copy for callers and events: the same copy until something in it
        changes (one is taken at every move and every look at a hand)."""
        game = self.game
        made = (
            self.record,
            game,
            len(game.log) if game else 0,
            self.deadline,
            *self.seats,
            *sorted(self.left.items()),
            *sorted(self.given_away),
        )
        if self._last is not None and _same(self._last[0], made):
            return self._last[1]
        table = snapshot(
            self.record, self.seats, game, self.deadline, left=self.left,
            given_away=self.given_away, known_sides=self._sides(),
        )
        self._last = (made, table)
        return table

    def _sides(self) -> tuple[tuple[int, ...], ...] | None:
        """The game's sides (fixed for a game), worked out once: a snapshot is taken at
        every move and every look at a hand."""
        if self.game is None:
            return None
        if self._sides_of is not self.game:
            self._sides_of, self._sides_cache = self.game, game_sides(self.game)
        return self._sides_cache


def snapshot(
    record: TableRecord,
    seats: Sequence[SeatRecord],
    game: Game | None = None,
    deadline: float | None = None,
    result: ResultRecord | None = None,
    turn: int = 0,
    left: Mapping[int, int] | None = None,
    known_sides: tuple[tuple[int, ...], ...] | None = None,
    given_away: Collection[int] = (),
) -> Table:
    """A :class:`Table` from stored parts, with the game's state if there is one
    (``left``: seat → the member who left it for good, ``given_away``: those of its seats
    a moderator gave to a computer; ``known_sides``: the game's sides, if already worked
    out)."""
    info = VARIANTS.get(record.variant)
    table = Table(
        id=record.id,
        guild_id=record.guild_id,
        channel_id=record.channel_id,
        thread_id=record.thread_id,
        message_id=record.message_id,
        host_id=record.host_id,
        variant=record.variant,
        variant_name=info.name if info else record.variant,
        players=record.players,
        options=dict(record.options),
        seed=record.seed,
        status=record.status,
        seats=tuple(_seat(s, (left or {}).get(s.seat), s.seat in given_away) for s in seats),
        rematch_of=record.rematch_of,
        created_at=record.created_at,
        updated_at=record.updated_at,
        turn=turn,
        hand_limit=record.hand_limit,
        event_name=record.event_name,
    )
    if game is not None:
        return replace(
            table,
            turn=len(game.log),
            current_seat=acting_seat(game),
            hand_number=hands_played(record, game),
            scores=tuple(game.scores),
            winner=winner_of(game) if record.status == "finished" else game.winner,
            turn_deadline=deadline,
            sides=known_sides or game_sides(game),
        )
    if result is not None:
        sides: dict[int, list[int]] = {}
        for player in result.seats:
            sides.setdefault(player.side, []).append(player.seat)
        return replace(
            table,
            hand_number=result.hands_played,
            scores=tuple(result.final_scores),
            winner=result.winner_side,
            sides=tuple(tuple(sides[s]) for s in sorted(sides)),
        )
    return table


def _same(before: tuple[object, ...], now: tuple[object, ...]) -> bool:
    """Whether two snapshots' parts are the same objects and numbers."""
    return len(before) == len(now) and all(
        a is b or a == b for a, b in zip(before, now, strict=True)
    )


def game_sides(game: Game) -> tuple[tuple[int, ...], ...]:
    """The seats of each side of ``game``."""
    return tuple(tuple(game.seats_of(side)) for side in range(game.num_sides))


def departed_seats(departures: Sequence[Departure]) -> tuple[dict[int, int], set[int]]:
    """Seat → the member of each departure, and the seats of those a moderator gave to a
    computer (``/table replace``)."""
    left = {d.seat: d.user_id for d in departures}
    return left, {d.seat for d in departures if d.why == "replaced"}


def _seat(seat: SeatRecord, left_by: int | None = None, given_away: bool = False) -> Seat:
    gone = seat.user_id is None and bool(seat.computer_level)
    return Seat(
        index=seat.seat,
        user_id=seat.user_id,
        computer_level=seat.computer_level,
        standin=seat.standin,
        timeouts=seat.timeouts,
        left_by=left_by if gone else None,
        given_away=given_away and gone and left_by is not None,
    )


def hands_played(record: TableRecord, game: Game) -> int:
    """The hand in play; for a round ended at its hands, how many it played (the engine
    has dealt the next one by then)."""
    if record.status == "finished" and not game.is_over:
        return len(hand_scores(game))
    return game.hand_number
