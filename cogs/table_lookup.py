"""Which table a command means, and the /table create options — pure helpers.

A command may name a table by number; otherwise it means the one table of this channel
(or thread), or the one table the member sits at. When that is ambiguous the member is
asked to give the number.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from discord import app_commands

from bot.engine import VARIANTS, OptionSpec
from bot.tables import TableError
from bot.tables.models import Table
from bot.ui.numbers import parse_number

#: The /table create parameters that carry table options (besides ``target``).
EXTRA_OPTIONS = ("stick_dealer", "deck", "zilch")
MAX_SUGGESTIONS = 25
#: What each house option means, for the commands that take them (/table create, /play,
#: /tournament create).
HOUSE_OPTION_HELP = {
    "stick_dealer": "Euchre: the dealer must name trump when everyone passes",
    "deck": "Flip Euchre: 52 cards (two of each joker) or 50 (one of each)",
    "zilch": "Flip Euchre: no bids, fewest tricks wins",
}


def game_choices() -> list[app_commands.Choice[str]]:
    """The six games, by their display names."""
    return [app_commands.Choice(name=info.name, value=key) for key, info in VARIANTS.items()]


def option_spec(name: str) -> tuple[str, OptionSpec] | None:
    """The first game having option ``name``, with its spec."""
    for key, info in VARIANTS.items():
        for spec in info.options:
            if spec.name == name:
                return key, spec
    return None


def int_choices(name: str, unit: str = "") -> list[app_commands.Choice[int]]:
    """The choices of an integer option (e.g. Flip's deck: 52 or 50 cards)."""
    found = option_spec(name)
    if found is None:
        return []
    return [app_commands.Choice(name=f"{c}{unit}", value=int(c)) for c in found[1].choices]


def table_options(variant: str, given: Mapping[str, Any]) -> dict[str, Any]:
    """The options given for ``variant``; :class:`TableError` for one it does not have."""
    info = VARIANTS[variant]
    known = {spec.name for spec in info.options}
    options = {name: value for name, value in given.items() if value is not None}
    for name in options:
        if name not in known:
            owners = [i.name for i in VARIANTS.values() if name in {o.name for o in i.options}]
            where = " and ".join(owners) or "no game"
            raise TableError(f"The option {name} is for {where}, not {info.name}.")
    return options


def target_suggestions(variant: str, default: int, typed: str) -> list[int]:
    """Scores to play to, for autocomplete: the server's default first, then round ones."""
    spec = next((s for s in VARIANTS[variant].options if s.name == "target"), None)
    low = spec.minimum if spec and spec.minimum is not None else 1
    high = spec.maximum if spec and spec.maximum is not None else 1000
    candidates = [default, 1, 3, 5, 7, 10, 11, 15, 21, 25, 32, 50, 64, 100, 150, 200, 300, 500]
    number = parse_number(typed.strip(), maximum=high)
    if number is not None:
        candidates.insert(0, number)
    picked = [c for c in dict.fromkeys(candidates) if low <= c <= high]
    return [c for c in picked if str(c).startswith(typed.strip())][:MAX_SUGGESTIONS] or picked[:1]


def pick_table(
    tables: Sequence[Table],
    *,
    table_id: int | None,
    here: Sequence[int],
    user_id: int,
    seated: bool,
) -> Table:
    """The table a command means (among the guild's open ``tables``).

    ``here``: the channel and thread ids the command came from. ``seated``: the member
    must sit at the table (their hand, leaving it).
    """
    if table_id is not None:
        for table in tables:
            if table.id == table_id:
                return table
        raise TableError(f"There is no open table #{table_id} in this server.")
    mine = [t for t in tables if t.seat_of(user_id) is not None]
    local = [t for t in tables if t.channel_id in here or t.thread_id in here]
    if seated:
        candidates = [t for t in mine if t in local] or mine
        if not candidates:
            raise TableError("You're not seated at any open table here.")
    else:
        candidates = local or mine
        if not candidates:
            raise TableError("There is no open table in this channel.")
    if len(candidates) > 1:
        numbers = ", ".join(f"#{t.id}" for t in candidates[:10])
        raise TableError(f"Several tables are open ({numbers}): give the table number.")
    return candidates[0]


def table_label(table: Table, channel_name: str | None = None) -> str:
    """``#12 Euchre (playing) in #cards`` for autocomplete."""
    where = f" in #{channel_name}" if channel_name else ""
    return f"#{table.id} {table.variant_name} ({table.status}){where}"[:100]


def player_count_choices(variant: str, typed: int | str | None) -> list[app_commands.Choice[int]]:
    """Autocomplete for ``players``: the counts the chosen game allows, its usual first."""
    info = VARIANTS.get(variant)
    counts = info.player_counts if info else range(2, 11)
    default = info.default_players if info else None
    return [
        app_commands.Choice(name=f"{n} players" + (" (usual)" if n == default else ""), value=n)
        for n in counts
        if str(n).startswith(str(typed or ""))
    ][:MAX_SUGGESTIONS]


def target_choices(
    variant: str, options: Mapping[str, Any], typed: int | str | None
) -> list[app_commands.Choice[int]]:
    """Autocomplete for ``target``: scores to play to, the server's default (from
    ``options``, the server's options for the game) first."""
    if variant not in VARIANTS:
        return []
    default = int(options.get("target", VARIANTS[variant].option_defaults.get("target", 10)))
    return [
        app_commands.Choice(name=f"{v} points" + (" (default)" if v == default else ""), value=v)
        for v in target_suggestions(variant, default, str(typed or ""))
    ]
