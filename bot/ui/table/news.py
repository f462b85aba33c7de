"""The words of a table's news messages: turn pings, and narration cut into messages
Discord takes (at most 2000 characters each)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.tables.models import Table

MAX_CONTENT = 2000


def ping_lines(table: Table, greet: Sequence[int], turn: Sequence[int]) -> list[str]:
    """``@Bob @Carol: your game at table #3 is on! @Carol, it's your turn.`` (the greeting
    says whose turn it is, when it is a greeted person's) and ``@Dave: your turn at …``."""
    lines = []
    if greet:
        people = " ".join(f"<@{u}>" for u in greet)
        where = f"**{table.event_name}**" if table.event_name else f"table #{table.id}"
        line = f"{people}: your game at {where} is on!"
        first = table.current_user if table.status == "playing" else None
        if first in greet:
            line += f" <@{first}>, it's your turn."
        lines.append(line)
        turn = [u for u in turn if u not in greet]
    if turn:
        people = " ".join(f"<@{u}>" for u in turn)
        lines.append(f"{people}: your turn at **{table.variant_name}** (table #{table.id}).")
    return lines


def chunks(lines: Sequence[str]) -> list[str]:
    """Lines joined into messages of at most 2000 characters."""
    messages: list[str] = []
    current = ""
    for line in lines:
        line = line[:MAX_CONTENT]
        if current and len(current) + 1 + len(line) > MAX_CONTENT:
            messages.append(current)
            current = ""
        current = f"{current}\n{line}" if current else line
    if current:
        messages.append(current)
    return messages
