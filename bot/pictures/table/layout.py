"""Where things go on the table picture: seats around an oval, each trick card in front of
the seat that played it, a Jambone hand face up beside its maker, the shared cards and
labels in the middle.

Pure geometry: :func:`table_layout` turns a public view into :class:`Placed` items that
:mod:`.table` draws and the tests inspect.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from ..drawing.cards import card_size
from ..drawing.fonts import text_width
from ..drawing.items import Box, Geometry, Placed, Point, box_at, overlaps
from .header import header_height
from .middle import middle_items
from .seats import SeatTag, default_tags

WIDTH = 800
PLATE_H = 66


def geometry(seats: int, two_areas: bool, header: int) -> Geometry:
    """The picture's proportions for a number of seats under a header ``header`` tall."""
    body = 524 if seats <= 6 else 566
    plate_w = 224 if two_areas else 200 if seats <= 4 else 184
    centre = (WIDTH / 2, header + body / 2)
    radii = (WIDTH / 2 - plate_w / 2 - 8, body / 2 - PLATE_H / 2 - 17)
    card = 60 if two_areas else 62 if seats <= 6 else 50 if seats <= 8 else 46
    return Geometry(header + body, header, centre, radii, plate_w, card)


def seat_point(seat: int, seats: int, geo: Geometry) -> Point:
    """The centre of a seat's plate: seat 0 at the bottom (just right of it with ten
    seats, so that no two plates touch), the others clockwise."""
    turn = math.pi / seats if seats >= 10 else 0.0
    angle = math.pi / 2 - turn + 2 * math.pi * seat / seats
    cx, cy = geo.centre
    rx, ry = geo.seat_radii
    return cx + rx * math.cos(angle), cy + ry * math.sin(angle)


def hands_at_table(view: Mapping[str, Any]) -> int:
    """How many hands are dealt: every seat, Flip's dead hand included."""
    hands = len(view.get("hand_sizes") or []) or sum(len(s) for s in view.get("sides") or [])
    return max(hands, 2)


def table_layout(
    view: Mapping[str, Any], seats: Sequence[SeatTag] | None = None
) -> tuple[Geometry, list[Placed]]:
    """Every plate, card and label of the table picture, in drawing order."""
    count = hands_at_table(view)
    tags = list(seats) if seats is not None else default_tags(count)
    areas = view.get("tables")
    geo = geometry(count, bool(areas), header_height(view, tags))
    if areas:  # two players, each with a row of table or battery cards beside the plate
        plates = [(geo.plate_w / 2 + 10, geo.height - PLATE_H / 2 - 17),
                  (geo.plate_w / 2 + 10, geo.header + PLATE_H / 2 + 16)]
    else:
        plates = [seat_point(s, count, geo) for s in range(count)]
    boxes = [box_at(x, y, geo.plate_w, PLATE_H) for x, y in plates]
    placed = [Placed("plate", box, seat=seat) for seat, box in enumerate(boxes)]
    w, h = card_size(geo.card_width)
    if areas:
        shown = _areas(areas, boxes)
        slots = _two_player_slots(geo)
        free = [box_at(x + twice * (w + 10), y, w, h) for x, y in slots for twice in (0, 1)]
    else:
        shown = _exposed(view, boxes, geo)
        slots = trick_slots(plates, boxes, geo, [p.box for p in shown])
        free = [box_at(x, y, w, h) for x, y in slots]
    placed += shown
    placed += _trick(view, slots, geo)
    # the middle keeps clear of every seat's trick place, even before a card lies there
    placed += middle_items(view, tags, geo, [*free, *boxes, *(p.box for p in shown)])
    return geo, placed


def trick_slots(
    plates: Sequence[Point], boxes: Sequence[Box], geo: Geometry, blocked: Sequence[Box]
) -> list[Point]:
    """Where each seat's trick card lies: on a ring as far out as the plates allow (with
    few seats, across and up and down each as far as it can), moved further in where a
    shown hand lies."""
    w, h = card_size(geo.card_width)
    cx, cy = geo.centre

    def slot(px: float, py: float, sx: float, sy: float) -> Box:
        """The card's box for a plate at (px, py), scaled toward the middle."""
        return box_at(cx + (px - cx) * sx, cy + (py - cy) * sy, w, h)

    def fits(sx: float, sy: float) -> bool:
        """Whether no seat's card comes near any plate at these scales."""
        return not any(overlaps(slot(px, py, sx, sy), box, 12)
                       for px, py in plates for box in boxes)

    scale = 0.62
    while scale > 0.36 and not fits(scale, scale):
        scale -= 0.02
    sx = sy = scale
    while len(plates) <= 6 and sy < 0.62 and fits(sx, sy + 0.02):  # few seats: more room
        sy += 0.02
    while len(plates) <= 6 and sx < 0.62 and fits(sx + 0.02, sy):
        sx += 0.02
    slots = []
    for px, py in plates:
        own = 1.0
        while own > 0.5 and any(overlaps(slot(px, py, sx * own, sy * own), b, 6)
                                for b in blocked):
            own -= 0.04
        slots.append((cx + (px - cx) * sx * own, cy + (py - cy) * sy * own))
    return slots


