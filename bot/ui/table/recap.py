"""The recap that ends every hand: the last trick and who took it, tricks per side, the
contract and whether it was made, the points each side got and the running score.

Pure: built from the engine's ``hand_scored`` event (and the ``trick`` event just before
it) and the seat labels.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine import action_name
from bot.ui.cards import trick_text
from bot.ui.names import side_name
from bot.ui.scores import points_text, score_text, sides_or_players

Event = Mapping[str, Any]


def hand_recap(
    scored: Event,
    last_trick: Event | None,
    variant: str,
    sides: Sequence[Sequence[int]],
    labels: Sequence[str],
    *,
    hand_number: int = 0,
    target: int | None = None,
) -> list[str]:
    """The lines that close a hand (see the module's docstring)."""
    sides = sides_or_players(sides, len(scored.get("points", [])))
    title = f"Hand {hand_number}" if hand_number > 0 else "The hand"
    lines = [f"📊 **{title} is over.** {verdict(scored, variant, sides, labels)}"]
    if last_trick and last_trick.get("cards"):
        winner = last_trick.get("winner")
        who = labels[winner] if isinstance(winner, int) and winner < len(labels) else "?"
        lines.append(
            f"Last trick: {trick_text(last_trick['cards'], labels, variant, scored.get('trump'))} "
            f"→ **{who}** took it."
        )
    tricks = scored.get("tricks")
    if tricks:
        lines.append(f"Tricks: {tricks_text(scored, sides, labels)}")
    if scored.get("points_taken"):
        counts = points_text(scored["points_taken"], sides, labels).replace("+", "")
        lines.append(f"Count taken: {counts}")
    if scored.get("jamboree"):
        lines.append("Jamboree bonus: 16 points (already added).")
    lines.append(f"Points this hand: {points_text(scored.get('points', []), sides, labels)}")
    scores = scored.get("scores", [])
    lines.append(f"Score: {score_text(scores, sides, labels, target=target, bold=True)}")
    return lines


def tricks_text(scored: Event, sides: Sequence[Sequence[int]], labels: Sequence[str]) -> str:
    """``Alice & Carol 4 · Bob & Dave 1``; Flip adds each player's bid: ``Alice 3 (bid 4)``."""
    tricks, bids = scored.get("tricks", []), scored.get("bids")
    parts = []
    for side, taken in enumerate(tricks):
        if side >= len(sides):
            break
        part = f"{side_name(side, sides, labels)} {taken}"
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
    makers = side_name(side, sides, labels)
    contract = _contract(scored, variant, labels[maker])
    made = _made(scored, side)
    taken = _taken(scored, side)
    if made:
        every = ", every one!" if _swept(scored, side) else "."
        return f"{contract}: **made** — {makers} took {taken}{every}"
    failed = "set" if variant in ("over_the_rhine", "over_the_top") else "euchred"
    return f"{contract}: **{failed}** — {makers} took only {taken}."


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
