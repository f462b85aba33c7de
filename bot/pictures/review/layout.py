"""Where things go on the review picture: one row per seat (its plate, the cards it holds,
its table or battery under them in the two-player games), the trick in a felt column at
the right with each card in the row of the seat that played it (at the deal: each seat's
calls instead), and the cards outside the hands along the bottom.

Pure geometry: :func:`record_layout` turns a step view into :class:`Placed` items that
:mod:`bot.pictures.record` draws and the tests inspect.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.words.scores import nth

from ..drawing.cards import card_size
from ..drawing.fonts import SMALLEST
from ..drawing.items import Box, Placed
from .header import HEADER_H
from .piles import pile_items

WIDTH, MARGIN, GAP = 800, 14, 10
PLATE_W, CALLS_W = 178, 176
CAPTION_H = SMALLEST + 8
AREA_LABELS = {False: "table (faded: face down)", True: "battery (faded: face down)"}
AREA_GAP = SMALLEST + 6  # room for an area's name between the hand and the area
ORDER_W = 80  # the words beside a trick card: its place in the trick, who took it


def card_width(view: Mapping[str, Any]) -> int:
    """Cards shrink a little as seats are added, so the picture stays under ~1000 px."""
    seats = int(view["seats"])
    return 60 if seats <= 4 else 56 if seats <= 6 else 50 if seats <= 8 else 46


def two_areas(view: Mapping[str, Any]) -> bool:
    """Whether seats also have a table or battery (Over the Rhine, Over the Top)."""
    return bool(view.get("tables"))


def record_layout(view: Mapping[str, Any]) -> tuple[int, list[Placed]]:
    """The picture's height and every item on it, in drawing order."""
    w, h = card_size(card_width(view))
    areas = two_areas(view)
    row_h = 2 * h + AREA_GAP if areas else max(h, 62)
    column_w = w + ORDER_W + 24 if view["trick"] else CALLS_W if view["calls"] else 0
    column_x = WIDTH - MARGIN - column_w
    top = HEADER_H + CAPTION_H
    held = "Cards as dealt" if not view["trick"] else "Cards still held"
    if view["trick"] and not any(view["cards"]) and not any(map(_holds, view["tables"])):
        held = "Every card played"
    placed = [Placed("caption", (MARGIN + PLATE_W + 12, top - CAPTION_H, column_x - 12, top - 4),
                     text=held)]
    if column_w:
        moment = "Calls" if not view["trick"] else f"Trick {view['trick']}"
        bottom = top + int(view["seats"]) * (row_h + GAP) - GAP + 4
        placed += [
            Placed("column", (column_x, top - CAPTION_H + 2, WIDTH - MARGIN, bottom)),
            Placed("caption", (column_x + 10, top - CAPTION_H + 2, WIDTH - MARGIN - 6, top - 4),
                   text=moment),
        ]
    for seat in range(int(view["seats"])):
        y = top + seat * (row_h + GAP)
        placed.append(Placed("plate", (MARGIN, y, MARGIN + PLATE_W, y + row_h), seat=seat))
        left, right = MARGIN + PLATE_W + 12, column_x - 12
        placed += _row(view["cards"][seat], (left, y, right, y + h), seat, "held", w)
        if areas:
            table = _table(view["tables"][seat], (left, y + h + AREA_GAP, right, y + row_h),
                           seat, w)
            placed += table if view["tables_in_play"][seat] else [_idle(p) for p in table]
        placed += _trick(view, seat, column_x + 12, y, h, areas)
        if column_w and not view["trick"]:
            placed.append(Placed("calls", (column_x + 8, y, WIDTH - MARGIN - 8, y + row_h),
                                 seat=seat))
    bottom = top + int(view["seats"]) * (row_h + GAP)
    piles, height = pile_items(view["piles"], bottom + 4, min(card_width(view), 50))
    return height + GAP, placed + piles


def _holds(table: Mapping[str, Any]) -> bool:
    """Whether a table or battery still has a card on it."""
    columns = table.get("columns") or []
    return bool(table.get("up") or table.get("down") or any(c["up"] or c["down"] for c in columns))


def _row(cards: Sequence[str], box: Box, seat: int, kind: str, w: int) -> list[Placed]:
    """Cards side by side from the box's left, overlapping when they would not fit."""
    left, top, right, _ = box
    h = card_size(w)[1]
    step: float = w + 6
    if len(cards) > 1:
        step = min(step, (right - left - w) / (len(cards) - 1))
    return [Placed(kind, (round(left + i * step), top, round(left + i * step) + w, top + h),
                   card, seat) for i, card in enumerate(cards)]


def _table(table: Mapping[str, Any], box: Box, seat: int, w: int) -> list[Placed]:
    """A table (face-up cards, then the face-down ones) or a battery (five columns, each
    a face-up card over a face-down one)."""
    if not _holds(table):
        return []
    left, top, right, _ = box
    h = card_size(w)[1]
    placed = [Placed("area_label", (left, top - AREA_GAP, right, top - 2), seat=seat,
                     text=AREA_LABELS["columns" in table])]
    if "columns" in table:
        x = left
        for column in table["columns"]:
            if column.get("down"):
                placed.append(Placed("down", (x + 10, top + 8, x + 10 + w, top + 8 + h),
                                     column["down"], seat))
            if column.get("up"):
                placed.append(Placed("area", (x, top, x + w, top + h), column["up"], seat))
            x += w + 18
        return placed
    up = _row(table["up"], (left, top, left + 2 * (w + 6), top + h), seat, "area", w)
    start = left + max(1, len(table["up"])) * (w + 6) + 10
    down = _row(table["down"], (start, top, right, top + h), seat, "down", w)
    return placed + up + down


def _idle(item: Placed) -> Placed:
    """A table card of a seat whose table takes no part (shooting the moon)."""
    if item.kind == "area_label":
        return replace(item, text=f"{item.text.split(' ')[0]} (takes no part: shooting the moon)")
    return replace(item, kind="idle") if item.kind == "area" else item


def _trick(
    view: Mapping[str, Any], seat: int, x: int, y: int, h: int, areas: bool
) -> list[Placed]:
    """The seat's cards in the trick, in its row (two-player games: the card played from
    hand beside the hand, the one from the table beside the table)."""
    placed = []
    w = card_size(card_width(view))[0]
    for index, play in enumerate(view["trick_cards"]):
        if play["seat"] != seat:
            continue
        top = y
        if areas and play.get("area") not in (None, "hand"):
            top = y + h + AREA_GAP
        best = index == view.get("winning")
        placed.append(Placed("trick", (x, top, x + w, top + h), play["card"], seat,
                             highlight=best))
        words = (x + w + 8, top + 4, x + w + 8 + ORDER_W, top + h)
        placed.append(Placed("order", words, seat=seat, text=ordinal(index), highlight=best))
    return placed


def ordinal(index: int) -> str:
    """A trick card's place: ``led``, ``2nd``, ``3rd``, ``4th``…"""
    return "led" if index == 0 else nth(index + 1)
