"""Bower's rules engine: pure, deterministic games of the Euchre family.

The public interface is described in ENGINE.md: :func:`new_game`, :data:`VARIANTS`,
:class:`IllegalAction`, and the :class:`Game` methods.
"""

from .cards import card_name, parse_cards
from .display import (
    card_named,
    card_role,
    hand_order,
    picks_for_maker,
    seat_to_play,
    standing_bid,
    winning_play,
)
from .errors import IllegalAction
from .game import Event, Game
from .names import action_name, display_card
from .registry import VARIANTS, game_class, load_game, new_game
from .variant import OptionSpec, VariantInfo

__all__ = [
    "VARIANTS",
    "Event",
    "Game",
    "IllegalAction",
    "OptionSpec",
    "VariantInfo",
    "action_name",
    "card_name",
    "card_named",
    "card_role",
    "display_card",
    "game_class",
    "hand_order",
    "load_game",
    "new_game",
    "parse_cards",
    "picks_for_maker",
    "seat_to_play",
    "standing_bid",
    "winning_play",
]
