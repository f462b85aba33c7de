"""The gateway websocket: HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeats, RESUME.

Frames are zlib-stream compressed when the client asks for it (discord.py does). Each
session numbers its dispatches and keeps them, so a client that lost its connection can
RESUME and get what it missed — interactions included.

Shards: an IDENTIFY with ``shard: [id, count]`` makes a session of that shard, which gets
(in READY, GUILD_CREATE and every later event, INTERACTION_CREATE included) only the
guilds with ``(guild_id >> 22) % count == id``; events of no guild (DMs) go to shard 0,
as Discord does. A session without a shard pair gets everything.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import secrets
import time
import zlib
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from tests.emulator.faults import Faults
from tests.emulator.world.snowflakes import shard_of
from tests.emulator.world.state import World

log = logging.getLogger(__name__)
Json = dict[str, Any]

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, RESUME = 0, 1, 2, 3, 6
REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 8, 9, 10, 11
GUILDS, GUILD_MEMBERS, PRESENCES = 1 << 0, 1 << 1, 1 << 8
GUILD_MESSAGES, DIRECT_MESSAGES, MESSAGE_CONTENT = 1 << 9, 1 << 12, 1 << 15
PRIVILEGED = GUILD_MEMBERS | PRESENCES | MESSAGE_CONTENT
BUFFER_SIZE = 2000
HEARTBEAT_GRACE = 1.5  # Discord closes a connection that misses a heartbeat by this much
WHOLE_GUILD_EVENTS = ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE")  # their "id" is the guild


class Connection:
    """One websocket; frames go out in order through a writer task."""

    def __init__(
        self, ws: web.WebSocketResponse, request: web.Request, *, compress: bool, faults: Faults
    ) -> None:
        self.ws = ws
        self.transport = request.transport
        self.session: Session | None = None
        self.heartbeats = 0
        self.last_heartbeat = time.monotonic()
        self.silenced = False  # a silent network loss: nothing goes out, no ACK either
        self._zlib = zlib.compressobj() if compress else None
        self._faults = faults
        self._queue: asyncio.Queue[Json] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write(), name="emulator-gateway-writer")

    def send(self, frame: Json) -> None:
        """Queue a frame for sending (lost on a silenced link: RESUME replays dispatches)."""
        if not self.silenced:
            self._queue.put_nowait(frame)

    async def close(self, code: int, reason: str = "") -> None:
        """Close with a gateway close code."""
        await self.ws.close(code=code, message=reason.encode())

    def abort(self) -> None:
        """Cut the TCP connection without a close frame."""
        if self.transport is not None:
            self.transport.abort()

    def stop(self) -> None:
        """Stop the writer."""
        self._writer.cancel()

    async def _write(self) -> None:
        while True:
            frame = await self._queue.get()
            if frame.get("op") == DISPATCH and self._faults.gateway_delay:
                await asyncio.sleep(self._faults.gateway_delay)
            text = json.dumps(frame, separators=(",", ":"))
            try:
                if self._zlib is None:
                    await self.ws.send_str(text)
                else:
                    data = self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                    await self.ws.send_bytes(data)
            except (ConnectionError, RuntimeError):
                return


@dataclass
class Session:
    """A gateway session: what survives a dropped connection and lets it RESUME."""

    id: str
    intents: int
    connection: Connection | None = None
    seq: int = 0
    resumable: bool = True
    buffer: deque[Json] = field(default_factory=lambda: deque(maxlen=BUFFER_SIZE))
    presence: Json | None = None
    shard: tuple[int, int] | None = None  # (id, count) from IDENTIFY; None: unsharded

    def owns(self, guild_id: int | None) -> bool:
        """Whether the guild's events come to this session (no guild: shard 0's)."""
        if self.shard is None:
            return True
        shard, count = self.shard
        return shard == (0 if guild_id is None else shard_of(guild_id, count))

    def wants(self, event: str, data: Json) -> bool:
        """Whether the session's intents ask for this event."""
        if event.startswith("MESSAGE_"):
            return bool(self.intents & (GUILD_MESSAGES if "guild_id" in data else DIRECT_MESSAGES))
        if event.startswith(("THREAD_", "CHANNEL_", "GUILD_ROLE")):
            return bool(self.intents & GUILDS)
        if event.startswith("GUILD_MEMBER"):
            return bool(self.intents & GUILD_MEMBERS)
        return True

    def dispatch(self, event: str, data: Json) -> None:
        """Number the event, keep it for RESUME, and send it if connected."""
        self.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
        self.buffer.append(frame)
        if self.connection is not None:
            self.connection.send(frame)


