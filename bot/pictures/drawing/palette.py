"""Colours of Bower's pictures: a felt table, team colours that colour-blind players tell
apart (the Okabe–Ito palette), and suits in four colours or the classic two.

Colour never carries a fact alone: suits also differ by shape, Rook colours by a shape and
a letter, teams by their names in the score line.
"""

from __future__ import annotations

Colour = tuple[int, int, int]

FELT: Colour = (22, 94, 64)
FELT_EDGE: Colour = (14, 66, 44)
RAIL: Colour = (92, 58, 34)
BACKGROUND: Colour = (32, 34, 37)
HEADER: Colour = (24, 25, 28)
TEXT: Colour = (242, 243, 245)
MUTED: Colour = (170, 176, 184)
TURN: Colour = (255, 204, 51)
CARD: Colour = (252, 252, 250)
CARD_EDGE: Colour = (60, 60, 60)
BACK: Colour = (48, 76, 150)
BACK_PATTERN: Colour = (84, 112, 186)
PLATE: Colour = (40, 43, 48)
WINNER: Colour = (255, 204, 51)
DARK_TEXT: Colour = (24, 24, 28)
ROBOT: Colour = (88, 101, 242)
NOTE: Colour = (10, 52, 35)  # a label's ground on the felt
CHIP: Colour = (250, 250, 248)

#: One colour per side, in side order (Okabe–Ito, then two more distinct ones).
TEAM_COLOURS: tuple[Colour, ...] = (
    (86, 180, 233),   # sky blue
    (230, 159, 0),    # orange
    (0, 158, 115),    # bluish green
    (204, 121, 167),  # reddish purple
    (240, 228, 66),   # yellow
    (0, 114, 178),    # blue
    (213, 94, 0),     # vermilion
    (180, 180, 180),  # grey
    (150, 110, 220),  # violet
    (140, 200, 90),   # leaf green
)

FOUR_COLOUR: dict[str, Colour] = {
    "S": (20, 20, 20),
    "H": (200, 30, 40),
    "D": (20, 90, 200),
    "C": (20, 130, 50),
}
TWO_COLOUR: dict[str, Colour] = {
    "S": (20, 20, 20),
    "H": (200, 30, 40),
    "D": (200, 30, 40),
    "C": (20, 20, 20),
}
ROOK: dict[str, Colour] = {
    "R": (200, 30, 40),
    "Y": (196, 150, 0),
    "G": (20, 130, 50),
    "B": (20, 20, 20),
}
JOKER: Colour = (120, 40, 160)


def suit_colour(suit: str | None, four_colour: bool) -> Colour:
    """The ink of a suit or Rook colour (jokers: purple)."""
    if suit in ROOK and suit not in FOUR_COLOUR:
        return ROOK[suit]
    if suit is None:
        return JOKER
    return (FOUR_COLOUR if four_colour else TWO_COLOUR)[suit]


def team_colour(side: int) -> Colour:
    """The colour of a side."""
    return TEAM_COLOURS[side % len(TEAM_COLOURS)]


def ink_on(colour: Colour) -> Colour:
    """Dark or light text, whichever reads better on ``colour``."""
    r, g, b = colour
    return DARK_TEXT if 0.299 * r + 0.587 * g + 0.114 * b > 140 else TEXT
