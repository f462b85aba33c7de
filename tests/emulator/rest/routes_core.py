"""REST routes for login, the gateway URL, application commands, guilds and DMs."""

from __future__ import annotations

import time
from typing import Any

from aiohttp import web

from tests.emulator.errors import APIError, invalid_form_body
from tests.emulator.rest.bodies import json_response, no_content, read_json, read_object
from tests.emulator.rest.context import API_PREFIX, emulator_of, snowflake
from tests.emulator.rules import limits
from tests.emulator.world.state import World

Json = dict[str, Any]
routes = web.RouteTableDef()


@routes.get(API_PREFIX + "/users/@me")
async def get_me(request: web.Request) -> web.Response:
    """The bot user (discord.py's login)."""
    return json_response(
        {
            **emulator_of(request).world.bot.payload(),
            "verified": True,
            "mfa_enabled": False,
            "locale": "en-US",
            "email": None,
        }
    )


@routes.get(API_PREFIX + "/users/{user_id}")
async def get_user(request: web.Request) -> web.Response:
    """Any user."""
    user = emulator_of(request).world.users.get(snowflake(request, "user_id"))
    if user is None:
        raise APIError(404, 10013, "Unknown User", violation="unknown_user")
    return json_response(user.payload())


@routes.get(API_PREFIX + "/oauth2/applications/@me")
@routes.get(API_PREFIX + "/applications/@me")
async def get_application(request: web.Request) -> web.Response:
    """The bot's application."""
    return json_response(emulator_of(request).world.app.payload())


@routes.get(API_PREFIX + "/gateway")
async def get_gateway(request: web.Request) -> web.Response:
    """Where the gateway is."""
    return json_response({"url": emulator_of(request).gateway_url})


@routes.get(API_PREFIX + "/gateway/bot")
async def get_gateway_bot(request: web.Request) -> web.Response:
    """Where the gateway is, with shard advice."""
    return json_response(
        {
            "url": emulator_of(request).gateway_url,
            "shards": 1,
            "session_start_limit": {
                "total": 1000,
                "remaining": 999,
                "reset_after": 86_400_000,
                "max_concurrency": 1,
            },
        }
    )


def _scope(request: web.Request) -> int | None:
    world = emulator_of(request).world
    if snowflake(request, "application_id") != world.app.id:
        raise APIError(403, 50001, "Missing Access", violation="wrong_application")
    if "guild_id" not in request.match_info:
        return None
    guild_id = snowflake(request, "guild_id")
    if guild_id not in world.guilds:
        raise APIError(403, 50001, "Missing Access", violation="unknown_guild")
    return guild_id


def _registered(world: World, payload: Json, guild_id: int | None, existing: list[Json]) -> Json:
    """The stored form of a command, keeping the id of a same-named one."""
    kind = payload.get("type", 1)
    old = next((c for c in existing if c["name"] == payload["name"] and c["type"] == kind), None)
    permissions = payload.get("default_member_permissions")
    command = {
        "id": old["id"] if old else str(world.ids.next()),
        "application_id": str(world.app.id),
        "version": str(world.ids.next()),
        "type": kind,
        "name": payload["name"],
        "description": payload.get("description", ""),
        "options": payload.get("options", []),
        "default_member_permissions": None if permissions is None else str(permissions),
        "dm_permission": payload.get("dm_permission", True),
        "nsfw": payload.get("nsfw", False),
        "contexts": payload.get("contexts"),
        "integration_types": payload.get("integration_types", [0]),
        "name_localizations": payload.get("name_localizations"),
        "description_localizations": payload.get("description_localizations"),
    }
    if guild_id is not None:
        command["guild_id"] = str(guild_id)
    return command


@routes.get(API_PREFIX + "/applications/{application_id}/commands")
@routes.get(API_PREFIX + "/applications/{application_id}/guilds/{guild_id}/commands")
async def list_commands(request: web.Request) -> web.Response:
    """Registered commands of a scope."""
    return json_response(emulator_of(request).world.commands.scope(_scope(request)))


