"""The table service: lobbies and seats, turns, timers, computer players, restarts.

No Discord here: the service takes user ids and action ids, returns :class:`Table`
snapshots or raises :class:`TableError`, and publishes :mod:`events <bot.tables.events>`.
"""

from .base import ServiceConfig
from .computer import DecideFn, first_legal, random_legal
from .errors import TableError
from .events import (
    ActionApplied,
    GameFinished,
    Subscriber,
    TableChanged,
    TableEvent,
    TurnTimedOut,
)
from .lobby import check_channel
from .models import HandView, Seat, Table
from .service import TableService

__all__ = [
    "ActionApplied",
    "DecideFn",
    "GameFinished",
    "HandView",
    "Seat",
    "ServiceConfig",
    "Subscriber",
    "Table",
    "TableChanged",
    "TableError",
    "TableEvent",
    "TableService",
    "TurnTimedOut",
    "check_channel",
    "first_legal",
    "random_legal",
]
