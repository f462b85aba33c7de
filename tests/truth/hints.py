"""A person who now and then presses Hint before moving (the advice shows in their hand
message, a statement to check like any other)."""

from __future__ import annotations

from dataclasses import dataclass

from tests.e2e.tables import Player, action_controls

#: The share of a person's turns on which they ask for a hint first.
HINT_SHARE = 0.1


@dataclass
class HintingPlayer(Player):
    """A :class:`Player` that presses Hint on some of its turns."""

    async def move(self) -> bool:
        """Ask for a hint now and then (when it is this person's turn), then move."""
        hand = self.hand
        if hand is not None and action_controls(hand) and self.rng.random() < HINT_SHARE:
            hint = next((b for b in hand.buttons() if b.get("label") == "Hint"
                         and not b.get("disabled")), None)
            if hint is not None:
                await self.member.click(hand, str(hint["custom_id"]))
        return await super().move()
