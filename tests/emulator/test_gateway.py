"""The gateway speaks Discord's protocol: zlib-stream frames, HELLO, IDENTIFY → READY and
GUILD_CREATE, heartbeats, close codes, and RESUME with replay of missed events."""

from __future__ import annotations

import json
import zlib
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from tests.emulator.conftest import HELP_COMMAND, Rest
from tests.emulator.env import DiscordEnv
from tests.emulator.server import Emulator

DEFAULT_INTENTS = 53575421  # discord.Intents.default().value: everything unprivileged


class RawGateway:
    """A bare gateway client that inflates zlib-stream frames."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self._inflate = zlib.decompressobj()
        self._buffer = bytearray()

    async def receive(self) -> dict[str, Any]:
        while True:
            message = await self.ws.receive(timeout=5)
            if message.type == aiohttp.WSMsgType.TEXT:
                frame: dict[str, Any] = json.loads(message.data)
                return frame
            if message.type != aiohttp.WSMsgType.BINARY:
                raise ConnectionError(f"closed: {self.ws.close_code}")
            self._buffer.extend(message.data)
            if bytes(self._buffer[-4:]) == b"\x00\x00\xff\xff":
                text = self._inflate.decompress(bytes(self._buffer))
                self._buffer.clear()
                frame = json.loads(text)
                return frame

    async def until(self, event: str) -> dict[str, Any]:
        while True:
            frame = await self.receive()
            if frame.get("t") == event:
                return frame

    async def send(self, op: int, data: Any) -> None:
        await self.ws.send_str(json.dumps({"op": op, "d": data}))

    async def identify(self, token: str, intents: int = DEFAULT_INTENTS) -> dict[str, Any]:
        await self.send(2, {"token": token, "intents": intents, "properties": {}})
        return await self.receive()


@pytest.fixture
async def connect(emulator: Emulator) -> AsyncIterator[Any]:
    async with aiohttp.ClientSession() as session:
        opened: list[aiohttp.ClientWebSocketResponse] = []

        async def open_gateway(url: str | None = None) -> RawGateway:
            ws = await session.ws_connect(
                (url or emulator.gateway_url) + "?v=10&encoding=json&compress=zlib-stream"
            )
            opened.append(ws)
            return RawGateway(ws)

        yield open_gateway
        for ws in opened:
            await ws.close()


async def test_identify_yields_ready_then_the_guild(emulator: Emulator, connect: Any) -> None:
    gateway = await connect()
    hello = await gateway.receive()
    assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] > 0
    ready = await gateway.identify(emulator.token)
    assert ready["t"] == "READY" and ready["s"] == 1
    assert ready["d"]["user"]["id"] == str(emulator.world.bot.id)
    assert ready["d"]["resume_gateway_url"] == emulator.gateway_url
    guild = (await gateway.until("GUILD_CREATE"))["d"]
    assert [c["name"] for c in guild["channels"]] == ["general", "euchre", "staff-only"]
    assert {r["name"] for r in guild["roles"]} == {"@everyone", "Moderator", "Bower"}
    assert [m["user"]["username"] for m in guild["members"]] == ["Bower"]  # no members intent
    assert all(m["flags"] == 0 for m in guild["members"])


async def test_heartbeat_is_acknowledged(emulator: Emulator, connect: Any) -> None:
    gateway = await connect()
    await gateway.receive()
    await gateway.send(1, None)
    assert (await gateway.receive())["op"] == 11
    assert emulator.gateway.heartbeats == 1


@pytest.mark.parametrize(
    "token, intents, code",
    [("wrong", DEFAULT_INTENTS, 4004), (None, DEFAULT_INTENTS | 1 << 1, 4014)],
    ids=["bad token", "members intent not enabled"],
)
async def test_identify_is_refused_with_discords_close_code(
    emulator: Emulator, connect: Any, token: str | None, intents: int, code: int
) -> None:
    gateway = await connect()
    await gateway.receive()
    with pytest.raises(ConnectionError):
        await gateway.identify(token or emulator.token, intents)
    assert gateway.ws.close_code == code


async def test_resume_replays_what_was_missed(
    emulator_env: DiscordEnv, rest: Rest, connect: Any
) -> None:
    emulator = emulator_env.emulator
    gateway = await connect()
    await gateway.receive()
    ready = await gateway.identify(emulator.token)
    seen = (await gateway.until("GUILD_CREATE"))["s"]
    await emulator_env.drop_gateway()
    with pytest.raises(ConnectionError):
        await gateway.receive()

    await rest.register(HELP_COMMAND)
    await emulator_env.member("erin").slash("help", wait=False)  # sent while disconnected

    again = await connect(ready["d"]["resume_gateway_url"])
    await again.receive()
    await again.send(
        6, {"token": emulator.token, "session_id": ready["d"]["session_id"], "seq": seen}
    )
    missed = await again.receive()
    assert missed["t"] == "INTERACTION_CREATE" and missed["s"] == seen + 1
    assert missed["d"]["member"]["user"]["username"] == "erin"
    assert (await again.receive())["t"] == "RESUMED"


async def test_resuming_an_unknown_session_is_invalid(emulator: Emulator, connect: Any) -> None:
    gateway = await connect()
    await gateway.receive()
    await gateway.send(6, {"token": emulator.token, "session_id": "nope", "seq": 3})
    assert await gateway.receive() == {"op": 9, "d": False}


async def test_a_connection_that_stops_heartbeating_is_closed(
    emulator: Emulator, connect: Any
) -> None:
    gateway = await connect()
    hello = await gateway.receive()
    await gateway.identify(emulator.token)
    await gateway.until("GUILD_CREATE")
    interval = hello["d"]["heartbeat_interval"] / 1000
    with pytest.raises(ConnectionError):  # no heartbeat sent: Discord hangs up
        while True:
            await gateway.receive()
    assert gateway.ws.close_code == 4009 and emulator.gateway.heartbeat_closes == 1
    assert interval > 0


async def test_a_silenced_link_neither_delivers_nor_acknowledges(
    emulator: Emulator, connect: Any
) -> None:
    gateway = await connect()
    await gateway.receive()
    await gateway.identify(emulator.token)
    await gateway.until("GUILD_CREATE")
    emulator.gateway.silence()
    await gateway.send(1, None)
    with pytest.raises(TimeoutError):
        await gateway.ws.receive(timeout=0.5)
    assert emulator.gateway.heartbeats == 1
