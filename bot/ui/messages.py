"""Text cut into the messages Discord takes: at most 2000 characters of content each."""

from __future__ import annotations

from collections.abc import Sequence

MAX_CONTENT = 2000


def chunks(lines: Sequence[str], limit: int = MAX_CONTENT) -> list[str]:
    """``lines`` in order, joined into as few messages of at most ``limit`` characters as
    keep each line whole (a line longer than ``limit`` is cut to it)."""
    messages: list[str] = []
    current = ""
    for line in lines:
        line = line[:limit]
        if current and len(current) + 1 + len(line) > limit:
            messages.append(current)
            current = ""
        current = f"{current}\n{line}" if current else line
    if current:
        messages.append(current)
    return messages
