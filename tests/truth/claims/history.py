"""Claims of ``/history``: each finished game's sides and final scores, and whether the
member won it (a game they left counts as lost)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from tests.truth.claims.base import side_values
from tests.truth.claims.marks import mark_findings

LINE = re.compile(r"^(?P<mark>✅|❌|🚪) \*\*(?P<game>.+?)\*\* #(?P<id>\d+) · (?P<rest>.+)$")
MENTION = re.compile(r"<@(\d+)>")


def history_findings(text: str, member: int | None, tables: Mapping[int, Any],
                     user_names: Mapping[int, str]) -> list[tuple[str, str, str | None]]:
    """(kind, said, truth or None) for each game line of a ``/history`` answer; ``tables``:
    table id → its truth (``table``, ``names``, ``snapshots``)."""
    found: list[tuple[str, str, str | None]] = []
    for line in (raw.strip() for raw in text.splitlines()):
        match = LINE.match(line)
        truth = tables.get(int(match.group("id"))) if match else None
        if match is None or truth is None or member is None:
            continue
        named = MENTION.sub(lambda m: user_names.get(int(m.group(1)), m.group(0)), line)
        parts = LINE.match(named).group("rest").split(" · ")  # type: ignore[union-attr]
        sides = next((p for p in parts if " — " in p or re.search(r": \**-?\d", p)), "")
        plain = sides.replace("**", "").replace(" — ", " · ").replace(": ", " ")
        pairs = side_values(plain, truth.names)
        final = truth.snapshots[-1].public
        if pairs is not None:
            true = {tuple(sorted(s)): final["scores"][n] for n, s in enumerate(final["sides"])}
            wrong = [f"{seats}: {true.get(tuple(sorted(seats)))}" for seats, score in pairs
                     if true.get(tuple(sorted(seats))) != score]
            found.append(("history_scores", line, "; ".join(wrong) or None))
        found.append(("history_result", line, mark_truth(match.group("mark"), member, truth)))
        found += [("seat_mark", line, gone) for _, gone in
                  mark_findings(named, truth.table, truth.names)]
    return found


def mark_truth(mark: str, member: int, truth: Any) -> str | None:
    """None when ✅ / ❌ says truly whether the member's side won (leaving loses)."""
    if mark == "🚪" or member in truth.table.departed.values():
        return None if mark in ("❌", "🚪") else "they left the game: it counts as lost"
    seat = next((s.seat for s in truth.table.seats if s.user_id == member), None)
    final = truth.snapshots[-1].public
    winner = final.get("winner")
    if winner is None and truth.table.hand_limit is not None:
        scores = final["scores"]
        ahead = [n for n, x in enumerate(scores) if x == max(scores)]
        winner = ahead[0] if len(ahead) == 1 else None
    won = winner is not None and seat in final["sides"][winner]
    return None if (mark == "✅") == won else ("they won" if won else "they did not win")
