"""The member API: act as any guild member and see what that member sees.

    env = discord_env                      # fixture: emulator + the real bot, READY
    alice = env.member("alice")            # alice may Manage Server; bob … erin may not
    euchre = env.channel("euchre")

    out = await alice.slash("table create", game="euchre", target=10, channel="euchre")
    out.kind            # "message", "deferred", "update", "deferred_update", "modal", …
    out.message         # the response message (a live `Message`: later edits show up)
    out.ephemeral       # True if only alice can see it
    out.followups       # followup messages sent with this interaction's token

    table = euchre.last_public()                       # newest public message
    bob = env.member("bob")
    await bob.click(table, "Join")                     # by label or custom_id
    await bob.choose(msg, "Pick a card", ["JH"])       # select menu by placeholder/custom_id
    out = await alice.click(msg, "Settings")           # the bot answers with a modal …
    await alice.submit_modal(out, {"target": "11"})     # … fields by custom_id or label
    await alice.autocomplete("rules", "game", "eu")     # → the choices the bot offers

    bob.ephemerals()            # bob's private messages (oldest first); bob.last_ephemeral()
    euchre.public_messages()    # what everyone sees in #euchre, oldest first
    message.text / .embed / .buttons() / .selects() / .attachments / .edited_timestamp

    await env.wait_for(lambda: "won" in euchre.last_public().text)   # poll on every change
    await env.settle()          # until the bot has been quiet for 100 ms

Every action waits (default 5 s) until the bot answered: the callback arrived and, after a
"thinking" defer, the deferred message was filled in. Pass `wait=False` to get the
`Outcome` at once and `await out.answered()` later. A bot that misses Discord's 3 seconds
raises `NoResponse`; an action the Discord client would not allow (a disabled button, a
message the member cannot see, a missing required option, a command hidden by
permissions) raises `ClientRefusal` before anything is sent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tests.emulator.client import components as comp
from tests.emulator.client import slash
from tests.emulator.client.outcome import Outcome
from tests.emulator.errors import ClientRefusal, NoResponse
from tests.emulator.rest import interactions as flow
from tests.emulator.rest.interactions import new_interaction
from tests.emulator.world import permissions as perm
from tests.emulator.world.guild import Guild
from tests.emulator.world.model import DM, Channel, Message
from tests.emulator.world.model import Member as GuildMember

if TYPE_CHECKING:
    from tests.emulator.harness.env import DiscordEnv

Json = dict[str, Any]


class ChannelView:
    """A channel as the guild sees it."""

    def __init__(self, env: DiscordEnv, channel: Channel) -> None:
        self.env = env
        self.channel = channel

    @property
    def id(self) -> int:
        """The channel id."""
        return self.channel.id

    @property
    def name(self) -> str:
        """The channel name."""
        return self.channel.name

    def public_messages(self) -> list[Message]:
        """Messages everyone can see, oldest first."""
        world = self.env.emulator.world
        found = (world.messages[i] for i in self.channel.message_ids)
        return [m for m in found if not m.deleted and not m.ephemeral]

    def last_public(self) -> Message:
        """The newest public message (AssertionError if there is none)."""
        messages = self.public_messages()
        assert messages, f"#{self.name} has no public messages"
        return messages[-1]

    def threads(self) -> list[ChannelView]:
        """Threads started in this channel."""
        world = self.env.emulator.world
        return [
            ChannelView(self.env, c)
            for c in world.channels.values()
            if c.is_thread and c.parent_id == self.channel.id
        ]

    def __repr__(self) -> str:
        return f"<ChannelView #{self.name}>"


class Member:
    """Acts as one guild member through the Discord client."""

    def __init__(self, env: DiscordEnv, member: GuildMember, guild: Guild) -> None:
        self.env = env
        self.guild_member = member
        self.guild = guild

    @property
    def id(self) -> int:
        """The user id."""
        return self.guild_member.id

    @property
    def name(self) -> str:
        """The username."""
        return self.guild_member.user.username

    @property
    def user(self) -> Any:
        """The emulator's user record."""
        return self.guild_member.user

    def permissions_in(self, channel: str | int | ChannelView | None = None) -> int:
        """The member's permission bits in a channel."""
        return self.guild.permissions_in(self.guild_member, self._channel(channel))

    # ----- seeing ----------------------------------------------------------------------------
    def can_see(self, message: Message) -> bool:
        """Whether this member's client shows the message."""
        if message.deleted:
            return False
        if message.ephemeral:
            return message.ephemeral_for == self.id
        channel = self.env.emulator.world.channels[message.channel_id]
        if channel.type == DM:
            return channel.recipient is self.user
        return perm.has(self.guild.permissions_in(self.guild_member, channel), perm.VIEW_CHANNEL)

    def ephemerals(self, channel: str | int | ChannelView | None = None) -> list[Message]:
        """Ephemeral messages shown to this member (in one channel or all), oldest first."""
        world = self.env.emulator.world
        wanted = None if channel is None else self._channel(channel).id
        return [
            m
            for m in sorted(world.messages.values(), key=lambda m: m.id)
            if m.ephemeral_for == self.id
            and not m.deleted
            and (wanted is None or m.channel_id == wanted)
        ]

    def last_ephemeral(self, channel: str | int | ChannelView | None = None) -> Message:
        """The newest ephemeral message shown to this member."""
        messages = self.ephemerals(channel)
        assert messages, f"{self.name} has no ephemeral messages"
        return messages[-1]

    def dms(self) -> list[Message]:
        """Direct messages the bot sent this member, oldest first."""
        world = self.env.emulator.world
        return [
            world.messages[i]
            for c in world.channels.values()
            if c.type == DM and c.recipient is self.user
            for i in c.message_ids
            if not world.messages[i].deleted
        ]

    # ----- acting ----------------------------------------------------------------------------
    async def slash(
        self,
        command: str,
        /,
        *,
        channel: str | int | ChannelView | None = None,
        wait: bool = True,
        timeout: float = 5.0,
        **options: Any,
    ) -> Outcome:
        """Run `/command` (subcommands space-separated) with options."""
        where = self._channel(channel)
        data = slash.command_data(
            self.env.emulator.world, self.guild, self.guild_member, where, command, options
        )
        return await self._send(flow.APPLICATION_COMMAND, where, data, None, wait, timeout)

    async def forged_slash(
        self,
        command: str,
        /,
        forged: Mapping[str, Any],
        *,
        channel: str | int | ChannelView | None = None,
        timeout: float = 5.0,
        **options: Any,
    ) -> Outcome:
        """`/command` as a tampered client sends it: ``options`` checked as the client does
        (give a valid value for each forged option too), then each option in ``forged``
        sent with its forged value instead (a choice no list offers, any length)."""
        where = self._channel(channel)
        data = slash.command_data(
            self.env.emulator.world, self.guild, self.guild_member, where, command, options
        )
        _forge_options(data.get("options") or [], forged)
        return await self._send(flow.APPLICATION_COMMAND, where, data, None, True, timeout)

    async def autocomplete(
        self,
        command: str,
        option: str,
        typed: str = "",
        /,
        *,
        channel: str | int | ChannelView | None = None,
        timeout: float = 5.0,
        **options: Any,
    ) -> list[Json]:
        """Type `typed` into `option` of `/command`; return the choices the bot offers."""
        outcome = await self.typing_in(
            command, option, typed, channel=channel, timeout=timeout, **options
        )
        return outcome.choices

    async def typing_in(
        self,
        command: str,
        option: str,
        typed: str = "",
        /,
        *,
        channel: str | int | ChannelView | None = None,
        wait: bool = True,
        timeout: float = 5.0,
        **options: Any,
    ) -> Outcome:
        """The autocomplete interaction behind `autocomplete`, as an `Outcome`."""
        where = self._channel(channel)
        world = self.env.emulator.world
        data = slash.command_data(
            world,
            self.guild,
            self.guild_member,
            where,
            command,
            {**options, option: typed},
            focused=option,
        )
        return await self._send(flow.AUTOCOMPLETE, where, data, None, wait, timeout)

    async def click(
        self, message: Message, target: str, *, wait: bool = True, timeout: float = 5.0
    ) -> Outcome:
        """Click the button labelled (or with custom_id) `target` on a message."""
        button = self._component(message, target, (comp.BUTTON,))
        if button.get("style") in (comp.LINK_STYLE, comp.PREMIUM_STYLE):
            raise ClientRefusal(f"{target!r} is a link button: clicking opens a URL, not the bot")
        data = {"custom_id": button["custom_id"], "component_type": comp.BUTTON}
        return await self._send(
            flow.MESSAGE_COMPONENT, self._where(message), data, message, wait, timeout
        )

    async def choose(
        self,
        message: Message,
        target: str,
        values: str | Sequence[str],
        *,
        wait: bool = True,
        timeout: float = 5.0,
    ) -> Outcome:
        """Pick `values` in the select menu `target` (placeholder or custom_id)."""
        select = self._component(message, target, comp.SELECTS)
        chosen = [values] if isinstance(values, str) else list(values)
        low, high = select.get("min_values", 1), select.get("max_values", 1)
        if not low <= len(chosen) <= high:
            raise ClientRefusal(f"{target!r} takes {low}–{high} values, got {len(chosen)}")
        if select["type"] == comp.STRING_SELECT:
            offered = [o["value"] for o in select.get("options", [])]
            if any(v not in offered for v in chosen):
                raise ClientRefusal(f"{target!r} offers {offered}, not {chosen}")
        data = {
            "custom_id": select["custom_id"],
            "component_type": select["type"],
            "values": chosen,
        }
        return await self._send(
            flow.MESSAGE_COMPONENT, self._where(message), data, message, wait, timeout
        )

    async def submit_modal(
        self,
        opened: Outcome,
        values: Mapping[str, Any] | None = None,
        *,
        wait: bool = True,
        timeout: float = 5.0,
    ) -> Outcome:
        """Fill in and submit the modal `opened` showed; fields by custom_id or label."""
        modal = opened.interaction.modal
        if modal is None or opened.interaction.user.id != self.id:
            raise ClientRefusal(f"{self.name} has no such modal open")
        if opened.interaction.modal_submitted:
            raise ClientRefusal("this modal was already submitted and closed")
        filled = _modal_values(modal, dict(values or {}))
        data = {
            "custom_id": modal["custom_id"],
            "components": comp.modal_submission(modal["components"], filled),
        }
        source = opened.interaction
        source.modal_submitted = True
        return await self._send(
            flow.MODAL_SUBMIT, source.channel, data, source.message, wait, timeout
        )

    # ----- helpers ---------------------------------------------------------------------------
    def _channel(self, channel: str | int | ChannelView | Channel | None) -> Channel:
        if channel is None:  # the first text channel of the member's own guild
            return next(c for c in self.guild.channels.values() if not c.is_thread)
        if isinstance(channel, Channel):
            return channel
        if isinstance(channel, ChannelView):
            return channel.channel
        return self.env.channel(channel, guild=self.guild).channel

    def _where(self, message: Message) -> Channel:
        return self.env.emulator.world.channels[message.channel_id]

    def _component(self, message: Message, target: str, kinds: tuple[int, ...]) -> Json:
        if not self.can_see(message):
            raise ClientRefusal(f"{self.name} cannot see message {message.id}")
        try:
            component = comp.find_interactive(message.components, target, kinds)
        except LookupError as error:
            raise ClientRefusal(str(error)) from None
        if component.get("disabled"):
            raise ClientRefusal(f"{target!r} is disabled; Discord's client cannot use it")
        return component

    async def _send(
        self,
        kind: int,
        channel: Channel,
        data: Json,
        message: Message | None,
        wait: bool,
        timeout: float,
    ) -> Outcome:
        emulator = self.env.emulator
        interaction = new_interaction(
            emulator.world, kind, self.user, channel, data, message=message
        )
        emulator.register(interaction)
        delivered = emulator.gateway.dispatch_interaction(interaction.payload(emulator.world))
        if wait and not delivered:
            raise NoResponse("no bot is connected to the gateway to receive the interaction")
        outcome = Outcome(self.env, interaction)
        return await outcome.answered(timeout) if wait else outcome

    def __repr__(self) -> str:
        return f"<Member {self.name}>"


