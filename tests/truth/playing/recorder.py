"""Every version of every message Bower posts or edits, as it was shown, recorded in the
emulated Discord as it happens."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from tests.emulator.world.model import Message
from tests.emulator.world.state import World


@dataclass(frozen=True)
class Shown:
    """One version of a message: what it said and when (seconds since the epoch)."""

    message_id: int
    channel_id: int
    private_for: int | None  # the member an ephemeral message shows to
    version: int
    at: float
    text: str
    title: str
    #: The enabled controls: (custom id, label or the option's value) of each button and
    #: of each option of a select.
    controls: tuple[tuple[str, str], ...] = ()
    deleted: bool = False  # the message was deleted: nothing shows any more
    #: Each attached picture's description (its alt text, read aloud by screen readers).
    alts: tuple[str, ...] = ()


@dataclass
class Recorder:
    """Keeps each version of every message the bot makes or changes."""

    shown: list[Shown] = field(default_factory=list)
    _versions: dict[int, int] = field(default_factory=dict)

    def install(self, world: World) -> None:
        """Record through the world's message events (sent for creations and edits of
        public and private messages alike, before Discord filters private ones out)."""
        original = world.message_event

        def recording(event: str, message: Message) -> None:
            if message.author.id == world.bot.id and not message.loading:
                self.keep(message)
            original(event, message)

        world.message_event = recording  # type: ignore[method-assign]
        delete = world.delete_message

        def deleting(message: Message) -> None:
            if message.author.id == world.bot.id:
                self.keep(message, deleted=True)
            delete(message)

        world.delete_message = deleting  # type: ignore[method-assign]

    def keep(self, message: Message, deleted: bool = False) -> None:
        """Note the message as it reads now (or that it was deleted)."""
        version = self._versions.get(message.id, -1) + 1
        self._versions[message.id] = version
        embed: dict[str, Any] = message.embed or {}
        if deleted:
            self.shown.append(Shown(message.id, message.channel_id, message.ephemeral_for,
                                    version, time.time(), "", "", (), deleted=True))
            return
        self.shown.append(Shown(message.id, message.channel_id, message.ephemeral_for, version,
                                time.time(), message.text, str(embed.get("title", "")),
                                controls(message), alts=alt_texts(message)))


def alt_texts(message: Message) -> tuple[str, ...]:
    """The descriptions of the message's attachments that have one."""
    return tuple(a.description for a in message.attachments if a.description)


def controls(message: Message) -> tuple[tuple[str, str], ...]:
    """The message's enabled buttons and select options, as (custom id, label or value)."""
    found = [(str(b.get("custom_id", "")), str(b.get("label", ""))) for b in message.buttons()
             if not b.get("disabled")]
    for select in message.selects():
        if not select.get("disabled"):
            found += [(str(select.get("custom_id", "")), str(o.get("value", "")))
                      for o in select.get("options", [])]
    return tuple(found)
