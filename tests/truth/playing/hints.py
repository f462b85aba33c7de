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
#: a Moon only now and then; where a bid must be made (Flip Euchre), each bid is half as
#: likely as the one below it. People bidding at random overbid and fail hand after hand,
#: and their game never reaches its target.
PASS_WEIGHT, MOON_WEIGHT, EACH_BID_HIGHER = 6.0, 0.1, 0.5


def action_of(control: dict[str, Any]) -> str:
    """The game action a button stands for (``bid:moon``, ``pass``); "" for a select."""
    if control.get("type") != 2:
        return ""
    return str(control["custom_id"]).split(":", 4)[4]


def is_moon(action: str) -> bool:
    """A Moon bid of any size."""
    return action.startswith("bid:") and action.endswith("moon")


def weights(actions: list[str]) -> list[float]:
    """How much a person favours each move offered: evenly, except in an auction offering
    Moons, or one where a number must be bid."""
    if any(is_moon(a) for a in actions):
        return [PASS_WEIGHT if a == "pass" else MOON_WEIGHT if is_moon(a) else 1.0
                for a in actions]
    numbers = sorted(int(a[4:]) for a in actions if a.startswith("bid:") and a[4:].isdigit())
    if not numbers or "pass" in actions:
        return [1.0] * len(actions)
    return [EACH_BID_HIGHER ** numbers.index(int(a[4:])) if a in (f"bid:{n}" for n in numbers)
            else 1.0 for a in actions]


@dataclass
class HintingPlayer(Player):
    """A :class:`Player` that presses Hint on some of its turns and bids as a person would."""

    def pick(self, controls: list[dict[str, Any]]) -> dict[str, Any]:
        """A control at random, weighted as :func:`weights` says."""
        return self.rng.choices(controls, weights([action_of(c) for c in controls]))[0]

    async def move(self) -> bool:
        """Ask for a hint now and then (when it is this person's turn), then move."""
        hand = self.hand
        if hand is not None and action_controls(hand) and self.rng.random() < HINT_SHARE:
            hint = next((b for b in hand.buttons() if b.get("label") == "Hint"
                         and not b.get("disabled")), None)
            if hint is not None:
                await self.member.click(hand, str(hint["custom_id"]))
        return await super().move()
