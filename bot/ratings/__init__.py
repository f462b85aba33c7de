"""Skill ratings and game records: pure computation (no SQL, no Discord).

:mod:`.skill` rates a finished game with openskill; :mod:`.records` counts moons, loners,
Jambones, Jamborees and euchres from a game's events. :mod:`.updater` (imported on its
own) applies them to the store, once per result.
"""

from bot.store.standings.values import RECORD_NAMES, SeatRecords, Skill

from .records import seat_records
from .skill import COMPUTER_SKILL, NEW_PLAYER, Entrant, computer_skill, rate_game, side_places

__all__ = [
    "COMPUTER_SKILL",
    "NEW_PLAYER",
    "RECORD_NAMES",
    "Entrant",
    "SeatRecords",
    "Skill",
    "computer_skill",
    "rate_game",
    "seat_records",
    "side_places",
]
