"""The emulator rejects, as Discord does, every payload over Discord's limits — and
accepts payloads exactly at them."""

from __future__ import annotations

from typing import Any

import pytest

from tests.emulator.conftest import HELP_COMMAND, Rest
from tests.emulator.harness.env import DiscordEnv


def button(n: int, **extra: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": f"B{n}", "custom_id": f"b{n}", **extra}


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def select(options: int, **extra: Any) -> dict[str, Any]:
    choices = [{"label": f"O{i}", "value": f"v{i}"} for i in range(options)]
    return {"type": 3, "custom_id": "pick", "options": choices, **extra}


def embed(**fields: Any) -> dict[str, Any]:
    return {"title": "Table", **fields}


def field(n: int, value: str = "x") -> dict[str, Any]:
    return {"name": f"F{n}", "value": value}


# Which check refuses a payload: Discord's API description (with the documentation's
# corrections, documented.CORRECTIONS) or the emulator's rules beyond it (limits.py).
DESCRIBED, BEYOND = "nonconforming", "invalid_form_body"

OVER_LIMIT = {
    "content over 2000": ({"content": "x" * 2001}, ["content"], DESCRIBED),
    "11 embeds": ({"embeds": [embed()] * 11}, ["embeds"], DESCRIBED),
    "embed description over 4096": (
        {"embeds": [embed(description="d" * 4097)]},
        ["embeds", "0", "description"],
        DESCRIBED,
    ),
    "embed title over 256": (
        {"embeds": [embed(title="t" * 257)]},
        ["embeds", "0", "title"],
        DESCRIBED,
    ),
    "26 embed fields": (
        {"embeds": [embed(fields=[field(i) for i in range(26)])]},
        ["embeds", "0", "fields"],
        DESCRIBED,
    ),
    "embed field value over 1024": (
        {"embeds": [embed(fields=[field(0, "v" * 1025)])]},
        ["embeds", "0", "fields", "0", "value"],
        DESCRIBED,
    ),
    "embeds over 6000 in all": (
        {"embeds": [embed(description="d" * 3000)] * 3},
        ["embeds"],
        BEYOND,
    ),
    "6 component rows": (
        {"components": [row(button(i)) for i in range(6)]},
        ["components"],
        BEYOND,
    ),
    "6 buttons in a row": (
        {"components": [row(*[button(i) for i in range(6)])]},
        ["components", "0", "components"],
        DESCRIBED,
    ),
    "custom_id over 100": (
        {"components": [row(button(0, custom_id="c" * 101))]},
        ["components", "0", "components", "0", "custom_id"],
        DESCRIBED,
    ),
    "button label over 80": (
        {"components": [row(button(0, label="L" * 81))]},
        ["components", "0", "components", "0", "label"],
        DESCRIBED,
    ),
    "select with 26 options": (
        {"components": [row(select(26))]},
        ["components", "0", "components", "0", "options"],
        DESCRIBED,
    ),
    "select beside a button": (
        {"components": [row(select(3), button(1))]},
        ["components", "0", "components"],
        BEYOND,
    ),
    "duplicate custom_id": (
        {"components": [row(button(1)), row(button(1))]},
        ["components"],
        BEYOND,
    ),
}


def error_at(body: dict[str, Any], path: list[str]) -> list[dict[str, str]]:
    node = body["errors"]
    for part in path:
        node = node[part]
    errors: list[dict[str, str]] = node["_errors"]
    return errors


@pytest.mark.parametrize("payload, path, kind", OVER_LIMIT.values(), ids=OVER_LIMIT.keys())
async def test_channel_message_over_a_limit_is_rejected_and_recorded(
    emulator_env: DiscordEnv, rest: Rest, payload: dict[str, Any], path: list[str], kind: str
) -> None:
    channel = emulator_env.channel("general")
    with emulator_env.expect_violations() as seen:
        status, body = await rest.post_message(channel.id, {"content": "hi", **payload})
    assert status == 400
    assert body["code"] == 50035 and body["message"] == "Invalid Form Body"
    assert error_at(body, path)
    assert seen.kinds == [kind]
    assert channel.public_messages() == []


async def test_payload_exactly_at_every_limit_is_accepted(
    emulator_env: DiscordEnv, rest: Rest
) -> None:
    channel = emulator_env.channel("general")
    payload = {
        "content": "c" * 2000,
        "embeds": [embed(description="d" * 4096, fields=[field(i) for i in range(25)])]
        + [embed(title=str(i)) for i in range(9)],
        "components": [
            row(
                *[
                    button(r * 5 + i, label="L" * 80, custom_id=f"{r}{i}".ljust(100, "x"))
                    for i in range(5)
                ]
            )
            for r in range(4)
        ]
        + [row(select(25, max_values=25))],
    }
    status, body = await rest.post_message(channel.id, payload)
    assert status == 200, body
    shown = channel.last_public()
    assert len(shown.content) == 2000 and len(shown.embeds) == 10
    assert len(shown.buttons()) == 20 and len(shown.selects()[0]["options"]) == 25


async def test_empty_message_is_rejected(emulator_env: DiscordEnv, rest: Rest) -> None:
    with emulator_env.expect_violations() as seen:
        status, body = await rest.post_message(emulator_env.channel("general").id, {"content": ""})
    assert (status, body["code"]) == (400, 50006)
    assert seen.kinds == ["empty_message"]


async def test_interaction_response_over_a_limit_is_rejected_under_data(
    emulator_env: DiscordEnv, rest: Rest
) -> None:
    await rest.register(HELP_COMMAND)
    outcome = await emulator_env.member("bob").slash("help", wait=False)
    with emulator_env.expect_violations() as seen:
        status, body = await rest.callback(
            outcome.interaction, {"type": 4, "data": {"content": "x" * 2001}}
        )
    assert status == 400
    assert error_at(body, ["data", "content"])[0]["code"] == "BASE_TYPE_MAX_LENGTH"
    assert seen.kinds == [DESCRIBED]
    assert not outcome.interaction.acknowledged


async def test_modal_title_over_45_is_rejected(emulator_env: DiscordEnv, rest: Rest) -> None:
    await rest.register(HELP_COMMAND)
    outcome = await emulator_env.member("bob").slash("help", wait=False)
    text_input = {"type": 4, "custom_id": "name", "label": "Name", "style": 1}
    modal = {"custom_id": "m", "title": "T" * 46, "components": [row(text_input)]}
    with emulator_env.expect_violations() as seen:
        status, body = await rest.callback(outcome.interaction, {"type": 9, "data": modal})
    assert status == 400 and error_at(body, ["data", "title"])
    assert seen.kinds == [DESCRIBED]


async def test_autocomplete_with_26_choices_is_rejected(
    emulator_env: DiscordEnv, rest: Rest
) -> None:
    await rest.register(
        {
            **HELP_COMMAND,
            "options": [{"type": 3, "name": "topic", "description": "Topic", "autocomplete": True}],
        }
    )
    outcome = await emulator_env.member("bob").typing_in("help", "topic", "eu", wait=False)
    choices = [{"name": f"c{i}", "value": f"c{i}"} for i in range(26)]
    with emulator_env.expect_violations() as seen:
        status, body = await rest.callback(
            outcome.interaction, {"type": 8, "data": {"choices": choices}}
        )
    assert status == 400 and error_at(body, ["data", "choices"])
    assert seen.kinds == [DESCRIBED]


async def test_command_sync_rejects_invalid_commands(emulator_env: DiscordEnv, rest: Rest) -> None:
    app_id = emulator_env.emulator.world.app.id
    bad = [{"name": "Table Create", "description": "Spaces and capitals", "type": 1}]
    with emulator_env.expect_violations() as seen:
        status, body = await rest.call("PUT", f"/applications/{app_id}/commands", bad)
    assert status == 400 and body["errors"]["0"]["name"]
    assert seen.kinds == [BEYOND]  # the description allows capitals and spaces
    assert emulator_env.emulator.world.commands.global_commands == []
