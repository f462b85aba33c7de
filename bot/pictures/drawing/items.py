"""The things a table picture is made of, as boxes: what :mod:`.layout` places and
:mod:`.table` draws (and the tests inspect)."""

from __future__ import annotations

from dataclasses import dataclass

Box = tuple[int, int, int, int]
Point = tuple[float, float]


@dataclass(frozen=True)
class Placed:
    """One thing drawn on the table: a card (face up or down), a seat's plate, a label."""

    kind: str  # plate, trick, last, area, down, exposed, turn_up, kitty, calling, burn,
    #           chaff, nest, banner, trump, contract, note, tag (a shown hand's name),
    #           took (``took it`` by the card that won the last trick)
    box: Box
    card: str | None = None
    seat: int | None = None
    text: str = ""
    highlight: bool = False
    caption: str = ""  # a word under the card (``chaff``, ``turned up``…)


@dataclass(frozen=True)
class Geometry:
    """The picture's size, the header's height, the table's centre and the seats' ring
    (``height`` ends the table; a band ``strip`` tall under it shows a Jambone hand)."""

    height: int
    header: int
    centre: Point
    seat_radii: Point
    plate_w: int
    card_width: int
    strip: int = 0


def box_at(x: float, y: float, w: int, h: int) -> Box:
    """The box of size (w, h) centred on (x, y)."""
    left, top = round(x - w / 2), round(y - h / 2)
    return left, top, left + w, top + h


def overlaps(a: Box, b: Box, gap: int = 0) -> bool:
    """Whether two boxes come closer than ``gap`` pixels."""
    return not (a[2] + gap <= b[0] or b[2] + gap <= a[0] or a[3] + gap <= b[1]
                or b[3] + gap <= a[1])
