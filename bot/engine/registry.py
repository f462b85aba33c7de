"""The variant registry and :func:`new_game`."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from .errors import IllegalAction
from .game import Game
from .variant import VariantInfo

VARIANT_MODULES = ("over_the_rhine", "cincinnati", "over_the_top", "flip", "railroad", "euchre")


def _load_classes() -> dict[str, type[Game]]:
    classes: dict[str, type[Game]] = {}
    for name in VARIANT_MODULES:
        module = importlib.import_module(f"{__package__}.variants.{name}")
        classes[module.INFO.key] = module.GAME_CLASS
    return classes


GAME_CLASSES = _load_classes()
VARIANTS: dict[str, VariantInfo] = {key: cls.info for key, cls in GAME_CLASSES.items()}


def game_class(variant: str) -> type[Game]:
    """The game class of a variant key; :class:`IllegalAction` for an unknown key."""
    try:
        return GAME_CLASSES[variant]
    except KeyError:
        known = ", ".join(GAME_CLASSES)
        raise IllegalAction(f"Unknown game {variant!r}; choose one of {known}.") from None


def new_game(
    variant: str,
    players: int | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    deal: Mapping[str, Any] | None = None,
) -> Game:
    """Start a game of ``variant`` (players defaults to the variant's usual count)."""
    cls = game_class(variant)
    return cls(players or cls.info.default_players, seed, options, deal)


def load_game(data: Mapping[str, Any]) -> Game:
    """Rebuild any saved game from :meth:`Game.to_json` output."""
    return game_class(data["variant"]).from_json(data)
