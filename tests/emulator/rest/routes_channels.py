"""REST routes for channels: messages (create, get, list, edit, delete), typing, threads,
and the attachment files the emulator serves back."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from tests.emulator.errors import APIError, FormErrorCollector, missing_permissions, unknown_message
from tests.emulator.rest.bodies import json_response, no_content, read_message_body, read_object
from tests.emulator.rest.context import API_PREFIX, emulator_of, snowflake
from tests.emulator.rest.messages import create_message, edit_message
from tests.emulator.rules import limits
from tests.emulator.world import permissions as perm
from tests.emulator.world.model import EPHEMERAL, PRIVATE_THREAD, PUBLIC_THREAD, Channel, Message
from tests.emulator.world.nonces import read_nonce

Json = dict[str, Any]
routes = web.RouteTableDef()
CHANNEL = API_PREFIX + "/channels/{channel_id}"
MESSAGE = CHANNEL + "/messages/{message_id}"


def _channel(request: web.Request, *needed: int) -> Channel:
    """The channel of the path, checked against the bot's permissions there."""
    world = emulator_of(request).world
    channel = world.channel(snowflake(request, "channel_id"))
    allowed = world.bot_permissions(channel)
    if not perm.has(allowed, perm.VIEW_CHANNEL):
        raise APIError(403, 50001, "Missing Access", violation="missing_access")
    for bits in needed:
        if not perm.has(allowed, bits):
            raise missing_permissions()
    return channel


def _message(request: web.Request, channel: Channel, action: str) -> Message:
    """A message of the channel; ephemeral messages cannot be reached by channel id."""
    world = emulator_of(request).world
    message_id = snowflake(request, "message_id")
    found = world.messages.get(message_id)
    if found is not None and found.channel_id == channel.id and found.ephemeral:
        raise unknown_message(violation=f"ephemeral_{action}_by_channel_id")
    return world.message(channel.id, message_id)


def _send_permission(channel: Channel) -> int:
    return perm.SEND_MESSAGES_IN_THREADS if channel.is_thread else perm.SEND_MESSAGES


@routes.get(CHANNEL)
async def get_channel(request: web.Request) -> web.Response:
    """A channel."""
    return json_response(_channel(request).payload())


@routes.patch(CHANNEL)
async def modify_channel(request: web.Request) -> web.Response:
    """Rename a channel, or archive / lock a thread."""
    world = emulator_of(request).world
    channel = _channel(request)
    body = await read_object(request)
    if (
        channel.is_thread
        and not perm.has(world.bot_permissions(channel), perm.MANAGE_THREADS)
        and channel.owner_id != world.bot.id
    ):
        raise missing_permissions()
    errors = FormErrorCollector()
    if "name" in body:
        errors.between(("name",), body["name"] or "", 1, 100)
    errors.raise_if_any()
    channel.name = body.get("name", channel.name)
    channel.archived = bool(body.get("archived", channel.archived))
    channel.locked = bool(body.get("locked", channel.locked))
    world.dispatch("THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE", channel.payload())
    world.changed()
    return json_response(channel.payload())


@routes.get(CHANNEL + "/messages")
async def list_messages(request: web.Request) -> web.Response:
    """Public messages, newest first (Discord's order), with limit/before/after."""
    world = emulator_of(request).world
    channel = _channel(request, perm.READ_MESSAGE_HISTORY)
    limit = int(request.query.get("limit", 50))
    if not 1 <= limit <= 100:
        raise APIError(
            400,
            50035,
            "Invalid Form Body",
            violation="invalid_form_body",
            errors={
                "limit": {
                    "_errors": [
                        {"code": "NUMBER_TYPE_MAX", "message": "int value should be <= 100."}
                    ]
                }
            },
        )
    visible = [world.messages[i] for i in channel.message_ids]
    visible = [m for m in visible if not m.deleted and not m.ephemeral]
    if "before" in request.query:
        visible = [m for m in visible if m.id < int(request.query["before"])]
    if "after" in request.query:
        visible = [m for m in visible if m.id > int(request.query["after"])][:limit]
    return json_response([m.payload() for m in reversed(visible[-limit:])])


@routes.post(CHANNEL + "/messages")
async def create_channel_message(request: web.Request) -> web.Response:
    """Post a message as the bot."""
    emulator = emulator_of(request)
    channel = _channel(request)
    body, uploads = await read_message_body(request)
    limits.check_message(body)
    _check_can_post(request, channel, body, bool(uploads))
    if int(body.get("flags") or 0) & EPHEMERAL:
        emulator.note_violation(
            "ephemeral_flag_ignored",
            request,
            "flag 64 on a channel message is ignored: the message is public",
        )
        body = {**body, "flags": int(body["flags"]) & ~EPHEMERAL}
    world = emulator.world
    nonce, now = read_nonce(body), world.clock.now()
    if nonce is not None and body.get("enforce_nonce"):
        earlier = world.nonces.earlier(world.bot.id, nonce, now)
        if earlier is not None:  # a repeated post: nothing new, the first message again
            return json_response(earlier.payload())
    extra = {"nonce": nonce} if nonce is not None else None
    message = create_message(world, channel, body, uploads, author=world.bot, extra=extra)
    if nonce is not None and body.get("enforce_nonce"):
        world.nonces.note(message, nonce, now)
    return json_response(message.payload())


