"""How route handlers reach the emulator that serves them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aiohttp import web

from tests.emulator.errors import APIError

if TYPE_CHECKING:
    from tests.emulator.server import Emulator

API_PREFIX = "/api/v10"
EMULATOR: web.AppKey[Emulator] = web.AppKey("emulator")


def emulator_of(request: web.Request) -> Emulator:
    """The emulator serving this request."""
    return request.app[EMULATOR]


def snowflake(request: web.Request, name: str) -> int:
    """A snowflake path parameter; Discord answers 404 for anything not a number."""
    value = request.match_info[name]
    if not value.isdigit():
        raise APIError(404, 0, "404: Not Found", violation="unknown_route")
    return int(value)
