"""The middle of the table, a column of things stacked between the trick cards: the
game-over banner, a free-for-all's note, the shared cards (the turn-up on the kitty while
it may be ordered up, the calling card on the burn card, the chaff, the nest) and a note
naming the last trick. Sizes shrink until the column fits."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..drawing.cards import card_size
from ..drawing.fonts import SMALL_BOLD, SMALL_PRINT, fit, text_width
from ..drawing.items import Box, Geometry, Placed, box_at
from .seats import SeatTag, score_parts

CONTRACT = NOTE = SMALL_PRINT  # condensed bold
GAP = 8
CLEARANCE = 4  # the least room between the column and a reserved box
BANNER_H = 70
CAPTION_H = SMALL_PRINT + 8
CAPTION_MAX = 150  # widest a word under a middle card may be
Row = tuple[int, list[Placed]]  # a row's height and its items, boxes relative to (x, top)


def middle_items(
    view: Mapping[str, Any], seats: Sequence[SeatTag], geo: Geometry, reserved: Sequence[Box]
) -> list[Placed]:
    """The middle column's items, as near the table's middle as they fit between the
    ``reserved`` boxes (every seat's trick-card place, a shown hand)."""
    areas = bool(view.get("tables"))
    cx, cy = geo.centre
    x = round(cx + 205) if areas else round(cx)
    room = 210 if areas else 230
    top, bottom = geo.header + 16, geo.height - 16
    if areas:
        top, bottom = geo.header + 90, geo.height - 90
    texts = _texts(view, seats)
    options = [(room, 52, True), (room, 44, True), (room, 38, True), (room, 38, False),
               (room - 40, 38, True), (room - 40, 38, False), (room - 80, 38, False)]
    tries = [(texts, *option) for option in options]
    # where the column fits nowhere, the last trick goes unnamed, then the banner goes
    # (the header names the winner too)
    for dropped in ({"note"}, {"note", "banner"}):
        if dropped & set(texts):
            brief = {kind: words for kind, words in texts.items() if kind not in dropped}
            tries += [(brief, *option) for option in options[2:]]
    fallback: list[Placed] = []
    for words, wide, width, captions in tries:
        column = _column(view, words, width, captions, wide)
        height = sum(h for h, _ in column) + GAP * (len(column) - 1)
        edges = _edges(column)
        starts = [round(max(top, min(cy - height / 2 + sign * shift, bottom - height)))
                  for shift in range(0, round(bottom - top - height) // 2 + 1, 4)
                  for sign in (-1, 1)]  # nearest the middle first
        for dx in (0, -30, 30, -60, 60):  # off the middle a little if it must
            start = _first_clear(edges, x + dx, starts, reserved)
            if start is not None:
                return _at(column, x + dx, start)
        fallback = _at(column, x, round(cy - height / 2))
    return fallback


def caption_box(item: Placed) -> Box | None:
    """Where the word under a middle card (``chaff``, ``calling card``…) is drawn."""
    if not item.caption:
        return None
    left, _, right, bottom = item.box
    return _caption_at(left, right, bottom, _caption_width(item.caption))


def _caption_width(caption: str) -> int:
    return text_width(fit(caption, SMALL_PRINT, CAPTION_MAX, "narrow"), SMALL_PRINT, "narrow")


def _caption_at(left: int, right: int, bottom: int, width: int) -> Box:
    x = round((left + right - width) / 2)
    return x - 5, bottom + 2, x + width + 5, bottom + SMALL_PRINT + 7


#: An item's box relative to its column's (x, top), and its caption's width (None: none).
Edge = tuple[Box, int | None]


def _edges(column: Sequence[Row]) -> list[Edge]:
    """Every item of the column with its caption's width, to try places with."""
    return [(item.box, _caption_width(item.caption) if item.caption else None)
            for item in _at(column, 0, 0)]


def _first_clear(
    edges: Sequence[Edge], x: int, starts: Sequence[int], reserved: Sequence[Box]
) -> int | None:
    """The first of ``starts`` (tops for the column at ``x``) where the column, its
    captions too, keeps clear of ``reserved`` by ``CLEARANCE``; None if there is none.
    Each item and reserved box side by side rule out an open range of tops: those are
    marked once, then the tops looked up (it was some 300 box tests a picture)."""
    blocked = []
    for (left, up, right, down), width in edges:
        near = [(x + left, up, x + right, down)]  # heights from the column's top
        if width is not None:
            near.append(_caption_at(x + left, x + right, down, width))
        for near_left, near_up, near_right, near_down in near:
            for far_left, far_up, far_right, far_down in reserved:
                if (near_right + CLEARANCE > far_left
                        and far_right + CLEARANCE > near_left):
                    blocked.append((far_up - near_down - CLEARANCE,
                                    far_down + CLEARANCE - near_up))
    free = bytearray(b"\x01") * (max(starts, default=-1) + 1)  # by top: 1 if free
    for low, high in blocked:
        low, high = max(low + 1, 0), min(high, len(free))
        if low < high:
            free[low:high] = bytes(high - low)
    return next((start for start in starts if free[start]), None)


def _at(column: Sequence[Row], x: int, top: int) -> list[Placed]:
    """The column's items with their boxes moved to start at (x, top)."""
    items: list[Placed] = []
    y = top
    for h, parts in column:
        for part in parts:
            left, up, right, down = part.box
            items.append(replace(part, box=(x + left, y + up, x + right, y + down)))
        y += h + GAP
    return items


def _texts(view: Mapping[str, Any], seats: Sequence[SeatTag]) -> dict[str, str]:
    """The words of the column: banner, trump, contract and last-trick note."""
    texts: dict[str, str] = {}
    if view.get("is_over"):
        names = {side: label for side, label, _ in score_parts(view, seats)}
        winner = view.get("winner")
        texts["banner"] = f"{names[winner]} won!" if winner in names else "Game over"
        return texts | _last_note(view, seats)
    if view.get("free_for_all"):
        texts["contract"] = "Free-for-all: no maker"
    return texts | _last_note(view, seats)


def _last_note(view: Mapping[str, Any], seats: Sequence[SeatTag]) -> dict[str, str]:
    """``Last trick`` when the trick shown is one already taken (who took it is marked on
    the card that took it)."""
    if view.get("trick"):
        return {}
    last, title = view.get("last_trick"), "Last trick"
    if not last and view.get("previous_hand"):
        last = view["previous_hand"].get("last_trick")
        title = f"Last trick · hand {view['previous_hand'].get('hand_number')}"
    winner = last.get("winner") if last else None
    if not isinstance(winner, int) or winner >= len(seats):
        return {}
    return {"note": title}




def _column(
    view: Mapping[str, Any], texts: Mapping[str, str], width: int, captions: bool, room: int
) -> list[Row]:
    """The column's rows with cards ``width`` wide (with or without captions)."""
    rows: list[Row] = []
    if "banner" in texts:
        w = min(room - 10, max(150, text_width(texts["banner"], SMALL_BOLD) + 30))
        rows.append((BANNER_H, [Placed("banner", (-w // 2, 0, w - w // 2, BANNER_H),
                                       text=texts["banner"])]))
    if "contract" in texts:
        rows.append(_text_rows("contract", texts["contract"], CONTRACT, room))
    cards = None if view.get("is_over") else _cards(view, width, captions)
    if cards:
        rows.append(cards)
    if "note" in texts:
        rows.append(_text_rows("note", texts["note"], NOTE, room))
    return rows


def _text_rows(kind: str, text: str, size: int, room: int) -> Row:
    """Words on one line if they fit in ``room`` pixels, else broken at each `` · ``;
    one item per line."""
    lines = [text] if text_width(text, size, "plain") <= room else text.split(" · ")
    step = size + 5
    items = []
    for index, line in enumerate(lines):
        w = min(room, text_width(line, size, "narrow"), text_width(line, size, "plain") + 4) + 12
        items.append(Placed(kind, (-w // 2, index * step, w - w // 2, index * step + step),
                            text=line))
    return step * len(lines), items


def _cards(view: Mapping[str, Any], width: int, captions: bool) -> Row | None:
    """The shared cards in a row, with what lies under them and a word beneath."""
    row: list[Placed] = []
    under: dict[int, str] = {}  # index in the row → the kind of face-down card beneath
    if view.get("turn_up") and str(view.get("turn_up_state") or "up") == "up":
        under[len(row)] = "kitty"  # once taken or turned down, the header tells of it
        row.append(Placed("turn_up", (0, 0, 0, 0), view["turn_up"], caption="turned up"))
    if view.get("calling_card"):
        under[len(row)] = "burn"
        row.append(Placed("calling", (0, 0, 0, 0), view["calling_card"],
                          caption="calling card"))
    chaff = list(view.get("chaff") or [])[-3:]
    for index, card in enumerate(chaff):
        row.append(Placed("chaff", (0, 0, 0, 0), card, caption="" if index else "chaff"))
    if view.get("chaff_hidden"):
        row.append(Placed("down", (0, 0, 0, 0), text=str(view["chaff_hidden"]),
                          caption="" if chaff else "chaff"))
    if view.get("nest_size"):
        row.append(Placed("nest", (0, 0, 0, 0), text=str(view["nest_size"]), caption="nest"))
    if not row:
        return None
    w, h = card_size(width)
    step = w + 14
    x = -(len(row) * step - 14) / 2 + w / 2
    placed = []
    for index, item in enumerate(row):
        if index in under:  # a face-down card peeks out from under it
            placed.append(Placed(under[index], box_at(x - 12, h / 2, w, h)))
        placed.append(replace(item, box=box_at(x + (6 if index in under else 0), h / 2, w, h),
                              caption=item.caption if captions else ""))
        x += step
    return h + (CAPTION_H if captions else 0), placed
