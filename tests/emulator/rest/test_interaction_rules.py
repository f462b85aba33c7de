"""The emulator enforces Discord's interaction rules: one callback within 3 seconds, a
15-minute token, no reaching ephemeral messages by channel id, no clicking disabled or
invisible components."""

from __future__ import annotations

from typing import Any

import pytest

from tests.emulator.client.outcome import Outcome
from tests.emulator.conftest import HELP_COMMAND, Rest
from tests.emulator.errors import ClientRefusal, NoResponse
from tests.emulator.harness.env import DiscordEnv

PRIVATE = {"type": 4, "data": {"content": "only you", "flags": 64}}
PUBLIC = {"type": 4, "data": {"content": "everyone"}}


async def help_interaction(env: DiscordEnv, rest: Rest, who: str = "bob") -> Outcome:
    await rest.register(HELP_COMMAND)
    return await env.member(who).slash("help", wait=False)


async def test_second_callback_is_rejected_and_first_answer_stands(
    emulator_env: DiscordEnv, rest: Rest
) -> None:
    outcome = await help_interaction(emulator_env, rest)
    status, answer = await rest.callback(outcome.interaction, PUBLIC)
    assert status == 200
    assert answer["interaction"]["response_message_id"] == str(outcome.message.id)
    assert answer["resource"]["message"]["content"] == "everyone"
    with emulator_env.expect_violations() as seen:
        status, body = await rest.callback(outcome.interaction, PRIVATE)
    assert (status, body["code"]) == (400, 40060)
    assert seen.kinds == ["already_acknowledged"]
    assert [m.content for m in emulator_env.default_channel.public_messages()] == ["everyone"]


async def test_callback_after_three_seconds_is_unknown_interaction(
    emulator_env: DiscordEnv, rest: Rest
) -> None:
    outcome = await help_interaction(emulator_env, rest)
    emulator_env.clock.advance(3.1)
    with emulator_env.expect_violations() as seen:
        status, body = await rest.callback(outcome.interaction, PUBLIC)
    assert (status, body["code"], body["message"]) == (404, 10062, "Unknown interaction")
    assert seen.kinds == ["late_callback"]
    with pytest.raises(NoResponse, match="did not respond"):
        await outcome.answered(timeout=1)


@pytest.mark.parametrize(
    "method, suffix, body",
    [
        ("POST", "", {"content": "followup"}),
        ("PATCH", "/messages/@original", {"content": "edited"}),
        ("GET", "/messages/@original", None),
    ],
    ids=["followup", "edit original", "get original"],
)
async def test_token_older_than_15_minutes_is_refused(
    emulator_env: DiscordEnv, rest: Rest, method: str, suffix: str, body: Any
) -> None:
    outcome = await help_interaction(emulator_env, rest)
    await rest.callback(outcome.interaction, PRIVATE)
    emulator_env.clock.advance(15 * 60 + 1)
    with emulator_env.expect_violations() as seen:
        status, error = await rest.webhook(outcome.interaction, method, suffix, body)
    assert (status, error["code"], error["message"]) == (401, 50027, "Invalid Webhook Token")
    assert seen.kinds == ["expired_token"]
    assert outcome.message.content == "only you" and outcome.followups == []


async def test_token_younger_than_15_minutes_edits_and_follows_up(
    emulator_env: DiscordEnv, rest: Rest
) -> None:
    outcome = await help_interaction(emulator_env, rest)
    await rest.callback(outcome.interaction, PRIVATE)
    emulator_env.clock.advance(14 * 60)
    status, _ = await rest.webhook(
        outcome.interaction, "PATCH", "/messages/@original", {"content": "your hand: JH JD"}
    )
    assert status == 200
    status, followup = await rest.webhook(
        outcome.interaction, "POST", "", {"content": "psst", "flags": 64}
    )
    assert status == 200 and followup["flags"] & 64
    bob = emulator_env.member("bob")
    assert [m.content for m in bob.ephemerals()] == ["your hand: JH JD", "psst"]
    assert outcome.message.edited_timestamp is not None


@pytest.mark.parametrize("method", ["PATCH", "GET", "DELETE"])
async def test_ephemeral_message_cannot_be_reached_by_channel_message_id(
    emulator_env: DiscordEnv, rest: Rest, method: str
) -> None:
    outcome = await help_interaction(emulator_env, rest)
    await rest.callback(outcome.interaction, PRIVATE)
    message = outcome.message
    path = f"/channels/{message.channel_id}/messages/{message.id}"
    body = {"content": "changed"} if method == "PATCH" else None
    with emulator_env.expect_violations() as seen:
        status, error = await rest.call(method, path, body)
    assert (status, error["code"]) == (404, 10008)
    assert len(seen.kinds) == 1 and seen.kinds[0].startswith("ephemeral_")
    assert message.content == "only you" and not message.deleted


