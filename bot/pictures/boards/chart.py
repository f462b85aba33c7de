"""The stats card's chart: a member's skill after each game as a line (each game a point,
dots while there are few), a dashed line where each season starts (named at the top), and
the computer levels' skill as labelled reference lines.

Drawn by hand with Pillow rather than with matplotlib: it is one line, a few reference
lines and a handful of labels, which Pillow draws in about a millisecond in the fonts
and colours of every other picture; matplotlib would add about a second of import and
some 40 MB to each drawing worker (and to the ``forkserver`` that every worker, the
computer players' too, is forked from) for no line this chart needs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..drawing.fonts import Pen, fit, font, text_width
from ..drawing.palette import MUTED, PLATE, Colour

LINE: Colour = (86, 180, 233)
GRID: Colour = (70, 74, 82)
SEASON: Colour = (230, 159, 0)
LINE_OF_LEVEL: Colour = (160, 166, 176)
LABEL = 20
DOTS_UP_TO = 60  # games drawn with a dot each
Box = tuple[int, int, int, int]


def draw_chart(
    draw: Pen,
    box: Box,
    points: Sequence[float],
    season_starts: Sequence[tuple[int, str]],
    levels: Sequence[tuple[str, float]],
) -> None:
    """The chart inside ``box``: ``points`` oldest first; ``season_starts`` the index of
    the first point of each season after the first, with its name; ``levels`` each
    computer level's name and skill."""
    left, top, right, bottom = box
    draw.rounded_rectangle(box, 12, fill=PLATE)
    low, high = _range([*points, *(skill for _, skill in levels)])
    axis = left + 12 + max(text_width(_tick(t), LABEL, "plain") for t in _ticks(low, high))
    plot = (axis + 12, top + LABEL + 18, right - 16 - _level_room(levels), bottom - LABEL - 18)

    def y_of(skill: float) -> int:
        return round(plot[3] - (skill - low) / (high - low) * (plot[3] - plot[1]))

    def x_of(index: int) -> int:
        span = max(1, len(points) - 1)
        return round(plot[0] + index / span * (plot[2] - plot[0])) if len(points) > 1 else (
            (plot[0] + plot[2]) // 2)

    for tick in _ticks(low, high):
        y = y_of(tick)
        draw.line((plot[0], y, plot[2], y), fill=GRID, width=1)
        words = _tick(tick)
        draw.text((axis - text_width(words, LABEL, "plain"), y - LABEL // 2 - 3), words,
                  font=font(LABEL, "plain"), fill=MUTED)
    for name, skill in levels:
        y = y_of(skill)
        _dashed(draw, (plot[0], y), plot[2], LINE_OF_LEVEL)
        draw.text((plot[2] + 8, y - LABEL // 2 - 3), f"{name} {skill:.0f}",
                  font=font(LABEL, "narrow"), fill=LINE_OF_LEVEL)
    for index, name in season_starts:
        x = x_of(index)
        _dashed(draw, (x, plot[1]), plot[3], SEASON, vertical=True)
        draw.text((x + 4, top + 6), fit(name, LABEL, max(60, right - x - 20), "narrow"),
                  font=font(LABEL, "narrow"), fill=SEASON)
    line = [(x_of(i), y_of(skill)) for i, skill in enumerate(points)]
    cuts = [0, *sorted(index for index, _ in season_starts), len(line)]
    for start, end in zip(cuts, cuts[1:], strict=False):  # a season's games, joined
        if end - start > 1:
            draw.line(line[start:end], fill=LINE, width=3, joint="curve")
    if len(points) <= DOTS_UP_TO:
        for x, y in line:
            draw.ellipse((x - 4, y - 4, x + 4, y + 4), fill=LINE)
    first, last = "game 1", f"game {len(points)}"
    draw.text((plot[0], bottom - LABEL - 10), first, font=font(LABEL, "narrow"), fill=MUTED)
    if len(points) > 1:
        draw.text((plot[2] - text_width(last, LABEL, "narrow"), bottom - LABEL - 10), last,
                  font=font(LABEL, "narrow"), fill=MUTED)



def _range(values: Sequence[float]) -> tuple[float, float]:
    """The skills the chart spans: every value, with room above and below."""
    low, high = min(values, default=0.0), max(values, default=1.0)
    pad = max(1.0, (high - low) * 0.08)
    return low - pad, high + pad


def _ticks(low: float, high: float) -> list[float]:
    """Round skills between ``low`` and ``high`` for the grid (about four)."""
    raw = (high - low) / 4
    step = 10 ** math.floor(math.log10(raw))
    step = next(s * step for s in (1, 2, 5, 10) if s * step >= raw)
    first = math.ceil(low / step) * step
    return [first + i * step for i in range(int((high - first) // step) + 1)]


def _tick(value: float) -> str:
    """A grid line's label: ``10``, ``-5``, ``2.5``."""
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


def _level_room(levels: Sequence[tuple[str, float]]) -> int:
    """How wide the level labels at the right are."""
    widths = [text_width(f"{name} {skill:.0f}", LABEL, "narrow") for name, skill in levels]
    return max(widths, default=0) + 8


def _dashed(
    draw: Pen, start: tuple[int, int], end: int, colour: Colour, vertical: bool = False
) -> None:
    """A dashed line from ``start`` to ``end`` (an x, or a y when ``vertical``)."""
    x, y = start
    at = y if vertical else x
    while at < end:
        stop = min(end, at + 10)
        if vertical:
            draw.line((x, at, x, stop), fill=colour, width=2)
        else:
            draw.line((at, y, stop, y), fill=colour, width=2)
        at += 18

