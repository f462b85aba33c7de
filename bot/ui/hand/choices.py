"""The choices a hand offers besides its cards, each one click.

Where a game asks the maker "with your partner or alone?" after they make trump (Euchre,
both rounds; Railroad, both rounds), the hand offers the two together instead: **Order
up** / **Order up alone**, **♥ Hearts** / **♥ Hearts alone** / **♥ Hearts Jambone**. Such
a choice is the engine's steps joined by ``+`` (``order+alone``); the table service checks
and stores them as one move, or holds the second step for the maker's turn when someone
else moves between (Railroad's dealer discards after an order). The engine's own
``partner`` / ``alone`` step stays for games stored before, and for a maker whose call a
computer made when their time ran out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine import action_name
from bot.engine.names import ROOK_MARKS
from bot.tables.games import STEP_JOIN
from bot.words.cards import SUIT_MARKS

#: (variant, phase) → the steps that always follow making trump there, in button order.
FOLLOW_UPS: dict[tuple[str, str], tuple[str, ...]] = {
    ("euchre", "round1"): ("partner", "alone"),
    ("euchre", "round2"): ("partner", "alone"),
    ("railroad", "round1"): ("partner", "alone", "jambone"),
    ("railroad", "round2"): ("partner", "alone", "jambone"),
}
MAKING = ("order", "trump:")
SUFFIXES = {"partner": "", "alone": " alone", "jambone": " Jambone"}
PASS_LIKE = ("pass", "no_shoot", "no_switch")


def offered(view: Mapping[str, Any], legal: Sequence[str]) -> list[str]:
    """The choices to show for ``legal``: a call that makes trump joined with each way of
    playing it (partner, alone, Jambone) where the game asks that next."""
    follow = FOLLOW_UPS.get((str(view.get("variant")), str(view.get("phase"))))
    if not follow:
        return list(legal)
    choices: list[str] = []
    for action in legal:
        if action.startswith(MAKING):
            choices += [f"{action}{STEP_JOIN}{step}" for step in follow]
        else:
            choices.append(action)
    return choices


def groups(choices: Sequence[str]) -> list[list[str]]:
    """Choices sharing their first step together (one row of buttons each), in order."""
    rows: dict[str, list[str]] = {}
    for choice in choices:
        rows.setdefault(choice.partition(STEP_JOIN)[0], []).append(choice)
    return list(rows.values())


def is_joined(choices: Sequence[str]) -> bool:
    """Whether any of ``choices`` joins steps (its buttons are then laid out by call)."""
    return any(STEP_JOIN in choice for choice in choices)


def choice_label(choice: str, variant: str, *, dealer: bool = False) -> str:
    """A button's words: ``Order up alone``, ``♥ Hearts``, ``🟩 Green`` (a colour or suit
    named with its mark, as cards are written); the ``dealer``, who takes the turned
    card themself, is offered ``Pick up`` / ``Pick up alone``."""
    first, _, then = choice.partition(STEP_JOIN)
    label = action_name(first, variant)
    if dealer and label == "Order up":
        label = "Pick up"
    kind, _, suit = first.partition(":")
    mark = (SUIT_MARKS.get(suit) or ROOK_MARKS.get(suit)) if kind == "trump" else None
    if mark:
        label = f"{mark} {label}"
    return label + SUFFIXES.get(then, "")


def joined_help(view: Mapping[str, Any], choices: Sequence[str]) -> list[str]:
    """What going alone (or Jambone) in the same click means, when it is offered."""
    variant = str(view.get("variant"))
    alone = [c for c in choices if c.endswith(f"{STEP_JOIN}alone")]
    if not alone:
        return []
    one, dealer = len(alone) == 1, view.get("dealer") == view.get("seat")
    lone = f"**{choice_label(alone[0], variant, dealer=dealer)}**" if one else "**A suit alone**"
    if variant == "railroad":
        jambone = lone.replace(" alone**", " Jambone**")
        after = ""
        if view.get("phase") == "round1":  # the dealer takes the card and discards first
            after = "once you have discarded, " if dealer else "once the dealer has discarded, "
        return [
            f"{lone}: {after}you give your partner one card and get one back, then your "
            "partner sits out; points count double.",
            f"{jambone}: like alone, but your hand is then shown face up and the opponent on "
            "your left picks every card you play; every trick scores 28, less gives the "
            "opponents 28.",
        ]
    return [
        f"{lone}: the same, and your partner sits out this hand; all 5 tricks score 4 "
        "(3 or 4 still score 1)."
    ]
