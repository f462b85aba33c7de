"""The words of a table's news messages: turn pings (the narration is cut into messages
by :func:`bot.ui.messages.chunks`)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.tables.models import Table


def ping_lines(table: Table, greet: Sequence[int], turn: Sequence[int]) -> list[str]:
    """``@Bob @Carol: your game at table #3 is on! @Carol, it's your turn.`` (the greeting
    says whose turn it is, when it is a greeted person's) and ``@Dave: your turn at …``."""
    lines = []
    if greet:
        people = " ".join(f"<@{u}>" for u in greet)
        where = f"**{table.event_name}**" if table.event_name else f"table #{table.id}"
        first = table.current_user if table.status == "playing" else None
        if first in greet and len(greet) == 1:
            lines.append(f"{people}: your game at {where} is on, and it's your turn.")
        else:
            turn_words = f" <@{first}>, it's your turn." if first in greet else ""
            lines.append(f"{people}: your game at {where} is on!{turn_words}")
        turn = [u for u in turn if u not in greet]
    if turn:
        people = " ".join(f"<@{u}>" for u in turn)
        lines.append(f"{people}: your turn at **{table.variant_name}** (table #{table.id}).")
    return lines
