"""A game's player counts and options in words, for ``/rules``: what the standard rules
are and what a host may change when opening a table, as the table footer says them
(``Standard rules: game to 10 points · stick the dealer: …``), never as option ids and
Python values.
"""

from __future__ import annotations

from bot.engine.variant import OptionSpec, VariantInfo
from bot.ui.options import option_words


def players_text(info: VariantInfo) -> str:
    """``Players: 4`` or ``Players: 2 to 10``."""
    counts = sorted(info.player_counts)
    if len(counts) == 1:
        return f"Players: {counts[0]}"
    if counts == list(range(counts[0], counts[-1] + 1)):
        return f"Players: {counts[0]} to {counts[-1]}"
    return f"Players: {', '.join(str(n) for n in counts[:-1])} or {counts[-1]}"


def standard_text(info: VariantInfo) -> str:
    """``Standard rules: game to 10 points · stick the dealer: …``."""
    return "Standard rules: " + " · ".join(_standard(spec) for spec in info.options)


def house_text(info: VariantInfo) -> str:
    """What ``/table create`` may change: ``House rules, chosen with /table create: another
    score to play to (1 to 1000) · No stick-the-dealer: …``."""
    changes = [_change(spec) for spec in info.options]
    return "House rules, chosen with /table create: " + " · ".join(changes)


def rules_footer(info: VariantInfo) -> str:
    """The footer of ``/rules``: players, the standard rules, the house rules."""
    return "\n".join((players_text(info), standard_text(info), house_text(info)))[:2000]


def _standard(spec: OptionSpec) -> str:
    if spec.name == "target":
        return f"game to {spec.default} points"
    return option_words(spec, spec.default)


def _change(spec: OptionSpec) -> str:
    if spec.name == "target":
        low, high = spec.minimum or 1, spec.maximum
        return f"another score to play to ({low} to {high})" if high else "another score"
    others = [c for c in spec.choices if c != spec.default]
    said = [option_words(spec, choice) for choice in others]
    return " or ".join(said) or spec.description
