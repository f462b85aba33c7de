"""Reading what game a member waits for or a tournament plays out of Bower's words
(``Flip Euchre · 6 players · game to 23 · 50-card deck (one of each joker)``,
``Flip Euchre, 4 players a table (deck=50, zilch=yes)``), and comparing it with a stored
variant, seat count and options.

A reader written from what the messages say; it does not use Bower's own wording code.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.engine import VARIANTS

#: House-rule phrases of the queue's words: the option each sets and how its value reads.
PHRASES: list[tuple[re.Pattern[str], str, Any]] = [
    (re.compile(r"^game to (\d+)$"), "target", int),
    (re.compile(r"^(\d+)-card deck\b"), "deck", int),
    (re.compile(r"^Zilch: no bids\b"), "zilch", True),
    (re.compile(r"^bidding hands\b"), "zilch", False),
    (re.compile(r"^No stick-the-dealer\b"), "stick_dealer", False),
    (re.compile(r"^stick the dealer\b"), "stick_dealer", True),
]
QUEUED_GAME = re.compile(r"^(?P<name>[^·]+?) · (?P<players>\d+) players(?P<rest>(?: · .+)?)$")
TOURNAMENT_GAME = re.compile(r"^(?P<name>.+?), (?P<players>\d+) players a table"
                             r"(?: \((?P<rest>[^()]*)\))?$")


@dataclass(frozen=True)
class Game:
    """A game as words name it: its variant, seats, and the options they name."""

    variant: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)


def variant_named(name: str) -> str | None:
    """The variant whose name is ``name``, or None."""
    return next((key for key, info in VARIANTS.items() if info.name == name), None)


def queued_game(text: str) -> Game | None:
    """``Euchre · 4 players · game to 10 · …`` as a game; None if a part is not read."""
    match = QUEUED_GAME.match(text.strip())
    variant = variant_named(match.group("name")) if match else None
    if match is None or variant is None:
        return None
    options: dict[str, Any] = {}
    for part in filter(None, match.group("rest").split(" · ")):
        read = next(((p, name, value) for p, name, value in PHRASES if p.match(part)), None)
        if read is None:
            return None
        pattern, name, value = read
        found = pattern.match(part)
        assert found is not None
        options[name] = value(found.group(1)) if value is int else value
    return Game(variant, int(match.group("players")), options)


def tournament_game(text: str) -> Game | None:
    """``Euchre, 4 players a table (stick_dealer=no)`` as a game; None if not that."""
    match = TOURNAMENT_GAME.match(text.strip())
    variant = variant_named(match.group("name")) if match else None
    if match is None or variant is None:
        return None
    options: dict[str, Any] = {}
    for part in filter(None, (match.group("rest") or "").split(", ")):
        name, _, value = part.partition("=")
        options[name] = {"yes": True, "no": False}.get(value, int(value) if value.isdigit()
                                                       else value)
    return Game(variant, int(match.group("players")), options)


def differences(said: Game, variant: str, players: int, options: Mapping[str, Any],
                shown: frozenset[str] | None = None) -> list[str]:
    """How a game said differs from the stored one (empty: it is the same). Options not
    named must be at the game's default; ``shown``: the only options the words speak of
    (default: all)."""
    wrong = []
    if said.variant != variant:
        wrong.append(f"the game is {VARIANTS[variant].name}")
    if said.players != players:
        wrong.append(f"{players} players")
    info = VARIANTS.get(variant)
    for spec in info.options if info else ():
        if shown is not None and spec.name not in shown:
            continue
        true = options.get(spec.name, spec.default)
        named = said.options.get(spec.name, spec.default)
        if named != true:
            wrong.append(f"{spec.name} is {true}")
    return wrong
