"""The emulator: an aiohttp server on 127.0.0.1 serving Discord's REST API and gateway.

    emulator = Emulator()
    await emulator.start()          # ephemeral port
    emulator.api_base, emulator.gateway_url, emulator.token   # what the bot is given
    ...
    await emulator.stop()

Every REST request passes through one middleware that checks it against Discord's API
description (rules/conformance.py), applies injected faults, checks the bot token (except on
interaction-token routes), turns `APIError`s into Discord's error bodies, records rule
violations, and keeps a request log.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from aiohttp import web

from tests.emulator.errors import APIError, ViolationLog, not_found, unauthorized
from tests.emulator.faults import FaultRule, Faults
from tests.emulator.gateway import Gateway
from tests.emulator.rest.bodies import json_response
from tests.emulator.rest.context import API_PREFIX, EMULATOR
from tests.emulator.rest.interactions import Interaction
from tests.emulator.rest.routes_channels import routes as channel_routes
from tests.emulator.rest.routes_core import routes as core_routes
from tests.emulator.rest.routes_webhooks import routes as webhook_routes
from tests.emulator.rules.conformance import check_request
from tests.emulator.rules.description import discord_api
from tests.emulator.world.spec import GuildSpec
from tests.emulator.world.state import World

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
TOKEN_FREE = ("/interactions/", "/webhooks/")
TOKEN_FREE_ROUTES = ("GET /gateway",)  # Discord answers these without a token too


@dataclass
class RequestRecord:
    """One REST request the emulator answered."""

    route: str
    status: int
    at: float


class Emulator:
    """Discord, as far as Bower can tell."""

    def __init__(
        self,
        guilds: Sequence[GuildSpec] = (GuildSpec(),),
        *,
        heartbeat_interval_ms: int = 2_000,
        privileged_intents: int = 0,
        check_requests: bool = True,
    ) -> None:
        """``check_requests``: hold each request to Discord's API description (off only in
        the load benchmarks, whose figures are the bot's, not the checker's)."""
        self.check_requests = check_requests
        self.world = World(guilds, privileged_intents=privileged_intents)
        self.faults = Faults()
        self.violations = ViolationLog()
        self.gateway = Gateway(self.world, self.faults, heartbeat_interval_ms=heartbeat_interval_ms)
        self.interactions: dict[int, Interaction] = {}
        self.requests: list[RequestRecord] = []
        self.inflight = 0
        self.last_request_at = 0.0
        self.base_url = ""
        self._runner: web.AppRunner | None = None

    # ----- lifecycle -------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> None:
        """Serve on `host`, on an ephemeral port unless one is given."""
        discord_api()  # read once a process, before any request waits for it
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        app[EMULATOR] = self
        app.add_routes(core_routes)
        app.add_routes(channel_routes)
        app.add_routes(webhook_routes)
        app.router.add_get("/", self.gateway.handle)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        server = site._server
        assert server is not None and server.sockets  # type: ignore[attr-defined]
        bound = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]
        self.base_url = f"http://{host}:{bound}"
        self.world.base_url = self.base_url
        self.gateway.url = f"ws://{host}:{bound}/"

    async def stop(self) -> None:
        """Close the gateway and the server."""
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @property
    def api_base(self) -> str:
        """What the bot's DISCORD_API_BASE should be."""
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        """What the bot's DISCORD_GATEWAY_URL should be."""
        return self.gateway.url

    @property
    def token(self) -> str:
        """The bot token this Discord accepts."""
        return self.world.app.token

    # ----- interactions ----------------------------------------------------------------
    def register(self, interaction: Interaction) -> Interaction:
        """Remember an interaction so the bot can answer it."""
        self.interactions[interaction.id] = interaction
        return interaction

    def interaction_by_token(self, token: str) -> Interaction | None:
        """The interaction a webhook token belongs to."""
        return next((i for i in self.interactions.values() if i.token == token), None)

    # ----- violations -------------------------------------------------------------------
    def note_violation(self, kind: str, request: web.Request, detail: str) -> None:
        """Record a rule broken by a request Discord still accepts."""
        error = APIError(200, 0, detail)
        self.violations.record(kind, _route_name(request) or request.path, error)

    # ----- middleware -------------------------------------------------------------------
    @web.middleware
    async def _middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        route = _route_name(request)
        if route is None:  # the gateway websocket and attachment downloads
            return await handler(request)
        self.inflight += 1
        status = 500
        try:
            response = await self._serve(request, handler, route)
            status = response.status
            return response
        except APIError as error:
            status = error.status
            if error.violation:
                self.violations.record(error.violation, route, error)
            return json_response(error.body(), error.status)
        finally:
            self.inflight -= 1
            self.last_request_at = time.monotonic()
            self.requests.append(RequestRecord(route, status, self.last_request_at))
            self.world.changed()

    async def _serve(
        self, request: web.Request, handler: Handler, route: str
    ) -> web.StreamResponse:
        if self.check_requests:
            await check_request(request)
        rule = self.faults.take(route)
        if rule is not None and not rule.after:
            if rule.delay:
                await asyncio.sleep(rule.delay)
            if rule.status is not None:
                return _fault_response(rule)
        if request.match_info.http_exception is not None:
            if request.match_info.http_exception.status == 405:
                raise APIError(405, 0, "405: Method Not Allowed", violation="unknown_route")
            raise not_found()
        needs_token = route not in TOKEN_FREE_ROUTES and not any(m in route for m in TOKEN_FREE)
        if needs_token and request.headers.get("Authorization") != f"Bot {self.token}":
            raise unauthorized()
        response = await handler(request)
        if rule is not None and rule.after:
            if rule.delay:
                await asyncio.sleep(rule.delay)
            if rule.status is not None:
                return _fault_response(rule)
        return response


def _route_name(request: web.Request) -> str | None:
    """ "METHOD /template" for an API request, None for non-API paths."""
    if not request.path.startswith(API_PREFIX + "/"):
        return None
    info = request.match_info
    if info.http_exception is not None:
        return f"{request.method} {request.path.removeprefix(API_PREFIX)}"
    template = info.route.resource.canonical if info.route.resource else request.path
    return f"{request.method} {template.removeprefix(API_PREFIX)}"


def _fault_response(rule: FaultRule) -> web.Response:
    """The answer an injected fault gives."""
    if rule.status == 429:
        body = {
            "message": "You are being rate limited.",
            "retry_after": rule.retry_after,
            "global": rule.is_global,
        }
        headers = {
            "Via": "1.1 google",
            "Retry-After": str(math.ceil(rule.retry_after)),
            "X-RateLimit-Scope": "global" if rule.is_global else "user",
        }
        if rule.is_global:
            headers["X-RateLimit-Global"] = "true"
        return json_response(body, 429, headers)
    assert rule.status is not None
    return json_response({"message": f"{rule.status}: Server Error", "code": 0}, rule.status)
