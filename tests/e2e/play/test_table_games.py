"""A complete game of every variant, from /table create to the result, with one person
playing through their private hand (buttons and selects) and computer players in the
other seats. Small targets keep each game to a hand or two."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.databases import BACKENDS
from tests.e2e.tables import (
    Player,
    fill_and_start,
    open_table,
    picture_of,
    stored_actions,
    table_id_of,
)
from tests.emulator import DiscordEnv

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("euchre", {"target": 1}),
    ("over_the_rhine", {"target": 1}),
    ("cincinnati", {"target": 1}),
    ("over_the_top", {"target": 1}),
    ("flip", {"target": 1, "players": 3}),
    ("railroad", {"target": 1}),
]


@pytest.mark.parametrize("database", BACKENDS)
@pytest.mark.parametrize("game, options", GAMES, ids=[g for g, _ in GAMES])
async def test_a_person_plays_a_whole_game_against_computers(
    table_env: DiscordEnv, game: str, options: dict[str, Any]
) -> None:
    env = table_env
    bob = env.member("bob")
    started = time.monotonic()
    table = await open_table(env, bob, game, **options)
    await fill_and_start(env, bob, table)

    player = Player(env, bob, table)
    await player.play_to_end()

    assert player.moves >= 1
    assert player.pictures >= player.moves, "a picture at every step of play"
    assert "won the game" in table.text
    assert [b["label"] for b in table.buttons()] == ["Rematch", "Review"]
    picture_of(table, "table.png")  # the final table, last trick and result
    hand = player.hand
    assert hand is not None
    await env.wait_for(lambda: "The game is over" in hand.text, what="the hand's result")
    assert "won the game" in hand.text
    assert [b["label"] for b in hand.buttons()] == ["Rematch", "Review"]
    log = stored_actions(env, table_id_of(table))
    assert [i for i, _, _ in log] == list(range(len(log)))
    assert sum(1 for _, _, source in log if source == "person") == player.steps
    channel = env.channel("euchre")
    await env.wait_for(  # the narration's, not the table message's (a short game's one)
        lambda: any("🏆" in m.text for m in channel.public_messages() if m.id != table.id),
        what="the result line",
    )
    narration = "\n".join(m.text for m in channel.public_messages() if m.id != table.id)
    assert "📊 **Hand 1 is over.**" in narration
    assert time.monotonic() - started < 60
