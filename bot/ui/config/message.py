"""Rendering the server's settings (``/config show``) and the answers to changes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.engine import VARIANTS
from bot.store.guild_settings import DEFAULTS, DESCRIPTIONS, OPTIONS_PREFIX, GuildSettings
from bot.store.settings import SettingChange
from bot.ui.config.setting_input import format_value
from bot.ui.stats.message import timestamp

CONFIG_COLOUR = 0x95A5A6
CHANGED_COLOUR = 0x2ECC71


def setting_line(name: str, settings: GuildSettings, stored: Mapping[str, Any]) -> str:
    """``**turn_timer**: 2 min *(default)*`` — its value, and whether it is the default."""
    value = format_value(name, settings.value(name))
    marker = "" if name in stored else " *(default)*"
    return f"**{name}**: {value}{marker}"


def config_embed(
    settings: GuildSettings, stored: Mapping[str, Any], recent: Sequence[SettingChange] = ()
) -> discord.Embed:
    """Every setting of a server with its value, plus the last few changes."""
    embed = discord.Embed(title="⚙️ Bower settings for this server", colour=CONFIG_COLOUR)
    embed.description = "\n".join(
        f"{setting_line(name, settings, stored)}\n-# {DESCRIPTIONS[name]}" for name in DEFAULTS
    )
    options = [
        f"**{VARIANTS[variant].name}**: "
        + format_value(OPTIONS_PREFIX + variant, settings.options_for(variant))
        for variant in VARIANTS
    ]
    embed.add_field(name="Default table options", value="\n".join(options)[:1024], inline=False)
    if recent:
        embed.add_field(
            name="Recent changes",
            value="\n".join(change_line(c) for c in recent)[:1024],
            inline=False,
        )
    embed.set_footer(
        text="Change one with /config set, return one (or all) to the default with /config reset."
    )
    return embed


def change_line(change: SettingChange) -> str:
    """``<@1> set max_tables to 3 · 2 minutes ago`` (or reset it)."""
    who = f"<@{change.changed_by}>" if change.changed_by else "Someone"
    when = timestamp(change.changed_at)
    if change.new is None:
        what = f"reset **{change.key}**"
    else:
        what = f"set **{change.key}** to {format_value(change.key, change.new)}"
    return f"{who} {what}" + (f" · {when}" if when else "")


def changed_embed(
    name: str, settings: GuildSettings, stored: Mapping[str, Any], *, reset: bool = False
) -> discord.Embed:
    """The answer to a change: the setting's new value."""
    verb = "reset to its default" if reset else "changed"
    embed = discord.Embed(title=f"✅ {name} {verb}", colour=CHANGED_COLOUR)
    embed.description = setting_line(name, settings, stored)
    embed.set_footer(text=WHEN_IN_EFFECT.get(name, NEW_TABLES))
    return embed


NEW_TABLES = "In effect for tables opened from now on."
#: When a change of each setting starts to count (others: for new tables).
WHEN_IN_EFFECT = {
    "turn_timer": "In effect now: open tables use the new turn timer from their next turn.",
    "pictures": "In effect now: the next table message and hand shown follow it.",
    "four_colour": "In effect now: the next pictures drawn follow it.",
    "leaver_penalty": "In effect for members who leave a game from now on.",
    "inactive_days": "In effect now on the current season's and the all-time leaderboards.",
    "pairs_minimum": "In effect now on every pairs leaderboard.",
    "modlog_channel": "In effect now for moderator actions from now on; /modlog keeps them all.",
    "queue_wait": "In effect for members who /play from now on; those waiting keep their wait.",
    "tournament_role": "In effect now for every tournament command.",
    "rate_tournaments": "In effect for tournament games that end from now on.",
}


def reset_all_embed(names: Sequence[str]) -> discord.Embed:
    """The answer to ``/config reset setting:all``."""
    embed = discord.Embed(title="✅ Settings reset to their defaults", colour=CHANGED_COLOUR)
    embed.description = (
        "Reset: " + ", ".join(f"**{n}**" for n in names)
        if names
        else "Every setting was already at its default."
    )
    return embed
