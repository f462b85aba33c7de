"""Suit and colour marks drawn by Bower's own code: each a distinct shape, so that no
suit relies on its colour alone. Drawn four times larger and scaled down for smooth
edges, and kept once per size."""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

SUPERSAMPLE = 4
Points = list[tuple[float, float]]


@cache
def mark(kind: str, size: int) -> Image.Image:
    """An ``L`` mask of a suit (``S H D C``), a Rook colour's shape (``R Y G B``) or a
    joker's star (``*``), ``size`` pixels square."""
    big = size * SUPERSAMPLE
    image = Image.new("L", (big, big), 0)
    draw = ImageDraw.Draw(image)
    DRAWERS.get(kind, _star)(draw, big)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def _heart(draw: ImageDraw.ImageDraw, s: int) -> None:
    """Two lobes over a point."""
    r = s * 0.27
    draw.ellipse((s * 0.04, s * 0.08, s * 0.04 + 2 * r, s * 0.08 + 2 * r), fill=255)
    draw.ellipse((s * 0.96 - 2 * r, s * 0.08, s * 0.96, s * 0.08 + 2 * r), fill=255)
    draw.polygon([(s * 0.06, s * 0.42), (s * 0.94, s * 0.42), (s * 0.5, s * 0.96)], fill=255)
    draw.rectangle((s * 0.3, s * 0.2, s * 0.7, s * 0.5), fill=255)


def _spade(draw: ImageDraw.ImageDraw, s: int) -> None:
    """A point over two lobes, on a stem."""
    r = s * 0.25
    top = [(s * 0.5, s * 0.02), (s * 0.05, s * 0.52), (s * 0.95, s * 0.52)]
    draw.polygon(top, fill=255)
    draw.ellipse((s * 0.04, s * 0.34, s * 0.04 + 2 * r, s * 0.34 + 2 * r), fill=255)
    draw.ellipse((s * 0.96 - 2 * r, s * 0.34, s * 0.96, s * 0.34 + 2 * r), fill=255)
    draw.polygon([(s * 0.5, s * 0.55), (s * 0.3, s * 0.98), (s * 0.7, s * 0.98)], fill=255)


def _diamond(draw: ImageDraw.ImageDraw, s: int) -> None:
    """A rhombus."""
    draw.polygon([(s * 0.5, s * 0.02), (s * 0.9, s * 0.5), (s * 0.5, s * 0.98),
                  (s * 0.1, s * 0.5)], fill=255)


def _club(draw: ImageDraw.ImageDraw, s: int) -> None:
    """Three round leaves on a stem."""
    r = s * 0.22
    for cx, cy in ((0.5, 0.25), (0.26, 0.55), (0.74, 0.55)):
        draw.ellipse((s * cx - r, s * cy - r, s * cx + r, s * cy + r), fill=255)
    draw.rectangle((s * 0.4, s * 0.3, s * 0.6, s * 0.6), fill=255)
    draw.polygon([(s * 0.5, s * 0.5), (s * 0.3, s * 0.98), (s * 0.7, s * 0.98)], fill=255)


def _circle(draw: ImageDraw.ImageDraw, s: int) -> None:
    """Red's Rook shape: a disc."""
    draw.ellipse((s * 0.08, s * 0.08, s * 0.92, s * 0.92), fill=255)


def _triangle(draw: ImageDraw.ImageDraw, s: int) -> None:
    """Yellow's Rook shape: a triangle."""
    draw.polygon([(s * 0.5, s * 0.06), (s * 0.96, s * 0.92), (s * 0.04, s * 0.92)], fill=255)


def _square(draw: ImageDraw.ImageDraw, s: int) -> None:
    """Green's Rook shape: a square."""
    draw.rectangle((s * 0.12, s * 0.12, s * 0.88, s * 0.88), fill=255)


def _star(draw: ImageDraw.ImageDraw, s: int) -> None:
    """A joker's five-pointed star."""
    points: Points = []
    for i in range(10):
        radius = s * (0.48 if i % 2 == 0 else 0.2)
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((s * 0.5 + radius * math.cos(angle), s * 0.52 + radius * math.sin(angle)))
    draw.polygon(points, fill=255)


def _hexagon(draw: ImageDraw.ImageDraw, s: int) -> None:
    """Black's Rook shape: a hexagon."""
    angles = [math.pi / 3 * i for i in range(6)]
    points = [(s * (0.5 + 0.46 * math.cos(a)), s * (0.5 + 0.46 * math.sin(a))) for a in angles]
    draw.polygon(points, fill=255)


DRAWERS = {
    "S": _spade,
    "H": _heart,
    "D": _diamond,
    "C": _club,
    "R": _circle,
    "Y": _triangle,
    "G": _square,
    "B": _hexagon,
    "*": _star,
}
