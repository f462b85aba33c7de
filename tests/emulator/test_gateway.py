"""The gateway speaks Discord's protocol: zlib-stream frames, HELLO, IDENTIFY → READY and
GUILD_CREATE, heartbeats, close codes, and RESUME with replay of missed events."""

from __future__ import annotations

import asyncio
import contextlib
import json
import zlib
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from tests.emulator.conftest import HELP_COMMAND, Rest
from tests.emulator.errors import NoResponse
from tests.emulator.harness.env import DiscordEnv
from tests.emulator.server import Emulator
from tests.emulator.world.spec import GuildSpec

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


# ----- shards -------------------------------------------------------------------------------
TWO_SHARDS = (
    GuildSpec(name="Shard Zero Club", shard=(0, 2)),
    GuildSpec(name="Shard One Club", shard=(1, 2)),
)


HEARTBEATS: set[asyncio.Task[None]] = set()


async def beat(gateway: RawGateway, every: float) -> None:
    """Heartbeat until the connection closes, so that Discord keeps it open."""
    with contextlib.suppress(ConnectionError, RuntimeError):
        while not gateway.ws.closed:
            await asyncio.sleep(every)
            await gateway.send(1, None)


async def identify_shard(
    emulator: Emulator, connect: Any, shard: list[int] | None
) -> tuple[RawGateway, dict[str, Any], list[str]]:
    """A connection identified on ``shard``: its READY and the names of its guilds."""
    gateway = await connect()
    hello = await gateway.receive()
    HEARTBEATS.add(asyncio.create_task(beat(gateway, hello["d"]["heartbeat_interval"] / 2000)))
    data: dict[str, Any] = {"token": emulator.token, "intents": DEFAULT_INTENTS, "properties": {}}
    if shard is not None:
        data["shard"] = shard
    await gateway.send(2, data)
    ready = await arrives(gateway, "READY")
    names = []
    for _ in ready["d"]["guilds"]:
        names.append((await arrives(gateway, "GUILD_CREATE"))["d"]["name"])
    return gateway, ready, names


async def arrives(gateway: RawGateway, event: str, timeout: float = 5.0) -> dict[str, Any]:
    """The next ``event`` on the connection (heartbeat ACKs skipped), within ``timeout``."""
    async with asyncio.timeout(timeout):
        return await gateway.until(event)


async def nothing_more(gateway: RawGateway, event: str, timeout: float = 0.3) -> None:
    """No ``event`` reaches the connection for ``timeout`` seconds."""
    with pytest.raises(TimeoutError):
        async with asyncio.timeout(timeout):
            while (await gateway.receive()).get("t") != event:
                pass


@pytest.mark.parametrize("guild_specs", [TWO_SHARDS])
async def test_a_shard_gets_only_its_guilds(emulator: Emulator, connect: Any) -> None:
    ids = {g.name: g.id for g in emulator.world.guilds.values()}
    assert (ids["Shard Zero Club"] >> 22) % 2 == 0
    assert (ids["Shard One Club"] >> 22) % 2 == 1
    for shard, name in ((0, "Shard Zero Club"), (1, "Shard One Club")):
        _, ready, names = await identify_shard(emulator, connect, [shard, 2])
        assert ready["d"]["shard"] == [shard, 2]
        assert [g["id"] for g in ready["d"]["guilds"]] == [str(ids[name])]
        assert names == [name]
    _, ready, names = await identify_shard(emulator, connect, None)  # unsharded: everything
    assert sorted(names) == ["Shard One Club", "Shard Zero Club"] and "shard" not in ready["d"]


@pytest.mark.parametrize("guild_specs", [TWO_SHARDS])
async def test_events_and_interactions_go_to_the_shard_of_their_guild(
    emulator_env: DiscordEnv, rest: Rest, connect: Any
) -> None:
    emulator = emulator_env.emulator
    zero, _, _ = await identify_shard(emulator, connect, [0, 2])
    one, _, _ = await identify_shard(emulator, connect, [1, 2])
    await rest.register(HELP_COMMAND)
    guild_one = emulator_env.guild_named("Shard One Club")
    await emulator_env.member("erin", guild=guild_one).slash("help", wait=False)
    got = (await arrives(one, "INTERACTION_CREATE"))["d"]
    assert got["guild_id"] == str(guild_one.id)
    await nothing_more(zero, "INTERACTION_CREATE")

    emulator.world.dispatch("GUILD_ROLE_DELETE", {"guild_id": str(guild_one.id), "role_id": "1"})
    assert (await arrives(one, "GUILD_ROLE_DELETE"))["d"]["guild_id"] == str(guild_one.id)
    await nothing_more(zero, "GUILD_ROLE_DELETE")

    guild_zero = emulator_env.guild_named("Shard Zero Club")
    await emulator_env.member("erin", guild=guild_zero).slash("help", wait=False)
    assert (await arrives(zero, "INTERACTION_CREATE"))["d"]["guild_id"] == str(guild_zero.id)
    await nothing_more(one, "INTERACTION_CREATE")


@pytest.mark.parametrize("guild_specs", [TWO_SHARDS])
async def test_an_interaction_of_a_shard_nobody_holds_is_not_delivered(
    emulator_env: DiscordEnv, rest: Rest, connect: Any
) -> None:
    await identify_shard(emulator_env.emulator, connect, [1, 2])
    await rest.register(HELP_COMMAND)
    erin = emulator_env.member("erin", guild=emulator_env.guild_named("Shard Zero Club"))
    with pytest.raises(NoResponse):
        await erin.slash("help")


@pytest.mark.parametrize("shard", [[2, 2], [0], "0,2", [-1, 2], [True, 2]])
async def test_an_invalid_shard_is_refused(emulator: Emulator, connect: Any, shard: Any) -> None:
    gateway = await connect()
    await gateway.receive()
    await gateway.send(2, {"token": emulator.token, "intents": DEFAULT_INTENTS, "shard": shard})
    with pytest.raises(ConnectionError):
        await gateway.receive()
    assert gateway.ws.close_code == 4010
