"""Interactions: their gateway payload, the callback, followups and `@original` edits.

Discord's rules enforced here: one callback per interaction, within 3 seconds; a callback
type that fits the interaction; followups and edits only with a token younger than 15
minutes, and only on messages that token created.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from tests.emulator.errors import (
    APIError,
    invalid_form_body,
    unknown_interaction,
    unknown_message,
)
from tests.emulator.rest.messages import Upload, create_message, edit_message
from tests.emulator.rules import limits
from tests.emulator.world.guild import Guild
from tests.emulator.world.model import EPHEMERAL, LOADING, Channel, Message, User
from tests.emulator.world.state import World

Json = dict[str, Any]
CALLBACK_DEADLINE = 3.0
TOKEN_LIFETIME = 15 * 60
APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE, CHOICES, MODAL = 4, 5, 6, 7, 8, 9
ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {MESSAGE, DEFERRED_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE, MODAL},
    AUTOCOMPLETE: {CHOICES},
    MODAL_SUBMIT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE},
}


@dataclass
class Interaction:
    """One interaction and everything the bot did with it."""

    id: int
    token: str
    type: int
    user: User
    guild: Guild | None
    channel: Channel
    data: Json
    created_at: float
    message: Message | None = None
    callback_type: int | None = None
    callback_at: float | None = None
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    modal: Json | None = None
    modal_submitted: bool = False
    choices: list[Json] | None = None

    @property
    def acknowledged(self) -> bool:
        """True once the bot has answered the callback."""
        return self.callback_type is not None

    def payload(self, world: World) -> Json:
        """The INTERACTION_CREATE data discord.py parses."""
        data: Json = {
            "id": str(self.id),
            "application_id": str(world.app.id),
            "type": self.type,
            "data": self.data,
            "token": self.token,
            "version": 1,
            "channel_id": str(self.channel.id),
            "locale": "en-US",
            "entitlements": [],
            "entitlement_sku_ids": [],
            "app_permissions": str(world.bot_permissions(self.channel)),
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        channel = self.channel.payload()
        if self.guild is not None:
            member = self.guild.members[self.user.id]
            permissions = self.guild.permissions_in(member, self.channel)
            data.update(
                {
                    "guild_id": str(self.guild.id),
                    "guild": self.guild.partial(),
                    "guild_locale": "en-US",
                    "context": 0,
                    "authorizing_integration_owners": {"0": str(self.guild.id)},
                    "member": member.payload(permissions=permissions),
                }
            )
            channel["permissions"] = str(permissions)
        else:
            data.update(
                {
                    "user": self.user.payload(),
                    "context": 1,
                    "authorizing_integration_owners": {"1": str(self.user.id)},
                }
            )
        data["channel"] = channel
        if self.message is not None:
            data["message"] = self.message.payload()
        return data

    def metadata(self) -> Json:
        """`interaction_metadata` of messages this interaction's token creates."""
        meta: Json = {
            "id": str(self.id),
            "type": self.type,
            "user": self.user.payload(),
            "authorizing_integration_owners": (
                {"0": str(self.guild.id)} if self.guild else {"1": str(self.user.id)}
            ),
        }
        if self.message is not None:
            meta["interacted_message_id"] = str(self.message.id)
        return meta


def new_interaction(
    world: World,
    kind: int,
    user: User,
    channel: Channel,
    data: Json,
    *,
    message: Message | None = None,
) -> Interaction:
    """A fresh interaction, stamped with the emulator's clock."""
    return Interaction(
        id=world.ids.next(),
        token=f"emu_{secrets.token_urlsafe(48)}",
        type=kind,
        user=user,
        guild=world.guild_of(channel),
        channel=channel,
        data=data,
        created_at=world.clock.now(),
        message=message,
    )


def apply_callback(
    world: World, interaction: Interaction, body: Json, uploads: list[Upload] | None = None
) -> Json:
    """Accept (or reject) the bot's callback; returns the with_response body."""
    if interaction.acknowledged:
        raise APIError(
            400,
            40060,
            "Interaction has already been acknowledged.",
            violation="already_acknowledged",
        )
    if world.clock.now() - interaction.created_at > CALLBACK_DEADLINE:
        raise unknown_interaction("late_callback")
    kind = body.get("type")
    if not isinstance(kind, int) or kind not in ALLOWED_CALLBACKS.get(interaction.type, set()):
        raise _invalid_type(
            f"Callback type {kind} is not valid for interaction type {interaction.type}"
        )
    data = body.get("data") or {}
    resource = _respond(world, interaction, kind, data, uploads or [])
    interaction.callback_type = kind
    interaction.callback_at = world.clock.now()
    world.changed()
    answer: Json = {"interaction": {"id": str(interaction.id), "type": interaction.type}}
    target = interaction.original
    if target is not None and kind in (MESSAGE, DEFERRED_MESSAGE, UPDATE):
        answer["interaction"].update(
            {
                "response_message_id": str(target.id),
                "response_message_loading": kind == DEFERRED_MESSAGE,
                "response_message_ephemeral": target.ephemeral,
            }
        )
    if resource is not None:
        answer["resource"] = resource
    return answer


