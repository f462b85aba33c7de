"""`gateway.refuse()`: an outage of Discord's gateway, for new connections only."""

from __future__ import annotations

import aiohttp
import pytest

from tests.emulator.server import Emulator


async def hello_or_status(session: aiohttp.ClientSession, url: str) -> int:
    """10 (HELLO's op) if the websocket opens, else the HTTP status it was refused with."""
    try:
        async with session.ws_connect(url + "?v=10&encoding=json") as ws:
            return int((await ws.receive_json(timeout=5))["op"])
    except aiohttp.WSServerHandshakeError as refused:
        return refused.status


async def test_refused_connections_get_503_until_the_gateway_is_back(emulator: Emulator) -> None:
    gateway = emulator.gateway
    async with aiohttp.ClientSession() as session:
        gateway.refuse(times=2)
        seen = [await hello_or_status(session, emulator.gateway_url) for _ in range(3)]
        assert seen == [503, 503, 10]
        gateway.refuse()
        assert [await hello_or_status(session, emulator.gateway_url) for _ in range(3)] == [503] * 3
        gateway.refuse(0)
        assert await hello_or_status(session, emulator.gateway_url) == 10
    assert gateway.refused == 5
    assert not gateway.sessions  # nothing identified


@pytest.mark.parametrize("times", [0, 1])
async def test_open_connections_are_not_touched(emulator: Emulator, times: int) -> None:
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(emulator.gateway_url + "?v=10&encoding=json") as ws,
    ):
        assert (await ws.receive_json(timeout=5))["op"] == 10
        emulator.gateway.refuse(times)
        await ws.send_json({"op": 1, "d": None})
        assert (await ws.receive_json(timeout=5))["op"] == 11  # still answered
