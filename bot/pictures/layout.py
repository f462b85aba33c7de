"""Where things go on the table picture: seats around an oval, each trick card in front of
the seat that played it, the shared cards in the middle.

Pure geometry: :func:`table_layout` turns a public view into :class:`Placed` items that
:mod:`.table` draws and the tests inspect.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .cards import card_size

WIDTH = 800
HEADER = 76
PLATE_W, PLATE_H = 184, 56
WIDE_PLATE_W = 224
Box = tuple[int, int, int, int]
TURN_UP_WORDS = {"up": "turned up", "down": "turned down", "taken": "picked up"}


@dataclass(frozen=True)
class Placed:
    """One thing drawn on the table: a card (face up or down), a seat's plate, a label."""

    kind: str  # plate, trick, last, area, down, turn_up, calling, burn, chaff, nest
    box: Box
    card: str | None = None
    seat: int | None = None
    text: str = ""
    highlight: bool = False
    caption: str = ""  # a word under the card (``chaff``, ``turned up``…)


@dataclass(frozen=True)
class Geometry:
    """The picture's size, the table's centre and the radii of seats and trick cards."""

    height: int
    centre: tuple[float, float]
    seat_radii: tuple[float, float]
    trick_scale: float
    card_width: int


def geometry(seats: int, two_areas: bool) -> Geometry:
    """The picture's proportions for a number of seats."""
    height = 600 if seats <= 6 else 640
    centre = (WIDTH / 2, HEADER + (height - HEADER) / 2)
    radii = (WIDTH / 2 - PLATE_W / 2 - 8, (height - HEADER) / 2 - PLATE_H / 2 - 6)
    card = 62 if seats <= 6 else 50
    if two_areas:
        card = 54
    return Geometry(height, centre, radii, 0.5 if seats > 2 else 0.42, card)


def seat_point(seat: int, seats: int, geo: Geometry) -> tuple[float, float]:
    """The centre of a seat's plate: seat 0 at the bottom (just right of it with ten
    seats, so that no two plates touch), the others clockwise."""
    turn = math.pi / seats if seats >= 10 else 0.0
    angle = math.pi / 2 - turn + 2 * math.pi * seat / seats
    cx, cy = geo.centre
    rx, ry = geo.seat_radii
    return cx + rx * math.cos(angle), cy + ry * math.sin(angle)


def box_at(x: float, y: float, w: int, h: int) -> Box:
    """The box of size (w, h) centred on (x, y)."""
    left, top = round(x - w / 2), round(y - h / 2)
    return left, top, left + w, top + h


def table_layout(view: Mapping[str, Any]) -> tuple[Geometry, list[Placed]]:
    """Every plate and card of the table picture, in drawing order."""
    seats = len(view.get("hand_sizes") or []) or sum(len(s) for s in view.get("sides") or [])
    seats = max(seats, 2)
    areas = view.get("tables")
    geo = geometry(seats, bool(areas))
    placed: list[Placed] = []
    plates = [seat_point(s, seats, geo) for s in range(seats)]
    plate_w = PLATE_W
    if areas:  # two players, each with a row of table or battery cards beside the plate
        plate_w = WIDE_PLATE_W
        plates = [(geo.centre[0] - 190, geo.height - PLATE_H / 2 - 10),
                  (geo.centre[0] - 190, HEADER + PLATE_H / 2 + 10)]
    for seat, (x, y) in enumerate(plates):
        placed.append(Placed("plate", box_at(x, y, plate_w, PLATE_H), seat=seat))
    if areas:
        placed += _areas(areas, plates, plate_w)
    placed += _trick(view, plates, geo, bool(areas))
    placed += _middle(view, middle_point(geo, bool(areas)))
    return geo, placed


def middle_point(geo: Geometry, areas: bool) -> tuple[float, float]:
    """Where trump and the shared cards go: the table's middle, or its right-hand side
    when the two players' areas and tricks fill the middle."""
    cx, cy = geo.centre
    return (cx + 270, cy) if areas else (cx, cy)


