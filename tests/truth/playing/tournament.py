"""A small tournament through the emulated Discord: the moderator opens it, the members
register, the host starts it, and every member plays their seat of each round (three
members of a two-seat game take turns sitting a round out: a bye)."""

from __future__ import annotations

from functools import partial

from tests.e2e.tournament_helpers import (
    final_message,
    play_round,
    round_message,
    signup_message,
    status_of,
    tournament_id,
)
from tests.emulator import DiscordEnv
from tests.emulator.world.model import Message
from tests.truth.playing.plans import Plan

CHANNEL = "euchre"
ROUNDS = 2
HANDS = 2


async def play_tournament(env: DiscordEnv, plan: Plan, people: tuple[str, ...]) -> None:
    """Create, fill, start and play a two-round tournament of the plan's game."""
    host = env.member(people[0])
    name = f"Truth night {plan.number}"
    options = {k: v for k, v in plan.options.items() if k != "target"}
    fill = "bye" if plan.scenario == "tournament_byes" else "computers"
    out = await host.slash("tournament create", channel=CHANNEL, name=name, game=plan.variant,
                           rounds=ROUNDS, hands=HANDS, players=plan.players, fill=fill,
                           **options)
    assert out.ephemeral and "is open for sign-up" in out.message.text, out.message.text
    channel = env.channel(CHANNEL)
    found: Message | None = await env.wait_for(lambda: signup_message(channel, name),
                                               what="the sign-up")
    assert found is not None
    signup = found
    for person in people:
        await env.member(person).click(signup, "Register")
    await env.wait_for(lambda: f"Registered ({len(people)})" in signup.text, what="sign-ups")
    await host.click(signup, "Start")
    tid = tournament_id(signup)
    members = {env.member(p).id: env.member(p) for p in people}
    for number in range(1, ROUNDS + 1):
        await env.wait_for(partial(round_message, channel, name, number), timeout=30,
                           what=f"round {number}")
        await env.wait_for(partial(round_is, env, tid, number), timeout=30,
                           what=f"round {number} stored")
        if plan.scenario == "tournament_end" and number == ROUNDS:
            # The host ends it a few moves into the last round: its tables count as they stand.
            await play_round(env, tid, number, members, seed=plan.seed + number, moves=3)
            await host.slash("tournament end", channel=CHANNEL)
            break
        await play_round(env, tid, number, members, seed=plan.seed + number)
    await env.wait_for(lambda: final_message(channel, name), timeout=60, what="the final")


def round_is(env: DiscordEnv, tid: int, number: int) -> bool:
    """Whether the tournament's stored round is ``number``."""
    return status_of(env, tid)[1] == number
