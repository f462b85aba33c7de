"""REST routes reached with an interaction token: the callback, followups, and edits of
`@original` and followup messages. They need no bot token, as on Discord."""

from __future__ import annotations

from aiohttp import web

from tests.emulator.errors import APIError, unknown_interaction
from tests.emulator.rest import interactions as flow
from tests.emulator.rest.bodies import json_response, no_content, read_message_body
from tests.emulator.rest.context import API_PREFIX, emulator_of, snowflake
from tests.emulator.rest.interactions import Interaction

routes = web.RouteTableDef()
WEBHOOK = API_PREFIX + "/webhooks/{application_id}/{interaction_token}"


def _truthy(value: str | None) -> bool:
    return (value or "").lower() in ("1", "true")


def _by_token(request: web.Request) -> Interaction:
    emulator = emulator_of(request)
    if snowflake(request, "application_id") != emulator.world.app.id:
        raise APIError(404, 10015, "Unknown Webhook", violation="unknown_webhook")
    interaction = emulator.interaction_by_token(request.match_info["interaction_token"])
    if interaction is None:
        raise APIError(401, 50027, "Invalid Webhook Token", violation="invalid_webhook_token")
    return interaction


@routes.post(API_PREFIX + "/interactions/{interaction_id}/{interaction_token}/callback")
async def callback(request: web.Request) -> web.Response:
    """The one answer to an interaction."""
    emulator = emulator_of(request)
    interaction = emulator.interactions.get(snowflake(request, "interaction_id"))
    if interaction is None:
        raise unknown_interaction("unknown_interaction")
    if interaction.token != request.match_info["interaction_token"]:
        raise APIError(401, 50027, "Invalid Webhook Token", violation="invalid_webhook_token")
    body, uploads = await read_message_body(request)
    answer = flow.apply_callback(emulator.world, interaction, body, uploads)
    if _truthy(request.query.get("with_response")):
        return json_response(answer)
    return no_content()


@routes.post(WEBHOOK)
async def followup(request: web.Request) -> web.Response:
    """A followup message."""
    emulator = emulator_of(request)
    interaction = _by_token(request)
    body, uploads = await read_message_body(request)
    message = flow.send_followup(emulator.world, interaction, body, uploads)
    if _truthy(request.query.get("wait")):
        return json_response(message.payload())
    return no_content()


@routes.get(WEBHOOK + "/messages/{message_id}")
async def get_webhook_message(request: web.Request) -> web.Response:
    """`@original` or a followup."""
    emulator = emulator_of(request)
    message = flow.webhook_message(
        emulator.world, _by_token(request), request.match_info["message_id"]
    )
    return json_response(message.payload())


@routes.patch(WEBHOOK + "/messages/{message_id}")
async def edit_webhook_message(request: web.Request) -> web.Response:
    """Edit `@original` or a followup."""
    emulator = emulator_of(request)
    interaction = _by_token(request)
    body, uploads = await read_message_body(request)
    message = flow.edit_webhook_message(
        emulator.world, interaction, request.match_info["message_id"], body, uploads
    )
    return json_response(message.payload())


@routes.delete(WEBHOOK + "/messages/{message_id}")
async def delete_webhook_message(request: web.Request) -> web.Response:
    """Delete `@original` or a followup."""
    emulator = emulator_of(request)
    message = flow.webhook_message(
        emulator.world, _by_token(request), request.match_info["message_id"]
    )
    emulator.world.delete_message(message)
    return no_content()