def _respond(
    world: World, interaction: Interaction, kind: int, data: Json, uploads: list[Upload]
) -> Json | None:
    if kind == MESSAGE:
        limits.check_message(data, prefix=("data",))
        interaction.original = _new_response(world, interaction, data, uploads)
        return {"type": kind, "message": interaction.original.payload()}
    if kind == DEFERRED_MESSAGE:
        flags = int(data.get("flags") or 0) & EPHEMERAL
        body = {"flags": flags}
        interaction.original = _new_response(world, interaction, body, [], loading=True)
        return {"type": kind}
    if kind in (DEFERRED_UPDATE, UPDATE):
        target = interaction.message or _modal_source_message(interaction)
        if kind == UPDATE:
            limits.check_message(data, prefix=("data",), creating=False)
            edit_message(world, target, data, uploads)
        interaction.original = target
        return {"type": kind, "message": target.payload()} if kind == UPDATE else {"type": kind}
    if kind == CHOICES:
        limits.check_choices(data)
        interaction.choices = list(data["choices"])
        return None
    limits.check_modal(data)
    interaction.modal = data
    return None


def _modal_source_message(interaction: Interaction) -> Message:
    """A modal opened by a slash command has no message to update."""
    raise _invalid_type(
        "This modal was not opened from a message, so there is no message to update"
    )


def _invalid_type(message: str) -> APIError:
    error = {"code": "INTERACTION_RESPONSE_TYPE_INVALID", "message": message}
    return invalid_form_body({"type": {"_errors": [error]}}, violation="callback_type_invalid")


def _new_response(
    world: World,
    interaction: Interaction,
    body: Json,
    uploads: list[Upload],
    *,
    loading: bool = False,
) -> Message:
    ephemeral = bool(int(body.get("flags") or 0) & EPHEMERAL)
    extra: Json = {
        "type": 20 if interaction.type == APPLICATION_COMMAND else 0,
        "webhook_id": world.app.id,
        "application_id": world.app.id,
        "interaction_metadata": interaction.metadata(),
        "flags": LOADING if loading else 0,
    }
    if interaction.type == APPLICATION_COMMAND:
        extra["interaction"] = {
            "id": str(interaction.id),
            "type": interaction.type,
            "user": interaction.user.payload(),
            "name": interaction.data.get("name", ""),
        }
    return create_message(
        world,
        interaction.channel,
        body,
        uploads,
        author=world.bot,
        ephemeral_for=interaction.user.id if ephemeral else None,
        extra=extra,
    )


def check_token(world: World, interaction: Interaction) -> None:
    """Webhook access with this interaction's token: younger than 15 min, after the callback."""
    if world.clock.now() - interaction.created_at > TOKEN_LIFETIME:
        raise APIError(401, 50027, "Invalid Webhook Token", violation="expired_token")
    if not interaction.acknowledged:
        raise APIError(404, 10015, "Unknown Webhook", violation="webhook_before_callback")


def send_followup(
    world: World, interaction: Interaction, body: Json, uploads: list[Upload]
) -> Message:
    """A followup message (ephemeral if flag 64)."""
    check_token(world, interaction)
    limits.check_message(body)
    if (
        interaction.callback_type in (DEFERRED_MESSAGE,)
        and interaction.original is not None
        and interaction.original.loading
    ):
        # The first followup after a thinking defer completes the deferred message.
        message = edit_message(world, interaction.original, body, uploads)
        return message
    message = _new_response(world, interaction, body, uploads)
    interaction.followups.append(message)
    return message


def webhook_message(world: World, interaction: Interaction, message_id: str) -> Message:
    """The message `@original` or an id names, if this token created it."""
    check_token(world, interaction)
    if message_id == "@original":
        if interaction.original is None or interaction.original.deleted:
            raise unknown_message(violation="no_original_response")
        return interaction.original
    for message in [interaction.original, *interaction.followups]:
        if message is not None and str(message.id) == message_id and not message.deleted:
            return message
    raise unknown_message(violation="message_not_from_this_token")


def edit_webhook_message(
    world: World, interaction: Interaction, message_id: str, body: Json, uploads: list[Upload]
) -> Message:
    """PATCH /webhooks/{app}/{token}/messages/{id or @original}."""
    message = webhook_message(world, interaction, message_id)
    limits.check_message(body, creating=False)
    return edit_message(world, message, body, uploads)
