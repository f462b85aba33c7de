"""Seats and sides as the picture names them: the plate under each name, the score line."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine import action_name, standing_bid


@dataclass(frozen=True)
class SeatTag:
    """How a seat is labelled: plain text (no emoji or markdown), and a computer player's
    level (``easy``, ``normal``, ``hard``) when a computer plays the seat."""

    name: str
    level: str | None = None


def side_of(view: Mapping[str, Any], seat: int) -> int:
    """The side (team or single player) a seat plays for."""
    for side, seats in enumerate(view.get("sides") or []):
        if seat in seats:
            return side
    return seat


def is_active(view: Mapping[str, Any], seat: int) -> bool:
    """Whether the seat plays this hand (a partner of a lone player sits out)."""
    active = view.get("active") or []
    return bool(active[seat]) if seat < len(active) else True


TURN_WORDS = {"play": "to play", "bid": "to bid", "trump": "to name trump",
              "discard": "to discard", "give": "to give a card"}


def turn_words(view: Mapping[str, Any]) -> str:
    """``to play``, ``to bid``…: what the seat whose turn it is must do."""
    return TURN_WORDS.get(str(view.get("phase")), "to decide")


def last_call(view: Mapping[str, Any], seat: int) -> str:
    """The seat's latest call of this hand's auction (``passed``, ``bid 4``…)."""
    calls = [b["action"] for b in view.get("bidding") or [] if b.get("seat") == seat]
    if not calls or view.get("phase") == "play":
        return ""
    if calls[-1] == "pass":
        return "passed"
    return action_name(calls[-1], str(view.get("variant"))).lower()


def plate_details(view: Mapping[str, Any], seat: int) -> str:
    """The small line under a name: tricks taken, a bid or call, count, cards held."""
    if not is_active(view, seat):
        return "sits out this hand"
    call = last_call(view, seat)
    parts = [call] if call else []
    won = view.get("tricks_won") or []
    if seat < len(won) and view.get("phase") == "play":
        parts.append(f"{won[seat]} trick{'s' if won[seat] != 1 else ''}")
    bids = view.get("bids") or []
    if seat < len(bids) and bids[seat] is not None and not call:
        parts.append(f"bid {bids[seat]}")
    taken = view.get("points_taken") or []
    if seat < len(taken) and view.get("phase") == "play":
        parts.append(f"count {taken[seat]}")
    sizes = view.get("hand_sizes") or []
    if seat < len(sizes) and sizes[seat] is not None and not view.get("is_over"):
        parts.append(f"{sizes[seat]} card{'s' if sizes[seat] != 1 else ''}")
    return " · ".join(parts)


def side_label(side: int, view: Mapping[str, Any], seats: Sequence[SeatTag]) -> str:
    """``Alice & Carol``, or the single player's name."""
    sides = view.get("sides") or []
    members = sides[side] if side < len(sides) else [side]
    return " & ".join(seats[s].name for s in members if s < len(seats)) or f"Side {side + 1}"


def score_parts(
    view: Mapping[str, Any], seats: Sequence[SeatTag]
) -> list[tuple[int, str, int]]:
    """(side, label, score) for the header: seat order for two sides, else by score."""
    scores = list(view.get("scores") or [])
    order = list(range(len(scores)))
    if len(order) > 2:
        order.sort(key=lambda side: -scores[side])
    return [(side, side_label(side, view, seats), scores[side]) for side in order]


def high_bid_text(view: Mapping[str, Any], seats: Sequence[SeatTag]) -> str:
    """``Bid 85 · Bob`` (the contract, or the high bid while the auction runs)."""
    standing = standing_bid(view)
    if standing is None or standing[1] >= len(seats):
        return ""
    word = "High bid" if view.get("phase") == "bid" else "Bid"
    return f"{word} {standing[0]} · {seats[standing[1]].name}"


def maker_text(view: Mapping[str, Any], seats: Sequence[SeatTag]) -> str:
    """``Maker: Alice (alone)`` once trump is made without an auction; a free-for-all."""
    if view.get("free_for_all"):
        return "Free-for-all: no maker"
    maker = view.get("maker")
    if not isinstance(maker, int) or maker >= len(seats) or view.get("phase") == "bid":
        return ""
    alone = view.get("declaration") in ("alone", "jambone") or not all(
        view.get("active") or [True]
    )
    how = " (Jambone)" if view.get("declaration") == "jambone" else " (alone)" if alone else ""
    return f"Maker: {seats[maker].name}{how}"
