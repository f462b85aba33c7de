"""What the table publisher does when Discord does not take a request: which failures are
worth another try, and how long to wait before it."""

from __future__ import annotations

import discord

TRANSIENT = (discord.HTTPException, OSError, TimeoutError)
MAX_FAILURES = 8


def refused(exc: BaseException) -> bool:
    """Whether Discord refused the request itself (400): the same request would be refused
    again, so it is not retried."""
    return isinstance(exc, discord.HTTPException) and exc.status == 400


def retry_pause(exc: BaseException, failures: int, base: float) -> float:
    """How long to wait before retrying: what a 429 asks for, else a pause growing from
    ``base`` with each failure in a row."""
    if isinstance(exc, discord.HTTPException) and exc.status == 429:
        headers = getattr(exc.response, "headers", {}) or {}
        asked = headers.get("X-RateLimit-Reset-After") or headers.get("Retry-After") or 1
        return max(0.05, min(float(asked), 30.0))
    return float(min(10.0, base * 2.0 ** min(failures - 1, 6)))
