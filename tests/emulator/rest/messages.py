"""Turning request bodies into stored messages, and applying edits, the way Discord does."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tests.emulator.client import components as comp
from tests.emulator.errors import APIError
from tests.emulator.world.model import (
    EPHEMERAL,
    IS_COMPONENTS_V2,
    LOADING,
    Attachment,
    Channel,
    Message,
    User,
)
from tests.emulator.world.state import World

Json = dict[str, Any]
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
KEPT_FLAGS = 4 | 4096 | IS_COMPONENTS_V2


@dataclass
class Upload:
    """A file part of a multipart request (`files[n]`)."""

    index: int
    filename: str
    data: bytes
    content_type: str | None = None


def create_message(
    world: World,
    channel: Channel,
    body: Json,
    uploads: list[Upload],
    *,
    author: User,
    ephemeral_for: int | None = None,
    extra: Json | None = None,
) -> Message:
    """Store a new message built from a validated create body."""
    message = Message(
        id=world.ids.next(),
        channel_id=channel.id,
        guild_id=channel.guild_id,
        author=author,
        timestamp=world.clock.iso(),
        ephemeral_for=ephemeral_for,
    )
    for key, value in (extra or {}).items():
        setattr(message, key, value)
    message.flags |= EPHEMERAL if ephemeral_for is not None else 0
    _apply(world, message, body, uploads, editing=False)
    return world.add_message(message)


def edit_message(world: World, message: Message, body: Json, uploads: list[Upload]) -> Message:
    """Apply a validated edit body in place; a deferred (loading) message is completed."""
    _apply(world, message, body, uploads, editing=True)
    if message.loading:
        message.flags &= ~LOADING
    else:
        message.edited_timestamp = world.clock.iso()
    message.edits += 1
    world.message_event("MESSAGE_UPDATE", message)
    world.changed()
    return message


def _apply(
    world: World, message: Message, body: Json, uploads: list[Upload], *, editing: bool
) -> None:
    if "content" in body:
        message.content = body["content"] or ""
    if "flags" in body or not editing:
        message.flags = (message.flags & ~KEPT_FLAGS) | (int(body.get("flags") or 0) & KEPT_FLAGS)
    attachments = _attachments(world, message, body, uploads, editing=editing)
    if attachments is not None:
        message.attachments = attachments
    if "embeds" in body:
        message.embeds = [_normalise_embed(e, message.attachments) for e in body["embeds"] or []]
    if "components" in body:
        message.components = number_components(body["components"] or [])


def _attachments(
    world: World, message: Message, body: Json, uploads: list[Upload], *, editing: bool
) -> list[Attachment] | None:
    """The message's attachments after this request, or None if unchanged."""
    if "attachments" not in body and not uploads:
        return None
    listed = body.get("attachments")
    kept: list[Attachment] = []
    if listed is None:
        kept = list(message.attachments) if editing else []
    described: dict[int, Json] = {}
    for item in listed or []:
        existing = next((a for a in message.attachments if str(a.id) == str(item.get("id"))), None)
        if existing is not None:
            kept.append(existing)
        else:
            described[int(item.get("id", -1))] = item
    for upload in uploads:
        if len(upload.data) > ATTACHMENT_SIZE_LIMIT:
            raise APIError(413, 40005, "Request entity too large", violation="attachment_too_large")
        info = described.get(upload.index, {})
        attachment_id = world.ids.next()
        filename = info.get("filename") or upload.filename
        url = f"{world.base_url}/attachments/{message.channel_id}/{attachment_id}/{filename}"
        kept.append(
            Attachment(
                attachment_id,
                filename,
                upload.data,
                url,
                upload.content_type,
                info.get("description"),
            )
        )
    return kept


def _normalise_embed(embed: Json, attachments: list[Attachment]) -> Json:
    """Add `type` and resolve `attachment://name` image URLs as Discord does."""
    result = {"type": "rich", **embed}
    for key in ("image", "thumbnail"):
        media = result.get(key)
        if isinstance(media, dict) and str(media.get("url", "")).startswith("attachment://"):
            name = media["url"].removeprefix("attachment://")
            found = next((a for a in attachments if a.filename == name), None)
            if found is not None:
                result[key] = {**media, "url": found.url, "proxy_url": found.url}
    return result


def number_components(components: list[Json]) -> list[Json]:
    """Give every component the numeric `id` Discord assigns when none was sent."""
    counter = 0
    taken = {c["id"] for c in comp.walk(components) if isinstance(c.get("id"), int)}

    def renumber(items: list[Json]) -> list[Json]:
        nonlocal counter
        result = []
        for item in items:
            copy = dict(item)
            if not isinstance(copy.get("id"), int):
                counter += 1
                while counter in taken:
                    counter += 1
                copy["id"] = counter
            if isinstance(copy.get("components"), list):
                copy["components"] = renumber(copy["components"])
            for key in ("component", "accessory"):
                if isinstance(copy.get(key), dict):
                    copy[key] = renumber([copy[key]])[0]
            result.append(copy)
        return result

    return renumber(components)