def _two_player_slots(geo: Geometry) -> list[Point]:
    """The two players' trick cards: below the middle line for seat 0, above for seat 1."""
    cx, cy = geo.centre
    h = card_size(geo.card_width)[1]
    return [(cx - 70, cy + h * 0.6), (cx - 50, cy - h * 0.6)]


def _trick(view: Mapping[str, Any], slots: Sequence[Point], geo: Geometry) -> list[Placed]:
    """The trick in progress, else the last trick (this hand's, or the hand before's)."""
    plays = view.get("trick") or []
    kind, winner = "trick", None
    if not plays:
        last = view.get("last_trick") or (view.get("previous_hand") or {}).get("last_trick")
        if last:
            plays, kind, winner = last.get("cards") or [], "last", last.get("winner")
    w, h = card_size(geo.card_width)
    placed = []
    for order, play in enumerate(plays):
        seat = play.get("seat")
        if not isinstance(seat, int) or seat >= len(slots):
            continue
        x, y = slots[seat]
        before = sum(1 for p in plays[:order] if p.get("seat") == seat)
        x += before * (w + 10)  # a second card of the same seat (two-player tricks)
        best = kind == "last" and seat == winner and not _later_twin(plays, order, seat)
        placed.append(Placed(kind, box_at(x, y, w, h), play.get("card"), seat, highlight=best))
    return placed


def _later_twin(plays: Sequence[Mapping[str, Any]], order: int, seat: int) -> bool:
    """Whether the winner played another card after this one (two-area games: the
    winning card is the later of the winner's two)."""
    return any(p.get("seat") == seat for p in plays[order + 1:])


def _exposed(view: Mapping[str, Any], boxes: Sequence[Box], geo: Geometry) -> list[Placed]:
    """A Jambone maker's hand, face up in a fan beside the maker's plate, on the side
    toward the table's middle (below a plate at mid height)."""
    cards = [c for c in view.get("exposed_hand") or [] if c]
    maker = view.get("maker")
    if not cards or not isinstance(maker, int) or maker >= len(boxes):
        return []
    left, top, right, bottom = boxes[maker]
    w, h = card_size(40)
    span = right - left
    step = min(w + 4, (span - w) / max(1, len(cards) - 1))
    width = round(w + step * (len(cards) - 1))
    x0 = left + (span - width) / 2
    below = (top + bottom) / 2 <= geo.centre[1] + 10
    y = bottom + 6 if below else top - 6 - h
    fan = [
        Placed("exposed", (round(x0 + i * step), y, round(x0 + i * step) + w, y + h), card,
               maker)
        for i, card in enumerate(cards)
    ]
    words = "Jambone: hand shown"
    label_w = text_width(words, 14) + 16
    label_y = y + h + 3 if below else y - 23
    label = Placed("tag", box_at((left + right) / 2, label_y + 10, label_w, 20), text=words)
    return [*fan, label]


def _areas(areas: Sequence[Any], boxes: Sequence[Box]) -> list[Placed]:
    """Each player's table (face-up cards, a face-down pile) or battery (five columns)."""
    placed = []
    w, h = card_size(52)
    for seat, area in enumerate(areas[:2]):
        left, top, right, bottom = boxes[seat]
        x = right + 16 + w / 2
        y = (top + bottom) / 2 + (-4 if seat == 0 else 4)
        columns = area.get("columns") if isinstance(area, Mapping) else area
        if isinstance(columns, list):
            for column in columns:
                if column.get("down"):  # a count only when no card lies face up on it
                    count = "" if column.get("up") else str(column["down"])
                    placed.append(Placed("down", box_at(x + 4, y - 6, w, h), seat=seat,
                                         text=count))
                if column.get("up"):
                    placed.append(Placed("area", box_at(x, y, w, h), column["up"], seat))
                x += w + 8
            continue
        for card in area.get("up") or []:
            placed.append(Placed("area", box_at(x, y, w, h), card, seat))
            x += w + 8
        if area.get("down"):
            placed.append(Placed("down", box_at(x, y, w, h), seat=seat, text=str(area["down"])))
    return placed