class Gateway:
    """All gateway sessions of the one application."""

    def __init__(self, world: World, faults: Faults, *, heartbeat_interval_ms: int) -> None:
        self.world = world
        self.faults = faults
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.url = ""
        self.sessions: dict[str, Session] = {}
        self.connections: list[Connection] = []
        self.ready_at: list[float] = []
        self.resumed_at: list[float] = []
        self.heartbeat_closes = 0
        self.refused = 0  # connections answered 503 by refuse()
        self._refusals: float = 0
        world.listeners.append(self.broadcast)

    @property
    def current(self) -> Session | None:
        """The session that most recently identified or resumed."""
        live = [s for s in self.sessions.values() if s.resumable]
        return live[-1] if live else None

    @property
    def heartbeats(self) -> int:
        """Heartbeats received over all connections."""
        return sum(c.heartbeats for c in self.connections)

    def broadcast(self, event: str, data: Json) -> None:
        """Send a world event to every session whose intents want it and whose shard
        holds its guild."""
        guild_id = _guild_of(event, data)
        for session in self.sessions.values():
            if session.resumable and session.wants(event, data) and session.owns(guild_id):
                session.dispatch(event, data)

    def dispatch_interaction(self, payload: Json) -> bool:
        """Send INTERACTION_CREATE to the latest session of the shard holding its guild
        (any session if unsharded); False if there is none."""
        guild_id = int(payload["guild_id"]) if payload.get("guild_id") else None
        live = [s for s in self.sessions.values() if s.resumable and s.owns(guild_id)]
        if not live:
            return False
        live[-1].dispatch("INTERACTION_CREATE", payload)
        return True

    def silence(self) -> None:
        """A silent network loss on every open connection: they stay open, but nothing
        reaches the bot any more, heartbeat ACKs included. New connections work."""
        for connection in self.connections:
            connection.silenced = True

    def refuse(self, times: int | None = None) -> None:
        """The gateway is down: answer the next ``times`` connections (None: every one,
        until ``refuse(0)``) with 503 instead of a websocket, as Discord's edge does in an
        outage. Open connections are not touched (``drop()`` them)."""
        self._refusals = math.inf if times is None else times

    async def _watch_heartbeats(self, connection: Connection) -> None:
        """Close the connection, as Discord does, once heartbeats stop arriving for
        longer than the interval and a grace."""
        limit = self.heartbeat_interval_ms / 1000 * HEARTBEAT_GRACE
        while not connection.ws.closed:
            await asyncio.sleep(limit / 4)
            if time.monotonic() - connection.last_heartbeat > limit:
                self.heartbeat_closes += 1
                await connection.close(4009, "Session timed out: no heartbeat")
                return

    async def drop(self, *, code: int = 4000, abrupt: bool = False) -> None:
        """Lose every open connection (sessions stay resumable)."""
        for connection in [c for c in self.connections if not c.ws.closed]:
            if abrupt:
                connection.abort()
            else:
                await connection.close(code, "emulated connection loss")

    async def close(self) -> None:
        """Shut everything down (server stop)."""
        for connection in self.connections:
            connection.stop()
            with contextlib.suppress(Exception):
                await connection.close(1001, "going away")

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """The websocket endpoint."""
        if self._refusals > 0:
            self._refusals -= 1
            self.refused += 1
            return web.Response(status=503, text="upstream connect error")
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        compress = request.query.get("compress") == "zlib-stream"
        connection = Connection(ws, request, compress=compress, faults=self.faults)
        self.connections.append(connection)
        watchdog = asyncio.create_task(self._watch_heartbeats(connection))
        try:
            if request.query.get("v", "10") != "10":
                await connection.close(4012, "Invalid API version")
                return ws
            connection.send(
                {
                    "op": HELLO,
                    "d": {"heartbeat_interval": self.heartbeat_interval_ms},
                    "s": None,
                    "t": None,
                }
            )
            async for message in ws:
                if message.type != WSMsgType.TEXT:
                    await connection.close(4002, "Decode error")
                    break
                await self._receive(connection, json.loads(message.data))
        finally:
            watchdog.cancel()
            await asyncio.sleep(0)
            connection.stop()
            if connection.session is not None and connection.session.connection is connection:
                connection.session.connection = None
        return ws

    async def _receive(self, connection: Connection, frame: Json) -> None:
        op, data = frame.get("op"), frame.get("d")
        if op == HEARTBEAT:
            connection.heartbeats += 1
            connection.last_heartbeat = time.monotonic()
            connection.send({"op": HEARTBEAT_ACK})
        elif op == IDENTIFY:
            await self._identify(connection, data or {})
        elif op == RESUME:
            await self._resume(connection, data or {})
        elif connection.session is None:
            await connection.close(4003, "Not authenticated")
        elif op == PRESENCE:
            connection.session.presence = data
        elif op == REQUEST_MEMBERS:
            self._members_chunk(connection.session, data or {})
        elif op != 4:
            await connection.close(4001, "Unknown opcode")

    async def _identify(self, connection: Connection, data: Json) -> None:
        if connection.session is not None:
            await connection.close(4005, "Already authenticated")
            return
        if data.get("token", "").removeprefix("Bot ") != self.world.app.token:
            await connection.close(4004, "Authentication failed")
            return
        intents = data.get("intents")
        if not isinstance(intents, int):
            await connection.close(4013, "Invalid intent(s)")
            return
        if intents & PRIVILEGED & ~self.world.app.privileged_intents:
            await connection.close(4014, "Disallowed intent(s)")
            return
        try:
            shard = _shard_pair(data.get("shard"))
        except ValueError:
            await connection.close(4010, "Invalid shard")
            return
        for old in self.sessions.values():
            if old.connection is None:
                old.resumable = False
        session = Session(
            secrets.token_hex(16), intents, connection, presence=data.get("presence"), shard=shard
        )
        self.sessions[session.id] = session
        connection.session = session
        session.dispatch("READY", self._ready(session, data))
        for guild in self.world.guilds.values():
            if not session.owns(guild.id):
                continue
            members = list(guild.members.values())
            if not intents & GUILD_MEMBERS:
                members = [guild.members[self.world.bot.id]]
            session.dispatch("GUILD_CREATE", guild.payload(members=members))
        self.ready_at.append(time.monotonic())
        self.world.changed()

    def _ready(self, session: Session, identify: Json) -> Json:
        ready: Json = {
            "v": 10,
            "user": self.world.bot.payload(),
            "user_settings": {},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guilds": [
                {"id": str(g), "unavailable": True} for g in self.world.guilds if session.owns(g)
            ],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.url,
            "geo_ordered_rtc_regions": [],
            "application": {"id": str(self.world.app.id), "flags": self.world.app._flags()},
            "_trace": ['["emulator",{"micros":1}]'],
        }
        if "shard" in identify:
            ready["shard"] = identify["shard"]
        return ready

    async def _resume(self, connection: Connection, data: Json) -> None:
        if data.get("token", "").removeprefix("Bot ") != self.world.app.token:
            await connection.close(4004, "Authentication failed")
            return
        session = self.sessions.get(str(data.get("session_id")))
        seq = data.get("seq") or 0
        oldest = session.buffer[0]["s"] if session and session.buffer else 1
        if session is None or not session.resumable or seq < oldest - 1:
            connection.send({"op": INVALID_SESSION, "d": False})
            return
        if session.connection is not None and session.connection is not connection:
            await session.connection.close(4000, "Session resumed elsewhere")
        session.connection = connection
        connection.session = session
        for frame in session.buffer:
            if frame["s"] > seq:
                connection.send(frame)
        session.dispatch("RESUMED", {"_trace": ["emulator"]})
        self.resumed_at.append(time.monotonic())
        self.world.changed()

    def _members_chunk(self, session: Session, data: Json) -> None:
        guild = self.world.guilds.get(int(data.get("guild_id", 0)))
        if guild is None:
            return
        wanted = {int(u) for u in data.get("user_ids") or []}
        members = [m for m in guild.members.values() if not wanted or m.id in wanted]
        if not wanted and not session.intents & GUILD_MEMBERS:
            members = [guild.members[self.world.bot.id]]
        session.dispatch(
            "GUILD_MEMBERS_CHUNK",
            {
                "guild_id": str(guild.id),
                "members": [m.payload() for m in members],
                "chunk_index": 0,
                "chunk_count": 1,
                "nonce": data.get("nonce"),
                "not_found": [],
            },
        )


def _shard_pair(value: Any) -> tuple[int, int] | None:
    """IDENTIFY's ``shard``: (id, count), None if absent; ValueError if invalid."""
    if value is None:
        return None
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) for n in value)
        and 0 <= value[0] < value[1]
    ):
        return value[0], value[1]
    raise ValueError(f"invalid shard {value!r}")


def _guild_of(event: str, data: Json) -> int | None:
    """The guild a gateway event belongs to (None: none, as for DMs)."""
    if data.get("guild_id"):
        return int(data["guild_id"])
    if event in WHOLE_GUILD_EVENTS and data.get("id"):
        return int(data["id"])
    return None
