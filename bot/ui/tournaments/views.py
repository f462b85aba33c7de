"""The buttons of tournament messages (custom ids: :mod:`.ids`)."""

from __future__ import annotations

import discord

from bot.store.tournaments import TournamentRecord
from bot.ui.views import StaticView

from .ids import MY_TABLE, REGISTER, START, WITHDRAW, button_id


def signup_view(record: TournamentRecord) -> StaticView:
    """**Register**, **Withdraw** and **Start** while signing up; nothing afterwards."""
    view = StaticView()
    if record.status != "signup":
        return view
    view.add_button(label="Register", custom_id=button_id(REGISTER, record.id),
                    style=discord.ButtonStyle.success)
    view.add_button(label="Withdraw", custom_id=button_id(WITHDRAW, record.id))
    view.add_button(label="Start", custom_id=button_id(START, record.id),
                    style=discord.ButtonStyle.primary)
    return view


def round_view(tournament_id: int, round_number: int) -> StaticView:
    """A round message's **My table** button."""
    view = StaticView()
    view.add_button(label="My table", custom_id=button_id(MY_TABLE, tournament_id, round_number),
                    style=discord.ButtonStyle.primary)
    return view