def _forge_options(options: list[Json], forged: Mapping[str, Any]) -> None:
    """Put ``forged`` values in place of the named options (in subcommands too)."""
    for option in options:
        if option["name"] in forged and "value" in option:
            option["value"] = forged[option["name"]]
        _forge_options(option.get("options") or [], forged)


def _modal_values(modal: Json, given: dict[str, Any]) -> dict[str, Any]:
    """Map labels to custom_ids and check required fields and lengths, like the client."""
    fields = comp.modal_inputs(modal.get("components") or [])
    labels = _labels(modal.get("components") or [])
    result: dict[str, Any] = {}
    for key, value in given.items():
        match = next(
            (
                f
                for f in fields
                if key in (f.get("custom_id"), labels.get(f["custom_id"]), f.get("label"))
            ),
            None,
        )
        if match is None:
            raise ClientRefusal(f"the modal has no field {key!r}")
        result[match["custom_id"]] = value
    for field in fields:
        value = result.get(field["custom_id"], field.get("value") or "")
        if field.get("type") == comp.TEXT_INPUT:
            if field.get("required", True) and not value:
                raise ClientRefusal(f"modal field {field['custom_id']!r} is required")
            low, high = field.get("min_length", 0), field.get("max_length", 4000)
            if value and not low <= len(str(value)) <= high:
                raise ClientRefusal(
                    f"modal field {field['custom_id']!r} takes {low}–{high} characters"
                )
    return result


def _labels(components: list[Json]) -> dict[str, str]:
    """custom_id → label for fields wrapped in label components."""
    return {
        c["component"]["custom_id"]: c.get("label", "")
        for c in comp.walk(components)
        if c.get("type") == comp.LABEL
        and isinstance(c.get("component"), dict)
        and "custom_id" in c["component"]
    }
