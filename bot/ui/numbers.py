"""Numbers that members type or that come back in custom ids and select values.

Only ASCII digits count (``"²".isdigit()`` is true and ``\\d`` matches Arabic-Indic digits,
but neither is a number a member meant), and a number must fit SQLite's signed 64-bit
INTEGER: anything else is not valid input, answered as such, never an exception.
"""

from __future__ import annotations

import re

#: A regular expression piece for an id: ASCII digits, no more than a 64-bit integer has.
NUMBER = "[0-9]{1,19}"
MAX_INTEGER = 2**63 - 1


def parse_number(text: str, maximum: int = MAX_INTEGER) -> int | None:
    """The whole number ``text`` spells in ASCII digits, if it is at most ``maximum``."""
    if re.fullmatch(NUMBER, text) is None:
        return None
    value = int(text)
    return value if value <= maximum else None
