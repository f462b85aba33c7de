"""Variant descriptions: display name, player counts, table options, rules summary."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalAction


@dataclass(frozen=True)
class OptionSpec:
    """One table option: a default and either choices or an inclusive numeric range."""

    name: str
    default: Any
    description: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def validate(self, value: Any) -> Any:
        """Return ``value`` if allowed, else raise :class:`IllegalAction` saying why."""
        if self.choices:
            if value not in self.choices:
                allowed = ", ".join(str(c) for c in self.choices)
                raise IllegalAction(f"Option {self.name} must be one of {allowed}.")
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise IllegalAction(f"Option {self.name} must be a whole number.")
        if self.minimum is not None and value < self.minimum:
            raise IllegalAction(f"Option {self.name} must be at least {self.minimum}.")
        if self.maximum is not None and value > self.maximum:
            raise IllegalAction(f"Option {self.name} must be at most {self.maximum}.")
        return value


@dataclass(frozen=True)
class VariantInfo:
    """What a table needs to know about a variant before a game exists."""

    key: str
    name: str
    player_counts: tuple[int, ...]
    options: tuple[OptionSpec, ...]
    summary: str
    rules: str
    default_players: int = 4
    deal_shape: str = ""
    option_defaults: dict[str, Any] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "option_defaults", {o.name: o.default for o in self.options})

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults overlaid with ``options``, every value validated."""
        resolved = dict(self.option_defaults)
        by_name = {o.name: o for o in self.options}
        for name, value in (options or {}).items():
            if name not in by_name:
                raise IllegalAction(f"{self.name} has no option {name!r}.")
            resolved[name] = by_name[name].validate(value)
        return resolved

    def check_players(self, players: int) -> None:
        """Raise :class:`IllegalAction` unless the variant is played by ``players``."""
        if players not in self.player_counts:
            counts = ", ".join(str(n) for n in self.player_counts)
            raise IllegalAction(f"{self.name} is played by {counts} players, not {players}.")


def target_option(default: int, maximum: int = 1000) -> OptionSpec:
    """The shared ``target`` (score to win) option."""
    return OptionSpec("target", default, "Points needed to win", minimum=1, maximum=maximum)
