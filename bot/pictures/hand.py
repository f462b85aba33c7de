"""A player's private hand as a picture: what the decision is about on a strip at the top
(trump, the turned or calling card, the trick so far), then the cards in the order trump
makes them (the order of the buttons), the ones that cannot be played now dimmed, then
the player's own table or battery in the two-player games, or a Jambone hand shown to
all (its cards bright for the player who picks the one it plays)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from PIL import Image, ImageDraw

from bot.engine import hand_order
from bot.engine.cards import suit_name

from .drawing.cards import DIMMED, card_face, card_size, card_tag
from .drawing.fonts import SMALL_BOLD, SMALL_PRINT, Pen, font, text_width, word_offset, word_sprite
from .drawing.palette import BACKGROUND, CHIP, MUTED, TEXT, Colour, suit_colour
from .drawing.shapes import mark
from .drawing.tiles import TileCanvas

WIDTH, MARGIN = 800, 16
CARD_W, AREA_W, MINI_W = 86, 66, 42
STRIP = 74
TITLE, LABEL = SMALL_BOLD, SMALL_PRINT  # font sizes (bold, condensed)
LABEL_ROOM = LABEL + 10  # between a row of cards and the name of the row under it
CARD_VERBS = ("play", "discard", "give", "switch")


@dataclass(frozen=True)
class HandCard:
    """A card of the hand picture and where it is drawn."""

    card: str
    box: tuple[int, int, int, int]
    dimmed: bool
    tag: str | None
    row: str  # hand, area, exposed, strip
    label: str = ""  # the strip group a card starts


#: The parts of a seat's view the picture shows.
DRAWN = ("areas", "calling_card", "chaff", "exposed_hand", "hand", "maker", "phase", "seat",
         "tables", "trick", "trump", "turn_up", "turn_up_state", "variant")


def picture_parts(
    view: Mapping[str, Any], legal: Sequence[str]
) -> tuple[dict[str, Any], list[str]]:
    """What the picture is drawn from: the parts of ``view`` it shows and the actions that
    name a card. Equal parts, equal pictures: a cache key, and less to send to a worker."""
    cards = [a for a in legal if a.partition(":")[0] in CARD_VERBS]
    return {key: view[key] for key in DRAWN if key in view}, cards


def playable(legal: Sequence[str]) -> set[str] | None:
    """The cards a legal action names (None when no card is to be chosen now)."""
    cards = {a.partition(":")[2] for a in legal if a.partition(":")[0] in CARD_VERBS}
    return cards or None


def hand_layout(view: Mapping[str, Any], legal: Sequence[str]) -> tuple[int, list[HandCard]]:
    """The picture's height and every card on it."""
    variant, trump = str(view.get("variant")), view.get("trump")
    cards = hand_order([c for c in view.get("hand") or [] if c], variant, trump)
    area = _own_area(view)
    exposed = _exposed(view)
    allowed = playable(legal)
    # choosing another's card (the Jambone maker's): nothing of ours is dimmed
    mine = None if allowed is not None and not allowed & {*cards, *area} else allowed
    placed = _strip(view)
    y = max((card.box[3] + 8 for card in placed), default=STRIP) + 10
    placed += _row(cards, y, CARD_W, view, mine, "hand")
    height = y + card_size(CARD_W)[1] + 14
    for row, extra in (("area", area), ("exposed", exposed)):
        if extra:
            y = height + LABEL_ROOM
            theirs = allowed if allowed and allowed & set(extra) else None
            placed += _row(extra, y, AREA_W, view, mine if row == "area" else theirs, row)
            height = y + card_size(AREA_W)[1] + 14
    return height, placed


def _exposed(view: Mapping[str, Any]) -> list[str]:
    """A Jambone hand shown to all, unless it is the player's own, in the order trump
    makes it (as a hand is shown)."""
    if view.get("maker") == view.get("seat"):
        return []
    cards = [c for c in view.get("exposed_hand") or [] if c]
    return hand_order(cards, str(view.get("variant")), view.get("trump"))


