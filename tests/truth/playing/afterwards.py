"""After a game: members look at ``/history``, ``/stats`` and step through ``/review``
with the computer's opinion of their decisions (each step a version to check)."""

from __future__ import annotations

import random

from tests.emulator import DiscordEnv
from tests.emulator.client.members import Member
from tests.emulator.world.model import Message

#: Shown while the computer works out its opinion; the message changes by itself after.
WORKING = "is going over your decisions"
NEXT_STEP = "Trick ▶"
#: At most this many steps of a review are looked at.
MAX_STEPS = 60


async def look_back(env: DiscordEnv, members: list[Member], rng: random.Random,
                    review: bool, variant: str = "euchre") -> None:
    """Now and then ``/history``, ``/stats`` and the leaderboard of the game just played
    (``variant``); with ``review`` each member (a leaver too) opens ``/review`` and steps
    through it."""
    for member in members:
        if rng.random() < 0.2:
            await member.slash("history")
        if rng.random() < 0.1:
            await member.slash("stats")
        if rng.random() < 0.1:
            await show_board(member, variant, rng)
        if review:
            await step_through(env, member)


async def show_board(member: Member, variant: str, rng: random.Random) -> None:
    """``/leaderboard show`` of a game: the current season's, or now and then all time."""
    if rng.random() < 0.3:
        await member.slash("leaderboard show", game=variant, season="All time")
    else:
        await member.slash("leaderboard show", game=variant)


async def step_through(env: DiscordEnv, member: Member) -> None:
    """``/review`` of the member's last game, once its opinion is ready, step by step."""
    out = await member.slash("review")
    message: Message = out.message
    if not message.buttons():
        return  # no game to review: the answer says so
    await env.wait_for(lambda: WORKING not in message.text, timeout=120,
                       what="the computer's opinion")
    for _ in range(MAX_STEPS):
        button = next((b for b in message.buttons() if b.get("label") == NEXT_STEP), None)
        if button is None or button.get("disabled"):
            return
        await member.click(message, NEXT_STEP)
