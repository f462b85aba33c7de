"""Discord's bad days: a storm of 429s on message edits and 5xx answers delay the table
message and the narration but never lose or duplicate a move or a line."""

from __future__ import annotations

from tests.e2e.tables import Player, fill_and_start, open_table, stored_actions, table_id_of
from tests.emulator import DiscordEnv

EDITS = "PATCH /channels/*"
HAND_EDITS = "PATCH /webhooks/*"
POSTS = "POST /channels/*/messages"


async def test_a_429_storm_on_message_edits_delays_but_loses_nothing(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    bob = env.member("bob")
    table = await open_table(env, bob, "euchre", target=2)
    env.faults.rate_limit(EDITS, retry_after=0.05, times=20)
    env.faults.rate_limit(HAND_EDITS, retry_after=0.05, times=10)
    env.faults.server_error(POSTS, status=502, times=1)
    await fill_and_start(env, bob, table)
    player = Player(env, bob, table)
    await player.play_to_end()

    served = [f for f in env.faults.served if f.status == 429]
    assert len(served) == 30, len(served)
    log = stored_actions(env, table_id_of(table))
    assert [i for i, _, _ in log] == list(range(len(log)))
    assert sum(1 for _, _, source in log if source == "person") == player.steps
    channel = env.channel("euchre")
    await env.wait_for(  # the narration's result line, not the table message's
        lambda: any("🏆" in m.text for m in channel.public_messages() if m is not table),
        timeout=15,
    )
    await env.settle()
    news = [m for m in channel.public_messages() if m is not table]
    lines = [line for m in news for line in m.text.splitlines()]
    scored = [line for line in lines if line.startswith("📊")]
    assert len(scored) == len(set(scored)) >= 1
    assert sum(1 for line in lines if line.startswith("🏆")) == 1
    assert "won the game" in table.text
