"""Seats and sides as the picture names them: the plate under each name, the score line."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine import action_name, picks_for_maker, standing_bid


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


def default_tags(hands: int) -> list[SeatTag]:
    """``Seat 1``, ``Seat 2``…: labels for a picture drawn without names."""
    return [SeatTag(f"Seat {seat + 1}") for seat in range(hands)]


TURN_WORDS = {  # a few words, large enough to read on a phone: the text says the rest
    "play": "to play", "bid": "to bid", "trump": "trump?", "discard": "to discard",
    "give": "to give", "order": "play it?", "round1": "order up?", "round2": "trump?",
    "alone": "alone?", "declare": "Jambone?", "defend": "defend?", "shoot": "shoot?",
    "switch": "switch?",
}


def turn_words(view: Mapping[str, Any]) -> str:
    """``to play``, ``to bid``…: what the seat whose turn it is must do."""
    if view.get("phase") == "play" and picks_for_maker(view):
        return "picks card"
    return TURN_WORDS.get(str(view.get("phase")), "to decide")


def last_call(view: Mapping[str, Any], seat: int) -> str:
    """The seat's latest call of this hand's auction (``passed``, ``bid 4``…)."""
    calls = [b["action"] for b in view.get("bidding") or [] if b.get("seat") == seat]
    if not calls or view.get("phase") in ("play", "over") or view.get("is_over"):
        return ""
    if calls[-1] == "pass":
        return "passed"
    return action_name(calls[-1], str(view.get("variant"))).lower()


def plate_details(view: Mapping[str, Any], seat: int) -> str:
    """The line under a name: a call or bid, tricks taken, count (cards held are drawn)."""
    return plate_wordings(view, seat)[0]


def plate_wordings(view: Mapping[str, Any], seat: int) -> list[str]:
    """:func:`plate_details` and shorter ways to say it, in fewer words, for a plate too
    narrow for it: ``bid 4 · took 0`` as ``took 0 of 4``, then ``0 of 4``; tricks beside
    points dropped (``15 pts``)."""
    if not is_active(view, seat):
        return ["sits out"]
    full = _details(view, seat)
    bids, won = view.get("bids") or [], view.get("tricks_won") or []
    taken = view.get("points_taken") or []
    playing = view.get("phase") == "play"
    bid = bids[seat] if seat < len(bids) and not last_call(view, seat) else None
    if playing and bid is not None and seat < len(won) and seat >= len(taken):
        return [full, f"took {won[seat]} of {bid}", f"{won[seat]} of {bid}"]
    if playing and seat < len(taken) and bid is None and not last_call(view, seat):
        return [full, f"{taken[seat]} pts"]
    return [full]


def _details(view: Mapping[str, Any], seat: int) -> str:
    """Every part of the line under a name, joined by dots."""
    call = last_call(view, seat)
    parts = [call] if call else []
    bids = view.get("bids") or []
    bid = bids[seat] if seat < len(bids) and not call else None
    if bid is not None:
        parts.append(f"bid {bid}")
    won = view.get("tricks_won") or []
    if seat < len(won) and view.get("phase") == "play":  # beside a bid: ``took 2``
        count = won[seat]
        parts.append(f"took {count}" if bid is not None else
                     f"{count} trick{'s' if count != 1 else ''}")
    taken = view.get("points_taken") or []
    if seat < len(taken) and view.get("phase") == "play":
        parts.append(f"{taken[seat]} pts")
    return " · ".join(parts)


def hand_size(view: Mapping[str, Any], seat: int) -> int | None:
    """How many cards the seat holds (None once the game is over or when unknown)."""
    sizes = view.get("hand_sizes") or []
    if view.get("is_over") or seat >= len(sizes) or not isinstance(sizes[seat], int):
        return None
    return int(sizes[seat])


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


def contract_tab(view: Mapping[str, Any], seat: int) -> str:
    """What the seat has undertaken this hand, for a tab on its plate: ``high bid 5``
    while the auction runs, ``bid Moon``, ``maker · alone``, ``defends alone``."""
    if view.get("is_over") or view.get("free_for_all"):
        return ""
    standing = standing_bid(view)
    if standing is not None:
        if standing[1] != seat:
            return ""
        return f"{'high bid' if view.get('phase') == 'bid' else 'bid'} {standing[0]}"
    if view.get("defender") == seat:
        return "defends alone"
    if view.get("maker") != seat:
        return ""
    declaration = view.get("declaration")
    if declaration == "jambone":
        return "Jambone"  # its hand lies face up beside the plate
    alone = declaration == "alone" or not all(view.get("active") or [True])
    return "maker · alone" if alone else "maker"