@routes.put(API_PREFIX + "/applications/{application_id}/commands")
@routes.put(API_PREFIX + "/applications/{application_id}/guilds/{guild_id}/commands")
async def bulk_overwrite_commands(request: web.Request) -> web.Response:
    """Replace a scope's commands (discord.py's `tree.sync()`)."""
    world = emulator_of(request).world
    guild_id = _scope(request)
    payloads = await read_json(request)
    if not isinstance(payloads, list):
        raise invalid_form_body(
            {"_errors": [{"code": "BASE_TYPE_ARRAY", "message": "Must be an array."}]}
        )
    if len(payloads) > 100:
        raise invalid_form_body(
            {
                "_errors": [
                    {"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 100 or fewer in length."}
                ]
            }
        )
    limits.check_commands(payloads)
    scope = world.commands.scope(guild_id)
    scope[:] = [_registered(world, p, guild_id, scope) for p in payloads]
    world.commands.syncs.append((time.monotonic(), guild_id))
    world.changed()
    return json_response(scope)


@routes.post(API_PREFIX + "/applications/{application_id}/commands")
@routes.post(API_PREFIX + "/applications/{application_id}/guilds/{guild_id}/commands")
async def upsert_command(request: web.Request) -> web.Response:
    """Create or replace one command."""
    world = emulator_of(request).world
    guild_id = _scope(request)
    payload = await read_object(request)
    limits.check_commands([payload])
    scope = world.commands.scope(guild_id)
    command = _registered(world, payload, guild_id, scope)
    scope[:] = [c for c in scope if c["id"] != command["id"]] + [command]
    world.changed()
    return json_response(command, 201)


@routes.delete(API_PREFIX + "/applications/{application_id}/commands/{command_id}")
@routes.delete(
    API_PREFIX + "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}"
)
async def delete_command(request: web.Request) -> web.Response:
    """Remove one command."""
    world = emulator_of(request).world
    scope = world.commands.scope(_scope(request))
    command_id = request.match_info["command_id"]
    if not any(c["id"] == command_id for c in scope):
        raise APIError(404, 10063, "Unknown application command", violation="unknown_command")
    scope[:] = [c for c in scope if c["id"] != command_id]
    world.changed()
    return no_content()


def _guild(request: web.Request) -> Any:
    guild = emulator_of(request).world.guilds.get(snowflake(request, "guild_id"))
    if guild is None:
        raise APIError(404, 10004, "Unknown Guild", violation="unknown_guild")
    return guild


@routes.get(API_PREFIX + "/guilds/{guild_id}")
async def get_guild(request: web.Request) -> web.Response:
    """A guild (without members or channels, as REST returns it)."""
    guild = _guild(request)
    data = guild.payload(members=[])
    for key in ("members", "channels", "threads", "voice_states", "presences"):
        data.pop(key, None)
    return json_response(data)


@routes.get(API_PREFIX + "/guilds/{guild_id}/channels")
async def get_guild_channels(request: web.Request) -> web.Response:
    """A guild's channels (not threads)."""
    guild = _guild(request)
    return json_response([c.payload() for c in guild.channels.values() if not c.is_thread])


@routes.get(API_PREFIX + "/guilds/{guild_id}/roles")
async def get_guild_roles(request: web.Request) -> web.Response:
    """A guild's roles."""
    return json_response([r.payload() for r in _guild(request).roles.values()])


@routes.get(API_PREFIX + "/guilds/{guild_id}/members/{user_id}")
async def get_guild_member(request: web.Request) -> web.Response:
    """One member."""
    member = _guild(request).members.get(snowflake(request, "user_id"))
    if member is None:
        raise APIError(404, 10007, "Unknown Member", violation="unknown_member")
    return json_response(member.payload())


@routes.post(API_PREFIX + "/users/@me/channels")
async def create_dm(request: web.Request) -> web.Response:
    """Open (or reuse) a DM channel with a user."""
    world = emulator_of(request).world
    body = await read_object(request)
    user = world.users.get(int(body.get("recipient_id", 0)))
    if user is None or user.bot:
        raise invalid_form_body(
            {"recipient_id": {"_errors": [{"code": "USER_UNKNOWN", "message": "Unknown user"}]}}
        )
    return json_response(world.dm_channel(user).payload())
