"""Message nonces as Discord checks them: ``enforce_nonce`` makes a post repeatable.

A create body may carry ``nonce``: an integer, or a string of at most 25 characters
(longer: ``400 50035``). With ``enforce_nonce`` true, a second post by the same author with
the same nonce within a few minutes (here :data:`NONCE_WINDOW`) creates nothing: Discord
answers with the message the first post created. Without it the nonce is only echoed back
on the message. discord.py sends a random nonce with ``enforce_nonce`` on every post unless
the caller gives one. A deleted message is not returned again (the emulator's reading: a
post that finds its first message gone creates a new one).
"""

from __future__ import annotations

from typing import Any

from tests.emulator.errors import FormErrorCollector
from tests.emulator.world.model import Message

NONCE_MAX = 25
#: How long a nonce is remembered ("the past few minutes" in Discord's documentation).
NONCE_WINDOW = 120.0


def read_nonce(body: dict[str, Any]) -> str | None:
    """The body's nonce as text (None if absent); a form error if it is not a valid one."""
    nonce = body.get("nonce")
    if nonce is None:
        return None
    errors = FormErrorCollector()
    if isinstance(nonce, bool) or not isinstance(nonce, int | str):
        errors.add(("nonce",), "BASE_TYPE_BAD_TYPE", "Must be an integer or a string.")
    else:
        errors.max_length(("nonce",), str(nonce), NONCE_MAX)
    errors.raise_if_any()
    return str(nonce)


class NonceBook:
    """The nonces each author posted with ``enforce_nonce``, and when."""

    def __init__(self) -> None:
        self._posted: dict[tuple[int, str], tuple[Message, float]] = {}

    def earlier(self, author_id: int, nonce: str, now: float) -> Message | None:
        """The message this author created with ``nonce`` within the window, if any."""
        found = self._posted.get((author_id, nonce))
        if found is None:
            return None
        message, at = found
        if now - at > NONCE_WINDOW or message.deleted:
            del self._posted[(author_id, nonce)]
            return None
        return message

    def note(self, message: Message, nonce: str, now: float) -> None:
        """Remember that ``message`` was created with ``nonce`` (and forget expired ones)."""
        if len(self._posted) > 10_000:
            self._posted = {k: v for k, v in self._posted.items() if now - v[1] <= NONCE_WINDOW}
        self._posted[(message.author.id, nonce)] = (message, now)
