"""Buttons and selects as plain data, sent with any discord.py call that takes a view.

Every button and select Bower sends has a custom id naming its table (and turn); clicks are
routed by pattern (see ``cogs/table_components.py``), so they work on any message, even
after a restart, and nothing is kept per message. A ``discord.ui.View`` would do more
than needed: discord.py stores each one it sends (with a 15-minute timer for ephemeral
ones), and its items and the view refer to each other, which leaves cyclic garbage behind
every message — at a hundred busy tables the cycle collector's passes stall the event
loop. :class:`StaticView` is only the rows of components as Discord's JSON, with the few
methods discord.py asks a view for; it reports itself finished and not dispatchable, so
it is never stored.
"""

from __future__ import annotations

from typing import Any, cast

import discord

Json = dict[str, Any]
ROWS, ROW_WIDTH = 5, 5
BUTTON, SELECT, ACTION_ROW = 2, 3, 1


class StaticView:
    """Rows of buttons and selects (at most 5 rows of 5 buttons, or one select)."""

    __discord_ui_view__ = True
    timeout = None

    def __init__(self) -> None:
        self._rows: list[list[Json]] = [[] for _ in range(ROWS)]

    def add_button(
        self,
        *,
        label: str,
        custom_id: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        emoji: str | None = None,
        row: int | None = None,
    ) -> None:
        """Add a button (in ``row``, or the first row with room)."""
        button: Json = {"type": BUTTON, "style": style.value, "label": label[:80]}
        button["custom_id"] = custom_id
        if disabled:
            button["disabled"] = True
        if emoji:
            button["emoji"] = {"name": emoji}
        self._place(button, row, width=1)

    def add_select(
        self,
        *,
        custom_id: str,
        placeholder: str,
        options: list[tuple[str, str]],
        row: int | None = None,
    ) -> None:
        """Add a one-choice select of ``(label, value)`` options (a row of its own)."""
        select: Json = {
            "type": SELECT,
            "custom_id": custom_id,
            "placeholder": placeholder[:150],
            "min_values": 1,
            "max_values": 1,
            "options": [{"label": label[:100], "value": value} for label, value in options],
        }
        self._place(select, row, width=ROW_WIDTH)

    def _place(self, component: Json, row: int | None, width: int) -> None:
        rows = range(ROWS) if row is None else (row,)
        for index in rows:
            used = sum(ROW_WIDTH if c["type"] == SELECT else 1 for c in self._rows[index])
            if used + width <= ROW_WIDTH:
                self._rows[index].append(component)
                return
        raise ValueError(f"No room for {component.get('custom_id')} (row {row}).")

    @property
    def children(self) -> list[Json]:
        """Every component, row by row."""
        return [component for row in self._rows for component in row]

    # ----- what discord.py asks of a view --------------------------------------------------
    def to_components(self) -> list[Json]:
        """The message's ``components``: one action row per non-empty row."""
        return [{"type": ACTION_ROW, "components": list(row)} for row in self._rows if row]

    def has_components_v2(self) -> bool:
        """Classic components only."""
        return False

    def is_finished(self) -> bool:
        """Always finished: discord.py never stores it."""
        return True

    def is_dispatchable(self) -> bool:
        """Never dispatched through discord.py's view store."""
        return False


def as_view(view: StaticView) -> discord.ui.View:
    """``view`` typed as discord.py expects (it only uses what StaticView has)."""
    return cast(discord.ui.View, view)