def _trick(
    view: Mapping[str, Any], plates: Sequence[tuple[float, float]], geo: Geometry, areas: bool
) -> list[Placed]:
    """The trick in progress, else the last trick (this hand's, or the hand before's)."""
    plays = view.get("trick") or []
    kind, winner = "trick", None
    if not plays:
        last = view.get("last_trick") or (view.get("previous_hand") or {}).get("last_trick")
        if last:
            plays, kind, winner = last.get("cards") or [], "last", last.get("winner")
    w, h = card_size(geo.card_width)
    cx, cy = geo.centre
    placed = []
    for order, play in enumerate(plays):
        seat = play.get("seat")
        if not isinstance(seat, int) or seat >= len(plates):
            continue
        if areas:
            mine = [p for p in plays[:order] if p.get("seat") == seat]
            x = cx - 40 + len(mine) * (w + 10) + (0 if seat == 0 else 20)
            y = cy + (h * 0.62 if seat == 0 else -h * 0.62)
        else:
            px, py = plates[seat]
            x, y = cx + (px - cx) * geo.trick_scale, cy + (py - cy) * geo.trick_scale
        best = kind == "last" and seat == winner and not _earlier_twin(plays, order, seat)
        placed.append(Placed(kind, box_at(x, y, w, h), play.get("card"), seat, highlight=best))
    return placed


def _earlier_twin(plays: Sequence[Mapping[str, Any]], order: int, seat: int) -> bool:
    """Whether the winner played another card after this one (two-area games: the
    winning card is the later of the winner's two)."""
    return any(p.get("seat") == seat for p in plays[order + 1:])


def _areas(
    areas: Sequence[Any], plates: Sequence[tuple[float, float]], plate_w: int
) -> list[Placed]:
    """Each player's table (face-up cards, a face-down pile) or battery (five columns)."""
    placed = []
    w, h = card_size(44)
    for seat, area in enumerate(areas[:2]):
        px, py = plates[seat]
        x = px + plate_w / 2 + 16 + w / 2
        y = py - 6 if seat == 0 else py + 6
        columns = area.get("columns") if isinstance(area, Mapping) else area
        if isinstance(columns, list):
            for column in columns:
                if column.get("down"):
                    placed.append(Placed("down", box_at(x + 4, y - 6, w, h), seat=seat,
                                         text=str(column["down"])))
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


def _middle(view: Mapping[str, Any], anchor: tuple[float, float]) -> list[Placed]:
    """Turn-up, calling card over the burn card, turned chaff and the nest, in a row
    under the trump line."""
    w, h = card_size(40)
    row: list[Placed] = []
    if view.get("turn_up"):
        state = str(view.get("turn_up_state") or "up")
        row.append(Placed("turn_up", (0, 0, 0, 0), view["turn_up"],
                          caption=TURN_UP_WORDS.get(state, "")))
    if view.get("calling_card"):
        row.append(Placed("calling", (0, 0, 0, 0), view["calling_card"], caption="calling card"))
    for index, card in enumerate((view.get("chaff") or [])[-3:]):
        row.append(Placed("chaff", (0, 0, 0, 0), card, caption="" if index else "chaff"))
    if view.get("chaff_hidden"):
        row.append(Placed("down", (0, 0, 0, 0), text=str(view["chaff_hidden"])))
    if view.get("nest_size"):
        row.append(Placed("nest", (0, 0, 0, 0), text=str(view["nest_size"]), caption="nest"))
    cx, cy = anchor
    x = cx - (len(row) * (w + 8) - 8) / 2 + w / 2
    placed = []
    for item in row:
        if item.kind == "calling":  # the burn card lies face down under it
            placed.append(Placed("burn", box_at(x - 14, cy + 22, w, h)))
        placed.append(replace(item, box=box_at(x, cy + 22, w, h)))
        x += w + 8
    return placed
