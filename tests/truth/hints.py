"""The audit's person: now and then presses Hint before moving (the advice shows in their
hand message, a statement to check like any other), and bids as a person would where a
wild bid could keep the game from ending."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tests.e2e.tables import Player, action_controls

#: The share of a person's turns on which they ask for a hint first.
HINT_SHARE = 0.1
#: In an auction that offers Moons (Cincinnati), a person passes most of the time and bids
#: a Moon only now and then: both people of a game bidding Moons at random, and failing
#: them, lose points hand after hand and the game never reaches its target.
PASS_WEIGHT, MOON_WEIGHT = 6.0, 0.1


def action_of(control: dict[str, Any]) -> str:
    """The game action a button stands for (``bid:moon``, ``pass``); "" for a select."""
    if control.get("type") != 2:
        return ""
    return str(control["custom_id"]).split(":", 4)[4]


def is_moon(action: str) -> bool:
    """A Moon bid of any size."""
    return action.startswith("bid:") and action.endswith("moon")


def weight(action: str, moons_offered: bool) -> float:
    """How much a person favours a move: evenly, except in an auction offering Moons."""
    if not moons_offered:
        return 1.0
    if action == "pass":
        return PASS_WEIGHT
    return MOON_WEIGHT if is_moon(action) else 1.0


@dataclass
class HintingPlayer(Player):
    """A :class:`Player` that presses Hint on some of its turns and bids Moons rarely."""

    def pick(self, controls: list[dict[str, Any]]) -> dict[str, Any]:
        """A control at random, weighted as :func:`weight` says."""
        actions = [action_of(c) for c in controls]
        moons = any(is_moon(a) for a in actions)
        return self.rng.choices(controls, [weight(a, moons) for a in actions])[0]

    async def move(self) -> bool:
        """Ask for a hint now and then (when it is this person's turn), then move."""
        hand = self.hand
        if hand is not None and action_controls(hand) and self.rng.random() < HINT_SHARE:
            hint = next((b for b in hand.buttons() if b.get("label") == "Hint"
                         and not b.get("disabled")), None)
            if hint is not None:
                await self.member.click(hand, str(hint["custom_id"]))
        return await super().move()
