"""Every request is checked against Discord's API description: what does not conform is
refused as Discord refuses it and fails the test with the route, pointer and value."""

from __future__ import annotations

import json

import aiohttp

from tests.emulator.conftest import Rest
from tests.emulator.harness.env import DiscordEnv
from tests.emulator.rules.conformance import TALLY


async def test_a_route_the_description_lacks_is_not_found(
    emulator_env: DiscordEnv, rest: Rest
) -> None:
    channel = emulator_env.channel("general")
    with emulator_env.expect_violations() as seen:
        status, body = await rest.call("GET", f"/channels/{channel.id}/pinboard")
    assert (status, body) == (404, {"message": "404: Not Found", "code": 0})
    assert seen.kinds == ["unknown_route"]
    assert "is not a route of Discord's API description" in seen.all[0].detail


async def test_a_query_parameter_out_of_range_is_refused_with_its_pointer(
    emulator_env: DiscordEnv, rest: Rest
) -> None:
    channel = emulator_env.channel("general")
    with emulator_env.expect_violations() as seen:
        status, body = await rest.call("GET", f"/channels/{channel.id}/messages", limit="500")
    assert status == 400 and body["code"] == 50035
    assert body["errors"]["limit"]["_errors"][0]["code"] == "NUMBER_TYPE_MAX"
    assert seen.kinds == ["nonconforming"]
    assert seen.all[0].detail == (
        "GET /channels/{channel_id}/messages: query /limit = 500: "
        "NUMBER_TYPE_MAX int value should be <= 100."
    )


async def test_a_query_parameter_the_route_lacks_is_served_and_recorded(
    emulator_env: DiscordEnv, rest: Rest
) -> None:
    channel = emulator_env.channel("general")
    with emulator_env.expect_violations() as seen:
        status, _ = await rest.call("GET", f"/channels/{channel.id}/messages", newest="true")
    assert status == 200  # Discord ignores it
    assert seen.kinds == ["undescribed_input"]
    assert "query /newest = 'true'" in seen.all[0].body["message"]


async def test_an_uploads_payload_json_is_checked(emulator_env: DiscordEnv, rest: Rest) -> None:
    channel = emulator_env.channel("general")
    form = aiohttp.FormData()
    payload = {"content": "Your hand", "allowed_mentions": {"users": ["7", "7"]}}
    form.add_field("payload_json", json.dumps(payload), content_type="application/json")
    form.add_field("files[0]", b"\x89PNG", filename="hand.png", content_type="image/png")
    url = f"{emulator_env.emulator.api_base}/channels/{channel.id}/messages"
    headers = {"Authorization": f"Bot {emulator_env.emulator.token}"}
    with emulator_env.expect_violations() as seen:
        async with rest.session.post(url, data=form, headers=headers) as response:
            status, body = response.status, await response.json()
    assert status == 400 and body["code"] == 50035
    refused = body["errors"]["allowed_mentions"]["users"]["1"]["_errors"][0]
    assert refused["code"] == "SET_TYPE_ALREADY_CONTAINS_VALUE"
    assert seen.kinds == ["nonconforming"]
    assert "body /allowed_mentions/users/1 = '7'" in seen.all[0].detail
    assert channel.public_messages() == []


async def test_every_request_is_counted(emulator_env: DiscordEnv, rest: Rest) -> None:
    before = TALLY.checked
    await rest.call("GET", "/users/@me")
    await rest.post_message(emulator_env.channel("general").id, {"content": "Table open"})
    assert TALLY.checked == before + 2
