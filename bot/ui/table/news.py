"""The words of a table's news messages: turn pings (the narration is cut into messages
by :func:`bot.ui.messages.chunks`)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.tables.models import Table


def ping_lines(table: Table, greet: Sequence[int], turn: Sequence[int]) -> list[str]:
    """``@Bob: your game at table #3 is on!`` and ``@Carol: your turn at …``."""
    lines = []
    if greet:
        people = " ".join(f"<@{u}>" for u in greet)
        where = f"**{table.event_name}**" if table.event_name else f"table #{table.id}"
        lines.append(f"{people}: your game at {where} is on!")
    if turn:
        people = " ".join(f"<@{u}>" for u in turn)
        lines.append(f"{people}: your turn at **{table.variant_name}** (table #{table.id}).")
    return lines