def _own_area(view: Mapping[str, Any]) -> list[str]:
    """The face-up cards of the player's own table or battery."""
    areas, seat = view.get("tables"), view.get("seat")
    if not areas or not isinstance(seat, int) or seat >= len(areas):
        return []
    area = areas[seat]
    columns = area.get("columns") if isinstance(area, Mapping) else area
    if isinstance(columns, list):
        return [c["up"] for c in columns if c.get("up")]
    return list(area.get("up") or [])


def _row(
    cards: Sequence[str],
    y: int,
    width: int,
    view: Mapping[str, Any],
    allowed: set[str] | None,
    row: str,
) -> list[HandCard]:
    """A row of cards, overlapping when they would not fit side by side."""
    variant = str(view.get("variant"))
    w, h = card_size(width)
    room = WIDTH - 2 * MARGIN - w
    step = min(w + 8, room / max(1, len(cards) - 1)) if len(cards) > 1 else 0
    placed = []
    for index, card in enumerate(cards):
        x = round(MARGIN + index * step)
        dimmed = allowed is not None and card not in allowed
        tag = card_tag(card, variant, view)
        placed.append(HandCard(card, (x, y, x + w, y + h), dimmed, tag, row))
    return placed


def _strip(view: Mapping[str, Any]) -> list[HandCard]:
    """Small cards for the decision, each group named: the turn-up, the calling card, the
    chaff card turned last, the trick so far."""
    groups: list[tuple[str, list[str]]] = []
    if view.get("turn_up") and view.get("turn_up_state") in (None, "up"):
        groups.append(("Turn-up", [view["turn_up"]]))
    if view.get("calling_card"):
        groups.append(("Calling card", [view["calling_card"]]))
    if view.get("chaff"):
        groups.append(("Chaff", list(view["chaff"])[-1:]))
    trick = [p["card"] for p in view.get("trick") or [] if p.get("card")]
    if trick:
        groups.append(("Trick", trick))
    w, h = card_size(MINI_W)
    for top in (8, 48):  # beside the title, else on a line of its own under it
        x = WIDTH - MARGIN
        placed: list[HandCard] = []
        for label, cards in reversed(groups):
            x -= len(cards) * (w + 6) - 6
            for index, card in enumerate(cards):
                left = x + index * (w + 6)
                placed.append(HandCard(card, (left, top, left + w, top + h), False, None,
                                       "strip", label))
            x -= text_width(label, LABEL, "narrow") + 26
        if x + 18 >= _title_end(view) + 12:
            break
    return placed


def _trump_words(view: Mapping[str, Any]) -> str:
    """``Trump: hearts``, ``No trump``, or nothing before trump is known."""
    trump = view.get("trump")
    if trump is None and view.get("phase") != "play":
        return ""
    return f"Trump: {suit_name(trump)}" if trump not in (None, "N") else "No trump"


def _title_end(view: Mapping[str, Any]) -> int:
    """Where the title line (``Your hand`` and the trump chip) ends."""
    end = MARGIN + text_width("Your hand", TITLE)
    words = _trump_words(view)
    if words:
        end += 18 + text_width(words, LABEL, "narrow") + 20 + (28 if view.get("trump") else 0)
    return end


def draw_hand(view: Mapping[str, Any], legal: Sequence[str], four_colour: bool) -> Image.Image:
    """The hand picture (see the module docstring), in full colour."""
    height, placed = hand_layout(view, legal)
    canvas = TileCanvas.rgb((WIDTH, height), BACKGROUND)
    _compose(canvas, view, legal, placed, four_colour)
    return canvas.image


def hand_png(
    view: Mapping[str, Any], legal: Sequence[str], four_colour: bool, palette: Image.Image
) -> bytes:
    """The hand picture as PNG bytes, put together straight in ``palette`` (a "P" image)
    from tiles kept between pictures: quick enough to draw where the answer is sent."""
    height, placed = hand_layout(view, legal)
    canvas = TileCanvas.paletted((WIDTH, height), BACKGROUND, palette)
    _compose(canvas, view, legal, placed, four_colour)
    return canvas.png()


