"""Names and numbers a player can follow, end to end: each computer player has a short
name of its own that keeps its level (the same in the lobby, during play, in /history and
in the review), a number never runs into a name, and tricks are counted per side in a
partnership game, per player where each plays for themself."""

from __future__ import annotations

import re

from tests.e2e.tables import (
    Player,
    action_controls,
    fill_and_start,
    game_over,
    open_table,
    table_id_of,
)
from tests.emulator import DiscordEnv
from tests.emulator.world.model import Message

SIX_COMPUTERS = ["🤖 Bolt (normal)", "🤖 Cog (normal)", "🤖 Dex (normal)", "🤖 Echo (normal)",
                 "🤖 Flux (normal)"]


def plays_a_card(hand: Message) -> bool:
    """Whether the hand offers cards to play now."""
    return any(c["custom_id"].split(":", 4)[4].startswith("play:")
               for c in action_controls(hand) if c["type"] == 2)


def bids_line(text: str) -> str | None:
    """The table's ``Bids:`` line, if it shows one."""
    return next((line for line in text.splitlines() if line.startswith("Bids:")), None)


async def test_a_six_seat_flip_score_line_names_every_computer_apart(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    bob = env.member("bob")
    table = await open_table(env, bob, "flip", players=6, target=1)
    await fill_and_start(env, bob, table)
    score = next(line for line in table.text.splitlines() if line.startswith("Score:"))
    assert all(name in score for name in SIX_COMPUTERS), score
    assert "seat" not in score and "…" not in score

    player = Player(env, bob, table)
    hand = await player.get_hand()
    while not plays_a_card(hand):  # bidding, then the table waits for bob's first card
        assert await player.move(), "the game ended before bob played a card"
        await env.wait_for(lambda: game_over(table) or action_controls(hand), what="bob's turn")
    bids = await env.wait_for(lambda: bids_line(table.text), what="the bids line")
    assert re.fullmatch(r"Bids: (.+?: \d+)(, .+?: \d+)*", bids), bids  # "name: 2" each
    await player.play_to_end()

    history = (await bob.slash("history")).message.text
    assert all(name in history for name in SIX_COMPUTERS), history
    assert re.search(r"🤖 \w+ \(normal\): -?\d+", history), history
    review = (await bob.slash("review", game=str(table_id_of(table)))).message
    assert all(name in review.text for name in SIX_COMPUTERS), review.text


async def test_tricks_are_counted_per_side_in_a_partnership_game(table_env: DiscordEnv) -> None:
    env = table_env
    bob = env.member("bob")
    table = await open_table(env, bob, "euchre", target=5)
    await fill_and_start(env, bob, table)
    player = Player(env, bob, table)
    while "Tricks taken:" not in table.text:
        assert await player.move(), table.text
        await env.settle()
    line = next(line for line in table.text.splitlines() if line.startswith("Tricks taken:"))
    ours, theirs = r"bob & 🤖 Cog \(normal\)", r"🤖 Bolt \(normal\) & 🤖 Dex \(normal\)"
    if "alone" in table.text:  # a loner's side is named by who plays: its partner sits out
        ours = r"(?:bob|🤖 Cog \(normal\)|bob & 🤖 Cog \(normal\))"
        theirs = r"(?:🤖 Bolt \(normal\)|🤖 Dex \(normal\)|🤖 Bolt \(normal\) & 🤖 Dex \(normal\))"
    assert re.fullmatch(rf"Tricks taken: \*\*{ours}\*\* \d · \*\*{theirs}\*\* \d", line), line


async def test_tricks_are_counted_per_player_where_each_plays_for_themself(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    bob = env.member("bob")
    table = await open_table(env, bob, "over_the_rhine", target=1)
    await fill_and_start(env, bob, table)
    player = Player(env, bob, table)
    while "Tricks taken:" not in table.text:
        assert await player.move(), table.text
        await env.settle()
    line = next(line for line in table.text.splitlines() if line.startswith("Tricks taken:"))
    assert re.fullmatch(r"Tricks taken: \*\*bob\*\* \d+ · \*\*🤖 Bolt \(normal\)\*\* \d+", line)
