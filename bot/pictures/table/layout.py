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

from bot.engine import hand_order, winning_play

from ..drawing.cards import card_size, card_tag
from ..drawing.fonts import SMALL_PRINT, fit, text_width
from ..drawing.items import Box, Geometry, Placed, Point, box_at, overlaps
from .header import header_height
from .middle import caption_box, middle_items
from .plates import shown_name
from .seats import SeatTag, default_tags

WIDTH = 800
PLATE_H = 80
MAX_HEIGHT = 700  # the tallest table picture (Discord shows a taller one smaller)
EXPOSED_W, FAN_MAX = 74, 280  # a Jambone hand's cards (wide enough for RIGHT, Joker), a fan
STRIP_MARGIN = 8  # the Jambone hand's band: room at its sides, above and under its cards
FAN_GAP, INDEX_W = 4, 36  # between cards side by side; the least of a card left in view
EXPOSED_LABEL = "{}'s Jambone hand"
TOOK_IT = "took it"
SHOWN = ("exposed", "tag", "area", "down")  # cards and words beside the plates


def geometry(seats: int, two_areas: bool, header: int, strip: int = 0) -> Geometry:
    """The picture's proportions for a number of seats under a header ``header`` tall
    (and over a band ``strip`` tall for a Jambone hand)."""
    body = min(524 if seats <= 6 else 566, MAX_HEIGHT - header - strip)
    plate_w = 224 if two_areas else 200 if seats <= 8 else 184
    centre = (WIDTH / 2, header + body / 2)
    radii = (WIDTH / 2 - plate_w / 2 - 8, body / 2 - PLATE_H / 2 - 21)
    card = 60 if two_areas else 62 if seats <= 6 else 50 if seats <= 8 else 46
    return Geometry(header + body, header, centre, radii, plate_w, card, strip)


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
    strip = card_size(EXPOSED_W)[1] + 2 * STRIP_MARGIN if jambone_cards(view) else 0
    geo = geometry(count, bool(areas), header_height(view, tags), strip)
    if areas:  # two players, each with a row of table or battery cards beside the plate
        plates = [(geo.plate_w / 2 + 10, geo.height - PLATE_H / 2 - 21),
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
        shown = _exposed(view, geo, tags)
        slots = trick_slots(plates, boxes, geo, [p.box for p in shown])
        free = [box_at(x, y, w, h) for x, y in slots]
    placed += shown
    placed += _trick(view, slots, geo)
    # the middle keeps clear of every seat's trick place, even before a card lies there
    took = _took_it(placed, geo)
    reserved = [*free, *boxes, *(p.box for p in placed + took if p.kind in ("took", *SHOWN))]
    placed += middle_items(view, tags, geo, reserved)
    return geo, placed + took


def _took_it(placed: Sequence[Placed], geo: Geometry) -> list[Placed]:
    """``took it`` over the card that took the last trick (else under it, or beside it),
    where it covers no card, plate or tab."""
    best = next((p for p in placed if p.highlight), None)
    if best is None:
        return []
    left, top, right, bottom = best.box
    w, h = text_width(TOOK_IT, SMALL_PRINT, "narrow") + 14, SMALL_PRINT + 6
    cx, cy = (left + right) / 2, (top + bottom) / 2
    half, above, under = (right - left) / 2, top - 4 - h / 2, bottom + 4 + h / 2
    spots = [box_at(cx, above, w, h), box_at(right + 6 + w / 2, cy, w, h),
             box_at(left - 6 - w / 2, cy, w, h), box_at(cx, under, w, h)]
    spots += [box_at(cx + dx, y, w, h) for y in (above, under) for dx in (-half, half)]
    spots += [box_at(x, y, w, h) for y in range(round(top + h / 2), round(bottom - h / 2), 4)
              for x in (right + 6 + w / 2, left - 6 - w / 2)]  # beside it, a little higher or lower
    solid = [p.box if p.kind != "plate" else (p.box[0], p.box[1] - 14, p.box[2], p.box[3] + 18)
             for p in placed if p is not best]
    solid += [box for p in placed if (box := caption_box(p))]

    def clash(spot: Box) -> int:
        """How many things the pill would touch there (outside the picture: many)."""
        if spot[1] < geo.header or spot[3] > geo.height or spot[0] < 0 or spot[2] > WIDTH:
            return len(solid) + 1
        return sum(1 for other in solid if overlaps(spot, other, 2))

    spot = min(spots, key=clash)  # the first free spot, else the least crowded
    return [Placed("took", spot, seat=best.seat, text=TOOK_IT)]


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
    kind, winning = "trick", None
    if not plays:
        last = view.get("last_trick") or (view.get("previous_hand") or {}).get("last_trick")
        if last:
            plays, kind, winning = last.get("cards") or [], "last", winning_play(last)
    w, h = card_size(geo.card_width)
    placed = []
    for order, play in enumerate(plays):
        seat = play.get("seat")
        if not isinstance(seat, int) or seat >= len(slots):
            continue
        x, y = slots[seat]
        before = sum(1 for p in plays[:order] if p.get("seat") == seat)
        x += before * (w + 10)  # a second card of the same seat (two-player tricks)
        best = order == winning
        placed.append(Placed(kind, box_at(x, y, w, h), play.get("card"), seat, highlight=best))
    return placed


def jambone_cards(view: Mapping[str, Any]) -> list[str]:
    """A Jambone maker's hand shown face up, in the order trump makes it (none else)."""
    maker = view.get("maker")
    if not isinstance(maker, int) or view.get("tables"):
        return []
    return hand_order([c for c in view.get("exposed_hand") or [] if c],
                      str(view.get("variant")), view.get("trump"))


def _exposed(view: Mapping[str, Any], geo: Geometry, tags: Sequence[SeatTag]) -> list[Placed]:
    """A Jambone maker's hand in the band under the table, wherever the maker sits: named
    for the maker (``Alice's Jambone hand``), then its cards :data:`EXPOSED_W` wide
    (bowers named, the Joker drawn whole) side by side, or fanned where they would not
    fit (a named card kept whole)."""
    cards = jambone_cards(view)
    if not cards or not geo.strip:
        return []
    variant = str(view.get("variant"))
    worded = [_worded(c, variant, view) for c in cards]
    w, h = card_size(EXPOSED_W)
    maker = view["maker"]
    name = shown_name(tags[maker]) if maker < len(tags) else f"Seat {maker + 1}"
    words = EXPOSED_LABEL.format(fit(name, SMALL_PRINT, 110, "narrow"))
    label_w = text_width(words, SMALL_PRINT, "narrow") + 16
    room = WIDTH - 2 * STRIP_MARGIN - label_w - 12
    offsets = fan_offsets(worded, w, room)
    fan_w = round(offsets[-1] + w)
    x = round((WIDTH - label_w - 12 - fan_w) / 2)
    y = geo.height + (geo.strip - h) // 2
    label = Placed("tag", box_at(x + label_w / 2, y + h / 2, label_w, SMALL_PRINT + 6),
                   text=words)
    x += label_w + 12
    fan = [Placed("exposed", (round(x + dx), y, round(x + dx) + w, y + h), card, maker)
           for dx, card in zip(offsets, cards, strict=True)]
    return [label, *fan]


def _worded(card: str, variant: str, view: Mapping[str, Any]) -> bool:
    """Whether the card's band names what trump makes of it in a word (``LEFT``) that
    reads on a card :data:`EXPOSED_W` wide."""
    tag = card_tag(card, variant, view)
    fits = text_width(str(tag), SMALL_PRINT, "plain") <= EXPOSED_W - 4
    return tag not in (None, "trump") and fits


def fan_offsets(worded: Sequence[bool], w: int, room: float = 0) -> list[float]:
    """Where each card of a fan starts, within ``room`` (:data:`FAN_MAX` if none): cards
    side by side if they fit; else a card whose band carries a word stays whole in view,
    and the others share the room left (at least :data:`INDEX_W` each, their corner index
    in view); evenly if even that does not fit."""
    count, limit = len(worded), room or FAN_MAX
    if count < 2:
        return [0.0] * count
    whole = w + FAN_GAP
    if w + whole * (count - 1) <= limit:
        return [i * whole for i in range(count)]
    kept = sum(worded[:-1])
    share = (limit - w - kept * whole) / max(1, count - 1 - kept)
    if share < INDEX_W:
        return [i * (limit - w) / (count - 1) for i in range(count)]
    offsets, x = [], 0.0
    for word in worded:
        offsets.append(x)
        x += whole if word else share
    return offsets


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
