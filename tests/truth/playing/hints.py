"""The audit's person: now and then presses Hint before moving (the advice shows in their
hand message, a statement to check like any other), and bids as a person would where a
wild bid could keep the game from ending, or (Over the Top) would make every contract an
absurd one."""

from __future__ import annotations

from collections.abc import Callable, Collection
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
#: Where an advisor knows the bid a good player would make (Over the Top), a person makes
#: it this often; otherwise they choose as :func:`weights` says, so odd bids still occur.
ADVISED_SHARE = 0.8

#: (table id, the actions offered) → the bid to make there, or None when it has no advice.
BidAdvisor = Callable[[int, Collection[str]], "str | None"]


def action_of(control: dict[str, Any]) -> str:
    """The game action a button stands for (``bid:moon``, ``pass``); "" for a select."""
    if control.get("type") != 2:
        return ""
    return str(control["custom_id"]).split(":", 4)[4]


def offered_by(control: dict[str, Any]) -> list[str]:
    """The game actions a control offers: a button's one, or each option of a select."""
    if control.get("type") == 2:
        return [action_of(control)]
    return [str(option["value"]) for option in control.get("options", [])]


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

    advisor: BidAdvisor | None = None
    chosen: str | None = None  # the advised bid, when a select offers it

    def pick(self, controls: list[dict[str, Any]]) -> dict[str, Any]:
        """In an auction the advisor knows, mostly its bid (a button, or the select that
        offers it); else a control at random, weighted as :func:`weights` says."""
        self.chosen = None
        advised = self.advised(controls)
        if advised is not None and self.rng.random() < ADVISED_SHARE:
            self.chosen = advised
            return next(c for c in controls if advised in offered_by(c))
        return self.rng.choices(controls, weights([action_of(c) for c in controls]))[0]

    def option(self, select: dict[str, Any]) -> str:
        """The advised bid if this select offers it; else any option, at random."""
        if self.chosen is not None and self.chosen in offered_by(select):
            return self.chosen
        return super().option(select)

    def advised(self, controls: list[dict[str, Any]]) -> str | None:
        """The advisor's bid among what ``controls`` offer (None outside an auction, or
        where it has no advice)."""
        offered = [action for control in controls for action in offered_by(control)]
        if self.advisor is None or not any(a.startswith("bid:") for a in offered):
            return None
        table_id = int(str(controls[0]["custom_id"]).split(":")[2])
        advice = self.advisor(table_id, offered)
        return advice if advice in offered else None

    async def move(self) -> bool:
        """Ask for a hint now and then (when it is this person's turn), then move."""
        hand = self.hand
        if hand is not None and action_controls(hand) and self.rng.random() < HINT_SHARE:
            hint = next((b for b in hand.buttons() if b.get("label") == "Hint"
                         and not b.get("disabled")), None)
            if hint is not None:
                await self.member.click(hand, str(hint["custom_id"]))
        return await super().move()
