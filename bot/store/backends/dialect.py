"""The repositories' SQL, written once, as PostgreSQL reads it.

Repositories write ``?`` parameters and SQLite's null-safe ``IS ?``; everything else they
use (``ON CONFLICT`` upserts, ``CASE``, ``COALESCE``, ``RETURNING``) both databases read
alike. Translations are cached: the same few hundred statements run again and again.
"""

from __future__ import annotations

import re
from functools import lru_cache

_TOKENS = re.compile(r"'(?:[^']|'')*'|\bIS\s+NOT\s+\?|\bIS\s+\?|\?", re.IGNORECASE)
_INSERT_INTO = re.compile(r"^\s*INSERT\s+INTO\s+(\w+)", re.IGNORECASE)


@lru_cache(maxsize=1024)
def to_postgresql(sql: str) -> str:
    """``sql`` with ``?`` numbered ``$1, $2…`` and ``IS [NOT] ?`` made null-safe
    comparisons; quoted text is left alone."""
    number = 0

    def replace(match: re.Match[str]) -> str:
        nonlocal number
        token = match.group(0)
        if token.startswith("'"):
            return token
        number += 1
        upper = token.upper()
        if upper.startswith("IS") and "NOT" in upper:
            return f"IS DISTINCT FROM ${number}"
        if upper.startswith("IS"):
            return f"IS NOT DISTINCT FROM ${number}"
        return f"${number}"

    return _TOKENS.sub(replace, sql)


def inserted_id_table(sql: str) -> str | None:
    """The table a plain INSERT writes to (None for anything else, or one that already
    says what it returns)."""
    match = _INSERT_INTO.match(sql)
    if match is None or re.search(r"\bRETURNING\b", sql, re.IGNORECASE):
        return None
    return match.group(1)
