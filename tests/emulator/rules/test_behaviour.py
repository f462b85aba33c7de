"""What Discord does that its API description cannot say, as its documentation says it
(documented.BEHAVIOURS): `@original` after an update answer, `interaction_metadata`,
heartbeat ACKs (tests/emulator/test_gateway.py) and 429 answers with `retry_after`."""

from __future__ import annotations

from typing import Any

import pytest

from tests.emulator.conftest import HELP_COMMAND, Rest
from tests.emulator.harness.env import DiscordEnv

JOIN = {"type": 2, "style": 1, "label": "Join", "custom_id": "join"}


async def clicked_table(env: DiscordEnv, rest: Rest) -> tuple[Any, Any]:
    """A table message of the bot with a Join button, and bob's unanswered click on it."""
    channel = env.channel("general")
    status, _ = await rest.post_message(
        channel.id, {"content": "Table open", "components": [{"type": 1, "components": [JOIN]}]}
    )
    assert status == 200
    table = channel.last_public()
    outcome = await env.member("bob").click(table, "Join", wait=False)
    return table, outcome


@pytest.mark.parametrize("answer", [{"type": 6}, {"type": 7, "data": {"content": "bob joined"}}])
async def test_original_after_an_update_answer_is_the_message_holding_the_component(
    emulator_env: DiscordEnv, rest: Rest, answer: dict[str, Any]
) -> None:
    table, outcome = await clicked_table(emulator_env, rest)
    status, _ = await rest.callback(outcome.interaction, answer)
    assert status == 200
    status, original = await rest.webhook(outcome.interaction, "GET", "/messages/@original")
    assert status == 200 and original["id"] == str(table.id)
    status, edited = await rest.webhook(
        outcome.interaction, "PATCH", "/messages/@original", {"content": "bob is seated"}
    )
    assert status == 200 and edited["id"] == str(table.id)
    assert table.content == "bob is seated"


async def test_messages_made_through_an_interaction_carry_its_metadata(
    emulator_env: DiscordEnv, rest: Rest
) -> None:
    await rest.register(HELP_COMMAND)
    bob = emulator_env.member("bob")
    outcome = await bob.slash("help", wait=False)
    interaction = outcome.interaction
    status, answer = await rest.callback(interaction, {"type": 4, "data": {"content": "Rules"}})
    assert status == 200
    status, followup = await rest.webhook(interaction, "POST", "", {"content": "More rules"})
    assert status == 200
    for message in (answer["resource"]["message"], followup):
        meta = message["interaction_metadata"]
        assert meta["id"] == str(interaction.id) and meta["type"] == 2
        assert meta["user"]["id"] == str(bob.id)

    table, click = await clicked_table(emulator_env, rest)
    await rest.callback(click.interaction, {"type": 6})
    status, seat_list = await rest.webhook(
        click.interaction, "POST", "", {"content": "Your seat", "flags": 64}
    )
    meta = seat_list["interaction_metadata"]
    assert meta["type"] == 3 and meta["interacted_message_id"] == str(table.id)
    assert "interaction_metadata" not in table.payload()  # posted by the bot, not an answer


async def test_a_rate_limited_request_is_answered_429_with_retry_after(
    emulator_env: DiscordEnv, rest: Rest
) -> None:
    channel = emulator_env.channel("general")
    emulator_env.faults.rate_limit("POST /channels/{channel_id}/messages", retry_after=1.5)
    status, body = await rest.post_message(channel.id, {"content": "too soon"})
    assert status == 429
    assert body["retry_after"] == 1.5 and body["global"] is False
    assert body["message"] == "You are being rate limited."
    assert channel.public_messages() == []
    status, _ = await rest.post_message(channel.id, {"content": "later"})
    assert status == 200 and channel.last_public().content == "later"
