"""A bidder's turn in words: the bid that stands and who holds it, and what may still be
bid (``Bob bid 85: bid 90 or more (up to 100), or pass``); Flip's bids so far; and, once
the bidding is won, the contract the maker names trump for (``you bid 4: name trump or no
trump``).

Built from the seat's view and its legal actions only, so it never promises a bid the
buttons do not offer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine import action_name, standing_bid

View = Mapping[str, Any]


def bid_task(view: View, legal: Sequence[str], labels: Sequence[str]) -> str | None:
    """What the player may bid now and against what; None outside a bidding turn."""
    phase = view.get("phase")
    if phase == "trump":
        return contract_task(view, legal)
    if phase != "bid":
        return None
    variant = str(view.get("variant"))
    names = [_bid_name(a, variant) for a in legal if a.startswith("bid:")]
    may_pass = "pass" in legal
    if variant == "flip":
        return f"{_choices(names, variant)} ({_flip_bids(view, labels)})"
    standing = standing_bid(view)
    if standing is not None:
        held = f"{_holder(view, standing[1], labels)} bid {_with_article(standing[0])}"
        if not names:
            return f"{held}, the highest bid there is: you can only pass"
        return f"{held}: {_choices(names, variant)}" + (", or pass" if may_pass else "")
    if may_pass:
        return f"nobody has bid yet: {_choices(names, variant)}, or pass"
    if view.get("bidding"):
        return f"everyone passed, so as the dealer you must {_choices(names, variant)}"
    return f"you open the bidding: {_choices(names, variant)}"


def contract_task(view: View, legal: Sequence[str]) -> str | None:
    """``you bid 4: name trump or no trump``: the maker's contract as they name trump."""
    standing = standing_bid(view)
    if standing is None or standing[1] != view.get("seat"):
        return None
    what = "name trump or no trump" if "trump:N" in legal else "name trump"
    bid = _with_article(standing[0])
    if view.get("variant") == "cincinnati" and not standing[0].isdigit():
        return f"you bid {bid}: {what}; you play alone and need all 6 tricks"
    return f"you bid {bid}: {what}"


def _bid_name(action: str, variant: str) -> str:
    """``85``, ``4``, ``Moon``: a bid as players say it."""
    return action_name(action, variant).removeprefix("Bid ")


def _with_article(name: str) -> str:
    """``4`` stays; ``Moon`` → ``a Moon``."""
    return name if name[:1].isdigit() else f"a {name}"


def _choices(names: Sequence[str], variant: str) -> str:
    """``bid 90 or more (up to 100)``, ``bid 5 or a Moon``, ``bid from 0 to 5 tricks``."""
    if not names:
        return "pass"
    if variant == "flip":
        unit = "tricks" if names[-1] != "1" else "trick"
        if len(names) == 1:
            return f"bid {names[0]} {unit}"
        return f"bid from {names[0]} to {names[-1]} tricks"
    first = _with_article(names[0])
    if len(names) == 1:
        return f"bid {first}"
    if len(names) == 2:
        return f"bid {first} or {_with_article(names[1])}"
    return f"bid {first} or more (up to {names[-1]})"


def _holder(view: View, seat: int, labels: Sequence[str]) -> str:
    """Who holds the bid: ``Bob``, ``Carol (your partner)`` or ``you``."""
    if seat == view.get("seat"):
        return "you"
    name = labels[seat] if 0 <= seat < len(labels) else f"Seat {seat + 1}"
    sides = view.get("sides") or []
    mine = view.get("side")
    if isinstance(mine, int) and mine < len(sides) and seat in sides[mine]:
        return f"{name} (your partner)"
    return name


def _flip_bids(view: View, labels: Sequence[str]) -> str:
    """``bids so far: Bob 2, the dead hand 1`` or ``nobody has bid yet``."""
    bids = view.get("bids") or []
    dead = view.get("dead_hand")
    made = []
    for seat, bid in enumerate(bids):
        if bid is None or seat == view.get("seat"):
            continue
        name = "the dead hand" if seat == dead else (
            labels[seat] if seat < len(labels) else f"Seat {seat + 1}"
        )
        made.append(f"{name}: {bid}")
    return f"bids so far: {', '.join(made)}" if made else "nobody has bid yet"
