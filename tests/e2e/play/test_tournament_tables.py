"""A tournament round's table as its players see it, end to end: a round of 2 hands
tells "Hand 1 of 2 is over" then "Hand 2 of 2 is over" with no score "to 1000", and at
its end each player's hand message offers Review but no Rematch; a tournament ended during
a round says what of that round counted."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

import pytest

from tests.e2e.conftest import FAST_TABLES
from tests.e2e.tables import Player, bot_with
from tests.e2e.tournament_helpers import (
    final_message,
    play_round,
    round_message,
    signup_message,
    stored_tables,
    table_message_anywhere,
    tournament_id,
)
from tests.emulator import BotProcess, DiscordEnv, Emulator
from tests.emulator.world.spec import GuildSpec

PLAYERS = ("bob", "carol", "dave", "erin")


@pytest.fixture
def guild_specs() -> tuple[GuildSpec, ...]:
    return (GuildSpec.default(),)


def public_texts(env: DiscordEnv) -> list[str]:
    """Every public message the bot has posted, anywhere."""
    return [m.text for m in list(env.emulator.world.messages.values())
            if not m.deleted and not m.ephemeral]


async def start_tournament(env: DiscordEnv, name: str, rounds: int, hands: int) -> int:
    """Alice creates a Swiss tournament in #euchre, the four players register, she starts
    it; its id once round 1 is posted."""
    alice, channel = env.member("alice"), env.channel("euchre")
    out = await alice.slash("tournament create", channel="euchre", name=name,
                            game="euchre", format="swiss", rounds=rounds, hands=hands)
    assert out.ephemeral, out.message.text
    signup = await env.wait_for(lambda: signup_message(channel, name), what="sign-up")
    for player in PLAYERS:
        await env.member(player).click(signup, "Register")
    await env.wait_for(lambda: "Registered (4)" in signup.text, what="everyone registered")
    tid = tournament_id(signup)
    await alice.click(signup, "Start")
    await env.wait_for(lambda: round_message(channel, name, 1), timeout=15, what="round 1")
    return tid


async def test_point_3_and_4_a_rounds_table_counts_its_hands_and_offers_no_rematch(
    emulator: Emulator, bot_factory: Callable[..., BotProcess]
) -> None:
    env = await bot_with(emulator, bot_factory, FAST_TABLES)
    tid = await start_tournament(env, "Two hands", rounds=1, hands=2)
    [seating] = stored_tables(env, tid, 1)
    assert seating.table_id is not None
    table = await env.wait_for(lambda: table_message_anywhere(env, seating.table_id),
                               timeout=15, what="the table")
    by_id = {env.member(n).id: env.member(n) for n in PLAYERS}
    players = [Player(env, by_id[u], table, rng=random.Random(u % 1000), expect_pictures=False)
               for u in seating.seats if u is not None]
    await asyncio.gather(*(p.play_to_end() for p in players))
    await env.settle()

    said = "\n".join(public_texts(env))
    assert "📊 **Hand 1 of 2 is over.**" in said and "📊 **Hand 2 of 2 is over.**" in said, said
    assert said.count(" is over.** ") == 2, said  # no hand told twice, no third hand
    assert "— to 1000" not in said and "to 1000" not in said
    for player in players:
        assert player.hand is not None
        await env.wait_for(lambda p=player: not any(
            b.get("custom_id", "").endswith(":hand") for b in p.hand.buttons()) and
            any(b.get("label") == "Review" for b in p.hand.buttons()),
            what="the hand message closed")
        labels = [b.get("label") for b in player.hand.buttons()]
        assert "Rematch" not in labels and "Review" in labels, labels
        assert "Rematch" not in player.hand.text, player.hand.text


async def test_point_10_an_end_during_round_2_says_round_2_counted_nothing(
    emulator: Emulator, bot_factory: Callable[..., BotProcess]
) -> None:
    """Round 1 played, round 2 ended at once by a moderator: the final message and the
    moderator's answer say round 2 was cut before any of its hands, not "after round 2"."""
    env = await bot_with(emulator, bot_factory, FAST_TABLES)
    alice, channel = env.member("alice"), env.channel("euchre")
    tid = await start_tournament(env, "Cut night", rounds=2, hands=1)
    by_id = {env.member(n).id: env.member(n) for n in PLAYERS}
    await play_round(env, tid, 1, by_id)
    await env.wait_for(lambda: round_message(channel, "Cut night", 2), timeout=15,
                       what="round 2")
    out = await alice.slash("tournament end", channel="euchre")
    assert out.message.text == (
        "Cut night is ended during round 2 of 2 before any hand of it was scored: it counts "
        "0 for everyone. Its final standings are posted."), out.message.text
    final = await env.wait_for(lambda: final_message(channel, "Cut night"), timeout=15,
                               what="the final message")
    assert "(ended during round 2 of 2 before any hand of it was scored: it counts 0 for " \
        "everyone)" in final.content, final.content
    assert "after round 2" not in final.content
