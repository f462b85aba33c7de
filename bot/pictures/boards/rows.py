"""What the standings pictures share: the colours of places and of moves, the medal
disc of the top three, an up or down arrow with the places moved, and a row of figures
drawn in columns."""

from __future__ import annotations

from PIL import Image, ImageDraw

from ..drawing.fonts import Pen, fit, font, text_width
from ..drawing.palette import BACKGROUND, DARK_TEXT, HEADER, MUTED, TEXT, WINNER, Colour

WIDTH, MARGIN = 800, 16
NUMBER, NOTE, TITLE = 24, 20, 30
HEADER_H = 96
SILVER: Colour = (200, 206, 214)
BRONZE: Colour = (205, 127, 50)
MEDALS: dict[int, Colour] = {1: WINNER, 2: SILVER, 3: BRONZE}
UP: Colour = (0, 190, 130)
DOWN: Colour = (240, 110, 40)
OWN: Colour = (88, 101, 242)  # the asking member's row
OWN_FILL: Colour = (46, 52, 92)


def place_disc(draw: Pen, place: int, centre: tuple[int, int], radius: int = 17) -> None:
    """The place number, in a gold, silver or bronze disc for the top three."""
    x, y = centre
    words = str(place)
    size = NUMBER if place < 100 else NOTE
    medal = MEDALS.get(place)
    if medal is not None:
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=medal)
    ink = DARK_TEXT if medal else TEXT
    left = x - text_width(words, size) // 2
    draw.text((left, y - size // 2 - 3), words, font=font(size), fill=ink)


def arrow(draw: ImageDraw.ImageDraw, left: int, middle: int, up: bool, size: int = 16) -> None:
    """A filled triangle ``size`` px wide pointing up (green) or down (orange)."""
    half = size // 2
    if up:
        points = [(left, middle + half - 2), (left + size, middle + half - 2),
                  (left + half, middle - half)]
    else:
        points = [(left, middle - half + 2), (left + size, middle - half + 2),
                  (left + half, middle + half)]
    draw.polygon(points, fill=UP if up else DOWN)


def moved_words(places: int | None) -> str:
    """How a move reads beside its arrow: ``2``; ``same`` or ``new`` without one."""
    if places is None:
        return "new"
    return "same" if places == 0 else str(abs(places))


def draw_move(draw: Pen, places: int | None, right: int, middle: int) -> None:
    """Places moved, ending at ``right``: an arrow and how many, or ``same`` / ``new``."""
    words = moved_words(places)
    width = text_width(words, NUMBER, "plain")
    if not places:
        draw.text((right - width, middle - NUMBER // 2 - 3), words, font=font(NUMBER, "plain"),
                  fill=MUTED)
        return
    draw.text((right - width, middle - NUMBER // 2 - 3), words, font=font(NUMBER, "plain"),
              fill=UP if places > 0 else DOWN)
    arrow(draw, right - width - 22, middle, places > 0)


def centred(draw: Pen, words: str, span: tuple[int, int], middle: int, ink: Colour,
            size: int = NUMBER, face: str = "plain") -> None:
    """``words`` centred in the span ``(left, right)`` on the line through ``middle``."""
    left = (span[0] + span[1] - text_width(words, size, face)) // 2
    draw.text((left, middle - size // 2 - 3), words, font=font(size, face), fill=ink)


def right_aligned(draw: Pen, words: str, right: int, middle: int, ink: Colour,
                  size: int = NUMBER, face: str = "plain") -> None:
    """``words`` ending at ``right`` on the line through ``middle``."""
    left = right - text_width(words, size, face)
    draw.text((left, middle - size // 2 - 3), words, font=font(size, face), fill=ink)


def new_picture(height: int, title: str, subtitle: str) -> tuple[Image.Image, Pen]:
    """An 800 px wide picture of ``height`` and its pen, its header band drawn with the
    title and, under it, the subtitle."""
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = Pen(image)
    draw.rectangle((0, 0, WIDTH, HEADER_H - 8), fill=HEADER)
    draw.text((MARGIN, 12), fit(title, TITLE, WIDTH - 2 * MARGIN), font=font(TITLE), fill=TEXT)
    draw.text((MARGIN, 54), fit(subtitle, NOTE, WIDTH - 2 * MARGIN, "narrow"),
              font=font(NOTE, "narrow"), fill=MUTED)
    return image, draw



def wrap(text: str, size: int, width: int, face: str = "narrow") -> list[str]:
    """``text`` broken between words into lines ``width`` px wide at most (a word longer
    than a line is shortened with an ellipsis)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size, face) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(fit(word, size, width, face))
    return lines
