"""A seat's plate on the review picture (team stripe, name, what it undertook, tricks
taken, the dealer's chip) and, at the deal, the seat's calls in the trick column."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import ImageDraw

from bot.engine import action_name, display_card
from bot.engine.cards import suit_name

from ..drawing.fonts import SMALLEST, fit, fit_apart, font, text_width
from ..drawing.items import Box
from ..drawing.palette import DARK_TEXT, MUTED, PLATE, TEXT, WINNER, team_colour
from ..table.plates import AWAY, IDLE_EDGE
from ..table.seats import SeatTag, side_of

NAME, DETAIL, CALL = 22, SMALLEST, SMALLEST
SHORT_CALLS = {
    "pass": "passed", "partner": "not alone", "alone": "went alone", "jambone": "Jambone",
    "defend_alone": "defended alone", "shoot": "shot the moon", "no_shoot": "didn't shoot",
    "no_switch": "no switch",
}


def undertook(view: Mapping[str, Any], seat: int) -> list[str]:
    """What the seat undertook this hand: ``maker · alone``, ``bid 4``, ``defends alone``."""
    terms, variant = view["contract"], str(view["variant"])
    if view.get("misdeal"):
        return []
    parts = []
    if terms.get("maker") == seat:
        if "bid" in terms:
            parts.append("bid " + action_name(f"bid:{terms['bid']}", variant).removeprefix("Bid "))
        else:
            parts.append("maker")
        if terms.get("declaration") == "jambone":
            parts.append("Jambone")
        elif terms.get("alone") and "bid" not in terms:
            parts.append("alone")
        if terms.get("shoot"):
            parts.append("shoots the moon")
    if terms.get("defender") == seat:
        parts.append("defends alone")
    bids = terms.get("bids") or []
    if seat < len(bids) and bids[seat] is not None:
        parts.append(f"bid {bids[seat]}")
    return parts


def taken_words(view: Mapping[str, Any], seat: int) -> list[str]:
    """``2 tricks`` (Over the Top: and ``35 in count``) once a trick is taken."""
    if not view["trick"] or not view["active"][seat]:
        return []
    won = view["tricks_won"][seat]
    words = [f"{won} trick{'s' if won != 1 else ''}"]
    count = view.get("count_taken")
    return words + [f"{count[seat]} in count"] if count else words


def draw_plate(
    draw: ImageDraw.ImageDraw, box: Box, seat: int, view: Mapping[str, Any],
    tags: Sequence[SeatTag],
) -> None:
    """The plate of ``seat`` in ``box``."""
    left, top, right, bottom = box
    active = bool(view["active"][seat])
    draw.rounded_rectangle(box, 10, fill=PLATE if active else AWAY, outline=IDLE_EDGE)
    stripe = team_colour(side_of(view, seat))
    draw.rounded_rectangle((left + 5, top + 5, left + 12, bottom - 5), 3,
                           fill=stripe if active else tuple(c // 2 for c in stripe))
    tag = tags[seat] if seat < len(tags) else SeatTag(f"Seat {seat + 1}")
    room = right - left - 28
    size = next(
        (s for s in range(NAME, SMALLEST, -1) if text_width(tag.name, s, "narrow") <= room),
        SMALLEST,
    )
    names = [t.name for t in tags] if seat < len(tags) else [tag.name]
    name = fit_apart(names, size, room, "narrow")[min(seat, len(names) - 1)]
    draw.text((left + 20, top + 7 + (NAME - size) // 2), name,
              font=font(size, "narrow"), fill=TEXT if active else MUTED)
    roles = undertook(view, seat) if active else ["sits out"]
    role = " · ".join(roles)
    if text_width(role, DETAIL, "narrow") > room - 10 and bottom - top > 100:
        lines = [(part, WINNER) for part in roles]  # a tall plate: one undertaking a line
    else:
        lines = [(role, WINNER)]
    lines += [(words, MUTED) for words in taken_words(view, seat)]
    y = top + 35
    for line, colour in lines:
        if not line:
            continue
        if y + DETAIL > bottom:
            break
        draw.text((left + 20, y), fit(line, DETAIL, room - 10, "narrow"),
                  font=font(DETAIL, "narrow"), fill=colour)
        y += DETAIL + 4
    if view.get("dealer") == seat:
        draw.ellipse((right - 34, bottom - 34, right - 6, bottom - 6), fill=TEXT,
                     outline=(30, 30, 30))
        draw.text((right - 20 - text_width("D", DETAIL) / 2, bottom - 31), "D",
                  font=font(DETAIL), fill=DARK_TEXT)


def call_short(action: str, view: Mapping[str, Any], seat: int) -> str:
    """A call in a few words for the picture: ``passed``, ``picked up``, ``named hearts``."""
    variant = str(view["variant"])
    kind, _, arg = action.partition(":")
    if action in SHORT_CALLS:
        return SHORT_CALLS[action]
    if action == "order":
        if variant == "over_the_rhine":
            return "played it"
        return "picked up" if view.get("dealer") == seat else "ordered up"
    if kind == "trump":
        return "no trump" if arg == "N" else f"named {suit_name(arg)}"
    if kind == "bid":
        return "bid " + action_name(action, variant).removeprefix("Bid ")
    if kind in ("discard", "give", "switch"):
        verb = {"discard": "discarded", "give": "gave", "switch": "switched in"}[kind]
        return f"{verb} {display_card(arg, variant, marked=False)}"
    return action_name(action, variant).lower()


def draw_calls(draw: ImageDraw.ImageDraw, box: Box, seat: int, view: Mapping[str, Any]) -> None:
    """The seat's calls of the auction, wrapped to the box."""
    calls = [call_short(c["action"], view, seat) for c in view["calls"] if c["seat"] == seat]
    left, top, right, bottom = box
    words = " · ".join(calls).split(" ")
    lines: list[str] = []
    for word in words:
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and (text_width(joined, CALL, "narrow") <= right - left or word == "·"):
            lines[-1] = joined
        else:
            lines.append(word)
    y = top + 4
    for line in lines:
        if y + CALL > bottom:
            break
        draw.text((left, y), fit(line, CALL, right - left, "narrow"), font=font(CALL, "narrow"),
                  fill=TEXT)
        y += CALL + 5