async def test_webhook_use_before_the_callback_is_unknown_webhook(
    emulator_env: DiscordEnv, rest: Rest
) -> None:
    outcome = await help_interaction(emulator_env, rest)
    with emulator_env.expect_violations() as seen:
        status, error = await rest.webhook(outcome.interaction, "POST", "", {"content": "early"})
    assert (status, error["code"]) == (404, 10015)
    assert seen.kinds == ["webhook_before_callback"]


async def test_callback_type_must_fit_the_interaction(emulator_env: DiscordEnv, rest: Rest) -> None:
    outcome = await help_interaction(emulator_env, rest)
    with emulator_env.expect_violations() as seen:
        status, error = await rest.callback(
            outcome.interaction, {"type": 7, "data": {"content": "x"}}
        )
    assert status == 400 and error["errors"]["type"]["_errors"]
    assert seen.kinds == ["callback_type_invalid"]


async def test_disabled_button_cannot_be_clicked(emulator_env: DiscordEnv, rest: Rest) -> None:
    channel = emulator_env.channel("general")
    buttons = [
        {"type": 2, "style": 1, "label": "Join", "custom_id": "join", "disabled": True},
        {"type": 2, "style": 5, "label": "Rules", "url": "https://example.org/rules"},
    ]
    status, _ = await rest.post_message(
        channel.id, {"content": "Table", "components": [{"type": 1, "components": buttons}]}
    )
    assert status == 200
    carol = emulator_env.member("carol")
    with pytest.raises(ClientRefusal, match="disabled"):
        await carol.click(channel.last_public(), "Join")
    with pytest.raises(ClientRefusal, match="link button"):
        await carol.click(channel.last_public(), "Rules")
    assert emulator_env.emulator.interactions == {}


async def test_components_on_someone_elses_ephemeral_cannot_be_used(
    emulator_env: DiscordEnv, rest: Rest
) -> None:
    outcome = await help_interaction(emulator_env, rest, who="bob")
    row = {"type": 1, "components": [{"type": 2, "style": 1, "label": "Play", "custom_id": "p"}]}
    await rest.callback(
        outcome.interaction,
        {"type": 4, "data": {"content": "your hand", "flags": 64, "components": [row]}},
    )
    with pytest.raises(ClientRefusal, match="cannot see"):
        await emulator_env.member("carol").click(outcome.message, "Play")
    clicked = await emulator_env.member("bob").click(outcome.message, "Play", wait=False)
    assert clicked.interaction.data == {"custom_id": "p", "component_type": 2}
    assert clicked.interaction.payload(emulator_env.emulator.world)["message"]["flags"] & 64


async def test_members_without_channel_access_cannot_see_its_messages(
    emulator_env: DiscordEnv, rest: Rest
) -> None:
    staff = emulator_env.channel("staff-only")
    status, _ = await rest.post_message(staff.id, {"content": "mods only"})
    assert status == 200
    message = staff.last_public()
    assert emulator_env.member("alice").can_see(message)
    assert not emulator_env.member("bob").can_see(message)


async def test_select_values_must_be_offered(emulator_env: DiscordEnv, rest: Rest) -> None:
    channel = emulator_env.channel("general")
    options = [{"label": card, "value": card} for card in ("JH", "JD", "AS")]
    menu = {"type": 3, "custom_id": "card", "placeholder": "Pick a card", "options": options}
    await rest.post_message(
        channel.id, {"content": "Your turn", "components": [{"type": 1, "components": [menu]}]}
    )
    dave = emulator_env.member("dave")
    with pytest.raises(ClientRefusal, match="offers"):
        await dave.choose(channel.last_public(), "Pick a card", "9C", wait=False)
    chosen = await dave.choose(channel.last_public(), "Pick a card", "JD", wait=False)
    assert chosen.interaction.data["values"] == ["JD"]


async def test_ephemeral_flag_on_a_channel_message_is_ignored_but_recorded(
    emulator_env: DiscordEnv, rest: Rest
) -> None:
    channel = emulator_env.channel("general")
    with emulator_env.expect_violations() as seen:
        status, body = await rest.post_message(channel.id, {"content": "your hand", "flags": 64})
    assert status == 200 and not body["flags"] & 64
    assert emulator_env.member("bob").can_see(channel.last_public())  # everyone sees it!
    assert seen.kinds == ["ephemeral_flag_ignored"]
