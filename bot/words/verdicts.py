"""How a hand ended, in words: tricks per side and the contract's verdict.

Shared by the live table's recap (``bot/ui/table/recap.py``) and the review of a finished
game (``bot/review/record``). Pure: built from the engine's ``hand_scored`` event.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine import action_name
from bot.words.sides import side_name

Event = Mapping[str, Any]


def sitting_out(scored: Event, sides: Sequence[Sequence[int]]) -> set[int]:
    """The seats that sat the hand out: a lone maker's partners (alone, Jambone, a
    Cincinnati moon) and a lone defender's."""
    out: set[int] = set()
    maker, defender = scored.get("maker"), scored.get("defender")
    lone = scored.get("alone") or scored.get("declaration") in ("alone", "jambone")
    for player, alone in ((maker, lone), (defender, True)):
        if isinstance(player, int) and alone:
            side = next((seats for seats in sides if player in seats), ())
            out.update(s for s in side if s != player)
    return out


def players_name(
    side: int, sides: Sequence[Sequence[int]], labels: Sequence[str], out: set[int]
) -> str:
    """The side as the players who played the hand: ``Alice`` for Alice alone, whose
    partner Carol sat out; ``Alice & Carol`` otherwise."""
    seats = sides[side] if 0 <= side < len(sides) else []
    playing = [s for s in seats if s not in out and s < len(labels)]
    if not playing or len(playing) == len(seats):
        return side_name(side, sides, labels)
    return " & ".join(labels[s] for s in playing)


def tricks_text(
    scored: Event, sides: Sequence[Sequence[int]], labels: Sequence[str],
    out: set[int] | None = None,
) -> str:
    """``Alice & Carol 4 · Bob & Dave 1`` (``Alice 2 · …`` for a loner: only those who
    played; ``out``: the seats sitting out, else read from ``scored``); Flip adds each
    player's bid: ``Alice 3 (bid 4)``."""
    tricks, bids = scored.get("tricks", []), scored.get("bids")
    out = sitting_out(scored, sides) if out is None else out
    parts = []
    for side, taken in enumerate(tricks):
        if side >= len(sides):
            break
        part = f"{players_name(side, sides, labels, out)} {taken}"
        if bids and side < len(bids) and bids[side] is not None and not scored.get("zilch"):
            part += f" (bid {bids[side]})"
        parts.append(part)
    return " · ".join(parts)


def verdict(
    scored: Event, variant: str, sides: Sequence[Sequence[int]], labels: Sequence[str]
) -> str:
    """The contract and how it ended, in one sentence."""
    if variant == "flip":
        return _flip_verdict(scored, labels)
    maker = scored.get("maker")
    if variant == "over_the_rhine" and (scored.get("free_for_all") or maker is None):
        return "A free-for-all: the player with more tricks scores."
    if not isinstance(maker, int) or maker >= len(labels):
        return ""
    side = next((i for i, seats in enumerate(sides) if maker in seats), 0)
    makers = players_name(side, sides, labels, sitting_out(scored, sides))
    contract = _contract(scored, variant, labels[maker])
    made = _made(scored, side)
    taken = _taken(scored, side)
    if made:
        every = ", every one!" if _swept(scored, side) else "."
        return f"{contract}: **made** — {makers} took {taken}{every}"
    if _needs_every_trick(scored, variant):
        tricks = scored.get("tricks") or []
        count = tricks[side] if side < len(tricks) else 0
        return (
            f"{contract}: **failed** — {makers} took {count} of the {sum(tricks)} tricks, "
            "not every one."
        )
    failed = "set" if variant in ("over_the_rhine", "over_the_top") else "euchred"
    if taken == "0 tricks":
        return f"{contract}: **{failed}** — {makers} took no tricks."
    return f"{contract}: **{failed}** — {makers} took only {taken}."


def _needs_every_trick(scored: Event, variant: str) -> bool:
    """A Jambone or a Cincinnati moon: made only by taking every trick."""
    tricks = scored.get("tricks") or []
    if "points_taken" in scored or len(tricks) < 2:
        return False
    return scored.get("declaration") == "jambone" or (
        variant == "cincinnati" and bool(scored.get("alone"))
    )


def _contract(scored: Event, variant: str, maker: str) -> str:
    """``Alice bid 4``, ``Alice went alone``, ``Alice called Jambone``, ``Alice ordered it``."""
    bid, declaration = scored.get("bid"), scored.get("declaration")
    if variant == "over_the_top":
        return f"{maker} bid {bid}"
    if bid is not None:
        name = action_name(f"bid:{bid}", variant).removeprefix("Bid ")
        return f"{maker} bid {name}" + (" (alone)" if scored.get("alone") else "")
    if declaration == "jambone":
        return f"{maker} called Jambone"
    if declaration == "alone" or scored.get("alone"):
        return f"{maker} went alone"
    if scored.get("shoot"):
        return f"{maker} shot the moon"
    return f"{maker} called trump"


def _made(scored: Event, side: int) -> bool:
    if "made" in scored:
        return bool(scored["made"])
    if scored.get("set"):
        return False
    return scored.get("euchred") is None


def _taken(scored: Event, side: int) -> str:
    if "points_taken" in scored:
        return f"{scored['points_taken'][side]} in count"
    tricks = scored.get("tricks") or []
    count = tricks[side] if side < len(tricks) else 0
    return f"{count} trick{'s' if count != 1 else ''}"


def _swept(scored: Event, side: int) -> bool:
    tricks = scored.get("tricks") or []
    return "points_taken" not in scored and side < len(tricks) and tricks[side] == sum(tricks)


def _flip_verdict(scored: Event, labels: Sequence[str]) -> str:
    if scored.get("zilch"):
        return "Zilch: every trick taken costs 5 points."
    euchred = [labels[s] for s in scored.get("euchred") or [] if s < len(labels)]
    if euchred:
        return f"Euchred (lowest this hand): {', '.join(euchred)}."
    return "Everyone made their bid."