def _compose(
    canvas: TileCanvas,
    view: Mapping[str, Any],
    legal: Sequence[str],
    placed: Sequence[HandCard],
    four_colour: bool,
) -> None:
    """Every part of the hand picture, in place on ``canvas``."""
    _title(canvas, view, placed, four_colour)
    variant = str(view.get("variant"))
    # a paletted canvas keeps its own tiles: the full-colour faces need not be kept too
    faces = card_face if canvas.palette is None else card_face.__wrapped__
    for item in placed:
        left, top, right, _ = item.box
        face = (item.card, variant, right - left, four_colour, item.tag,
                DIMMED if item.dimmed else 0)
        canvas.put(("card", *face), partial(faces, *face), (left, top))
    areas = [i for i in placed if i.row == "area"]
    if areas:
        name = (view.get("areas") or ("hand", "table"))[1]
        down = _own_down(view)
        label = f"Your {name}" + (f" (+{down} face down)" if down else "")
        _words(canvas, (MARGIN, areas[0].box[1] - LABEL_ROOM), label, LABEL, "narrow", MUTED)
    shown = [i for i in placed if i.row == "exposed"]
    if shown:
        choosing = bool((playable(legal) or set()) & {i.card for i in shown})
        label = "Jambone hand: you pick the card it plays" if choosing else "Jambone hand"
        _words(canvas, (MARGIN, shown[0].box[1] - LABEL_ROOM), label, LABEL, "narrow", MUTED)


def _own_down(view: Mapping[str, Any]) -> int:
    """How many cards of the player's own table or battery lie face down."""
    areas, seat = view.get("tables"), view.get("seat")
    if not areas or not isinstance(seat, int) or seat >= len(areas):
        return 0
    area = areas[seat]
    columns = area.get("columns") if isinstance(area, Mapping) else None
    if isinstance(columns, list):
        return sum(int(c.get("down") or 0) for c in columns)
    return int(area.get("down") or 0)


def _title(
    canvas: TileCanvas, view: Mapping[str, Any], placed: Sequence[HandCard], four_colour: bool
) -> None:
    """``Your hand`` and the trump chip; a word over the small cards of the strip."""
    _words(canvas, (MARGIN, 8), "Your hand", TITLE, "bold", TEXT)
    words = _trump_words(view)
    if words:
        trump = view.get("trump")
        left = MARGIN + text_width("Your hand", TITLE) + 18
        chip = (words, trump if trump not in (None, "N") else None, four_colour)
        canvas.put(("chip", *chip), partial(_chip, *chip), (left, 9))
    labels: dict[str, tuple[int, int]] = {}
    for item in placed:
        if item.row == "strip":
            labels.setdefault(item.label, (item.box[0], item.box[1]))
    for label, (x, y) in labels.items():
        left = x - text_width(label, LABEL, "narrow") - 8
        _words(canvas, (left, y + 14), label, LABEL, "narrow", MUTED)


def _chip(words: str, trump: str | None, four_colour: bool) -> Image.Image:
    """The trump chip: the suit's mark and ``Trump: hearts`` on a light ground."""
    width = text_width(words, LABEL, "narrow") + 20 + (28 if trump else 0)
    image = Image.new("RGBA", (width + 1, 34), (0, 0, 0, 0))
    ImageDraw.Draw(image).rounded_rectangle((0, 0, width, 33), 15, fill=CHIP)
    x = 10
    if trump:
        image.paste(suit_colour(trump, four_colour), (x, 5), mark(trump, 22))
        x += 28
    Pen(image).text((x, 2), words, font=font(LABEL, "narrow"), fill=(20, 20, 20, 255))
    return image


def _words(
    canvas: TileCanvas, xy: tuple[int, int], text: str, size: int, face: str, colour: Colour
) -> None:
    """``text`` drawn at ``xy`` as ``Pen.text`` draws it."""
    left, top = word_offset(text, font(size, face))
    key = ("words", text, size, face, colour)
    canvas.put(key, partial(word_sprite, text, size, face, colour),
               (xy[0] + left, xy[1] + top))
