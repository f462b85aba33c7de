"""The one error the table service raises for anything a user did wrong."""

from __future__ import annotations


class TableError(Exception):
    """A refused request; ``message`` is a short sentence shown privately to the user.

    Raising it never changes a table: every check happens before anything is applied or
    stored.
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
