"""Card faces and backs, drawn once per size and kept (a sprite cache).

A face has its rank (or Rook number) large in the top corner with the suit's mark under
it and a large mark in the middle; jokers carry their name. A ``tag`` band (``LEFT``,
``TRUMP``…) tells what trump makes of the card; a dimmed face is one that cannot be
played now.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from bot.engine import card_role, display_card, game_class
from bot.engine.cards import is_joker, is_rook, natural_suit
from bot.engine.ranking import ranking

from .fonts import SMALL_BOLD, SMALL_PRINT, font, text_width
from .palette import BACK, BACK_PATTERN, CARD, CARD_EDGE, suit_colour
from .shapes import mark

RATIO = 1.4
DIM = (38, 40, 44)
DIMMED, FADED = 150, 70  # how much a card that cannot be played, or an old one, is shaded
TAG_COLOUR = (0, 114, 178)
TAGS = {"right bower": "RIGHT", "left bower": "LEFT", "trump": "TRUMP"}
RANK_LETTERS = {"A", "K", "Q", "J"}
WORDS_FROM = 56  # the narrowest card whose band names what trump makes of it
FACES = ("bold", "narrow", "plain")  # the widest face that fits a band's word


def card_tag(card: str, variant: str, view: Mapping[str, Any]) -> str | None:
    """``LEFT``, ``RIGHT`` or ``TRUMP`` (a trump joker) under the view's trump, ``trump``
    (drawn as a thin band) for any other trump card, else None."""
    trump = view.get("trump")
    if trump in (None, "N"):
        return None
    tag = TAGS.get(card_role(card, variant, trump) or "")
    if tag is None and _suit(card, variant, trump) == trump:
        return "trump"
    return tag


@cache
def _suit(card: str, variant: str, trump: str) -> str | None:
    """The card's suit under ``trump`` (the left bower's is trump)."""
    return ranking(game_class(variant).rank_rules, trump).suit.get(card)


def card_size(width: int) -> tuple[int, int]:
    """(width, height) of a card ``width`` pixels wide."""
    return width, round(width * RATIO)


def rank_text(card: str) -> str:
    """``10`` for a ten, the Rook number, else the rank letter."""
    if is_rook(card):
        return card[1:]
    return "10" if card[0] == "T" else card[0]


@cache
def card_face(
    card: str,
    variant: str,
    width: int,
    four_colour: bool = True,
    tag: str | None = None,
    dim: int = 0,
) -> Image.Image:
    """The face of ``card`` as an RGBA sprite ``width`` pixels wide, shaded by ``dim``
    (0: bright; :data:`DIMMED`: cannot be played now)."""
    w, h = card_size(width)
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    radius = max(3, w // 9)
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=CARD, outline=CARD_EDGE)
    suit = None if is_joker(card) else natural_suit(card)
    ink = suit_colour(suit, four_colour)
    if suit is None:
        _joker(draw, image, display_card(card, variant), w, h, ink)
    else:
        _index(draw, image, card, suit, w, ink)
        big = int(w * 0.5)
        image.paste(ink, (w - big - max(3, w // 10), h - big - max(4, h // 10)), mark(suit, big))
    if tag:
        _tag(image, tag, w, h)
    if dim:
        shade = Image.new("RGBA", (w, h), (*DIM, dim))
        image = Image.alpha_composite(image, Image.composite(shade, image, image.getchannel("A")))
    return image


def _index(
    draw: ImageDraw.ImageDraw,
    image: Image.Image,
    card: str,
    suit: str,
    w: int,
    ink: tuple[int, int, int],
) -> None:
    """The rank and a small mark in the top-left corner."""
    text = rank_text(card)
    size = int(w * (0.34 if len(text) > 1 else 0.4))
    face = "bold" if size >= SMALL_BOLD else "narrow"  # condensed where bold is too small
    size = max(SMALL_PRINT, size)
    left = max(3, w // 12)
    draw.text((left, max(1, w // 20)), text, font=font(size, face), fill=ink)
    small = int(w * 0.26)
    image.paste(ink, (left + 1, int(w * 0.06) + size + 2), mark(suit, small))


def _joker(
    draw: ImageDraw.ImageDraw,
    image: Image.Image,
    name: str,
    w: int,
    h: int,
    ink: tuple[int, int, int],
) -> None:
    """A star and the joker's name (Benny, Big Joker…), or its initials (``LJ``) where
    the name would not be readable on so small a card."""
    star = int(w * 0.32)
    image.paste(ink, ((w - star) // 2, int(h * 0.08)), mark("*", star))
    words = name.split(" ", 1)
    size = max(SMALL_PRINT, int(w * 0.2))
    if any(text_width(word, size, "narrow") > w - 4 for word in words):
        initials = "".join(word[0] for word in name.split())
        words = [initials] if initials not in RANK_LETTERS else []  # not read as a rank
        size = max(SMALL_PRINT, int(w * 0.3))
    y = int(h * 0.08) + star + 2
    for word in words:
        width = text_width(word, size, "narrow")
        draw.text(((w - width) / 2, y), word, font=font(size, "narrow"), fill=ink)
        y += size + 1


def _tag(image: Image.Image, tag: str, w: int, h: int) -> None:
    """A coloured band across the bottom naming what trump makes of the card (a thin
    one, without words, for a plain trump card; a wider one without words on a card too
    small for a word that reads on a phone)."""
    size = max(SMALL_PRINT, int(h * 0.17 * 0.72))
    faces = FACES if size >= SMALL_BOLD else FACES[1:]  # bold only where it reads
    face = next((f for f in faces if text_width(tag, size, f) <= w - 4), None)
    if tag == "trump":
        band = max(4, h // 20)
    elif face is None or w < WORDS_FROM:  # no word that reads on a phone fits: a band
        band = max(8, h // 10)
    else:
        band = max(SMALL_PRINT + 6, int(h * 0.17))
    shape = Image.new("L", (w, h), 0)
    ImageDraw.Draw(shape).rounded_rectangle((0, 0, w - 1, h - 1), max(3, w // 9), fill=255)
    shape.paste(0, (0, 0, w, h - band))
    image.paste(TAG_COLOUR, (0, 0), shape)
    if tag == "trump" or face is None or w < WORDS_FROM:
        return
    width = text_width(tag, size, face)
    ImageDraw.Draw(image).text(((w - width) / 2, h - band + (band - size) / 2 - 2), tag,
                               font=font(size, face), fill=(255, 255, 255))


@cache
def card_back(width: int) -> Image.Image:
    """The back of a card: a blue lattice on a white border."""
    w, h = card_size(width)
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    radius = max(3, w // 9)
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=CARD, outline=CARD_EDGE)
    inset = max(3, w // 12)
    draw.rounded_rectangle((inset, inset, w - 1 - inset, h - 1 - inset), radius // 2, fill=BACK)
    step = max(5, w // 6)
    for x in range(inset - h, w, step):
        draw.line((x, inset, x + h, inset + h), fill=BACK_PATTERN, width=1)
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius, outline=CARD_EDGE)
    edge = Image.new("L", (w, h), 0)
    ImageDraw.Draw(edge).rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=255)
    image.putalpha(edge)
    return image
