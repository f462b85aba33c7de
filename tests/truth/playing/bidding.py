"""The bid a plausible person makes in an Over the Top auction: the one the normal
computer would make from their seat's view, the game replayed from the bot's store.

People bidding at random among Over the Top's eleven bids mostly bid far over what their
cards can take, so an audited game rarely reaches a realistic contract. The view is their
own seat's only, as a computer player's is.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from bot.ai import decide
from bot.engine import new_game
from tests.truth.stored.store import StoredTable, read_tables
from tests.truth.stored.timeline import acting_seat

#: The variants whose auctions people bid as the normal computer would.
ADVISED_VARIANTS = ("over_the_top",)
LEVEL = "normal"


def normal_bid(table: StoredTable, user_id: int, offered: Collection[str]) -> str | None:
    """The normal computer's choice for ``user_id`` at the stored game's turn; None unless
    the game is one of :data:`ADVISED_VARIANTS` at that member's bid with ``offered`` as its
    legal actions (a store not yet showing the turn offered says nothing)."""
    if table.variant not in ADVISED_VARIANTS:
        return None
    game = new_game(table.variant, table.players, table.seed, dict(table.options))
    for stored in table.actions:
        game.apply(stored.action)
    seat = acting_seat(game)
    if seat is None or not any(s.seat == seat and s.user_id == user_id and s.computer_level
                               is None for s in table.seats):
        return None
    view, legal = game.view(seat), game.legal_actions()
    if view.get("phase") != "bid" or set(legal) != set(offered):
        return None
    action, _ = decide(LEVEL, view, legal, seed=table.seed + len(table.actions))
    return action


@dataclass(frozen=True)
class StoredBids:
    """A member's advice in an auction, read from the bot's database."""

    database: Path
    user_id: int

    def __call__(self, table_id: int, offered: Collection[str]) -> str | None:
        """The normal computer's bid at table ``table_id`` (see :func:`normal_bid`)."""
        found = read_tables(self.database, only=table_id)
        return normal_bid(found[0], self.user_id, offered) if found else None
