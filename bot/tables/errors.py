"""The one error the table service raises for anything a user did wrong, and the words of
the refusals it gives when a table is closed or a move could not be stored."""

from __future__ import annotations

import logging
import sqlite3

from bot.store.database import StoreUnavailableError

log = logging.getLogger(__name__)


class TableError(Exception):
    """A refused request; ``message`` is a short sentence shown privately to the user.

    Raising it never changes a table: every check happens before anything is applied or
    stored.
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotStoredError(TableError):
    """A move refused because the store refused it (logged where that happened); nothing
    of it was kept, and it can be made again once the store is back."""


CLOSED_MESSAGES = {
    "finished": "That game is over.",
    "cancelled": "That table was cancelled.",
    "abandoned": "That table was closed by a moderator.",
}
RESTORE_FAILED = "That table couldn't be reopened after a restart."
NOT_SAVED = "That move could not be saved; please try again."
DISK_FULL = (
    "The bot's disk is full, so your move was not saved (nothing else is lost). "
    "Please try again in a while."
)
DATABASE_AWAY = (
    "The bot can't reach its database just now, so your move was not saved (nothing else "
    "is lost). Please try again in a moment."
)


def is_disk_full(error: BaseException) -> bool:
    """Whether SQLite refused a write because the disk (or the database) is full."""
    return isinstance(error, sqlite3.OperationalError) and "full" in str(error).lower()


def refusal_for(error: BaseException) -> str:
    """What to tell a member whose move could not be stored because of ``error``."""
    if is_disk_full(error):
        return DISK_FULL
    if isinstance(error, StoreUnavailableError):
        return DATABASE_AWAY
    return NOT_SAVED


def not_stored(table_id: int, index: int, action: str, error: Exception) -> NotStoredError:
    """Log why action ``index`` of a table was not stored (call while handling ``error``)
    and give the refusal to raise: a database that is away is a warning (the table plays
    on when it is back), a full disk an error (someone must make room), anything else
    an error with its traceback."""
    if isinstance(error, StoreUnavailableError):
        log.warning("Table %d: action %d %r refused: %s", table_id, index, action, error)
    elif is_disk_full(error):
        log.error("Table %d: action %d %r refused: %s", table_id, index, action, error)
    else:
        log.exception("Table %d: could not store action %d %r", table_id, index, action)
    return NotStoredError(refusal_for(error))