def _check_can_post(request: web.Request, channel: Channel, body: Json, uploading: bool) -> None:
    world = emulator_of(request).world
    allowed = world.bot_permissions(channel)
    if not perm.has(allowed, _send_permission(channel)):
        raise missing_permissions()
    if body.get("embeds") and not perm.has(allowed, perm.EMBED_LINKS):
        raise missing_permissions()
    if uploading and not perm.has(allowed, perm.ATTACH_FILES):
        raise missing_permissions()
    if channel.is_thread and channel.archived:
        raise APIError(400, 50083, "Thread is archived", violation="thread_archived")


@routes.get(MESSAGE)
async def get_message(request: web.Request) -> web.Response:
    """One message."""
    channel = _channel(request, perm.READ_MESSAGE_HISTORY)
    return json_response(_message(request, channel, "fetch").payload())


@routes.patch(MESSAGE)
async def edit_channel_message(request: web.Request) -> web.Response:
    """Edit one of the bot's own messages."""
    world = emulator_of(request).world
    channel = _channel(request)
    message = _message(request, channel, "edit")
    if message.author.id != world.bot.id:
        raise APIError(
            403,
            50005,
            "Cannot edit a message authored by another user",
            violation="edit_foreign_message",
        )
    body, uploads = await read_message_body(request)
    limits.check_message(body, creating=False)
    return json_response(edit_message(world, message, body, uploads).payload())


@routes.delete(MESSAGE)
async def delete_channel_message(request: web.Request) -> web.Response:
    """Delete a message (others' need Manage Messages)."""
    world = emulator_of(request).world
    channel = _channel(request)
    message = _message(request, channel, "delete")
    if message.author.id != world.bot.id and not perm.has(
        world.bot_permissions(channel), perm.MANAGE_MESSAGES
    ):
        raise missing_permissions()
    world.delete_message(message)
    return no_content()


@routes.post(CHANNEL + "/typing")
async def trigger_typing(request: web.Request) -> web.Response:
    """The typing indicator."""
    _channel(request, perm.SEND_MESSAGES)
    return no_content()


@routes.post(CHANNEL + "/threads")
@routes.post(MESSAGE + "/threads")
async def start_thread(request: web.Request) -> web.Response:
    """Start a thread, from a message or on its own (public or private)."""
    world = emulator_of(request).world
    parent = _channel(request)
    if parent.is_thread:
        raise APIError(
            400, 50024, "Cannot execute action on this channel type", violation="thread_in_thread"
        )
    body = await read_object(request)
    errors = FormErrorCollector()
    errors.between(("name",), body.get("name") or "", 1, 100)
    errors.raise_if_any()
    from_message = "message_id" in request.match_info
    kind = PUBLIC_THREAD if from_message else int(body.get("type", PRIVATE_THREAD))
    needed = perm.CREATE_PUBLIC_THREADS if kind == PUBLIC_THREAD else perm.CREATE_PRIVATE_THREADS
    if not perm.has(world.bot_permissions(parent), needed):
        raise missing_permissions()
    if from_message:
        _message(request, parent, "thread")
        if snowflake(request, "message_id") in world.channels:  # its thread has its id
            raise APIError(400, 160004, "A thread has already been created for this message")
    thread_id = snowflake(request, "message_id") if from_message else world.ids.next()
    thread = Channel(
        thread_id,
        kind,
        body["name"],
        parent.guild_id,
        parent_id=parent.id,
        owner_id=world.bot.id,
        created_at=world.clock.iso(),
        thread_member_ids={world.bot.id},
    )
    world.add_channel(thread)
    return json_response(thread.payload(), 201)


@routes.put(CHANNEL + "/thread-members/{user_id}")
async def add_thread_member(request: web.Request) -> web.Response:
    """Add a member to a thread (how private tables invite players)."""
    world = emulator_of(request).world
    thread = _channel(request, perm.SEND_MESSAGES_IN_THREADS)
    guild = world.guild_of(thread)
    user_id = snowflake(request, "user_id")
    if not thread.is_thread or guild is None or user_id not in guild.members:
        raise APIError(404, 10007, "Unknown Member", violation="unknown_member")
    thread.thread_member_ids.add(user_id)
    world.changed()
    return no_content()


@routes.delete(CHANNEL + "/thread-members/{user_id}")
async def remove_thread_member(request: web.Request) -> web.Response:
    """Remove a member from a thread."""
    world = emulator_of(request).world
    thread = _channel(request, perm.MANAGE_THREADS)
    thread.thread_member_ids.discard(snowflake(request, "user_id"))
    world.changed()
    return no_content()


@routes.get("/attachments/{channel_id}/{attachment_id}/{filename}")
async def download_attachment(request: web.Request) -> web.Response:
    """The bytes of an uploaded file (the CDN)."""
    world = emulator_of(request).world
    attachment_id = snowflake(request, "attachment_id")
    for message in world.messages.values():
        for attachment in message.attachments:
            if attachment.id == attachment_id:
                return web.Response(
                    body=attachment.data,
                    content_type=attachment.content_type or "application/octet-stream",
                )
    return web.Response(status=404, text="Not Found")
