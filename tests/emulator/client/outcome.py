"""`Outcome`: what the bot did with one interaction, read live from the emulator."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tests.emulator.errors import NoResponse
from tests.emulator.rest import interactions as flow
from tests.emulator.rest.interactions import Interaction
from tests.emulator.world.model import Message

if TYPE_CHECKING:
    from tests.emulator.harness.env import DiscordEnv

Json = dict[str, Any]
KINDS = {
    4: "message",
    5: "deferred",
    6: "deferred_update",
    7: "update",
    8: "autocomplete",
    9: "modal",
}


class Outcome:
    """What the bot did with one interaction; all properties read live state."""

    def __init__(self, env: DiscordEnv, interaction: Interaction) -> None:
        self.env = env
        self.interaction = interaction

    @property
    def kind(self) -> str | None:
        """The callback kind, or None before the bot answered."""
        return KINDS.get(self.interaction.callback_type or 0)

    @property
    def message(self) -> Message:
        """The created or updated message (`@original`); AssertionError if there is none."""
        original = self.interaction.original
        assert original is not None, f"the bot answered with no message (kind {self.kind})"
        return original

    @property
    def has_message(self) -> bool:
        """Whether the answer created or updated a message."""
        return self.interaction.original is not None

    @property
    def ephemeral(self) -> bool:
        """True if the response message is visible only to the member."""
        original = self.interaction.original
        return original is not None and original.ephemeral

    @property
    def followups(self) -> list[Message]:
        """Followup messages, in order."""
        return list(self.interaction.followups)

    @property
    def messages(self) -> list[Message]:
        """The response message (if any) and the followups."""
        first = [self.message] if self.has_message else []
        return first + self.followups

    @property
    def modal(self) -> Json:
        """The modal the bot opened; AssertionError if it answered otherwise."""
        modal = self.interaction.modal
        assert modal is not None, f"the bot answered with no modal (kind {self.kind})"
        return modal

    @property
    def choices(self) -> list[Json]:
        """Autocomplete choices offered."""
        return list(self.interaction.choices or [])

    def is_complete(self) -> bool:
        """Answered, and not still "thinking"."""
        interaction = self.interaction
        if not interaction.acknowledged:
            return False
        original = interaction.original
        return not (
            interaction.callback_type == flow.DEFERRED_MESSAGE
            and original is not None
            and original.loading
            and not original.deleted
        )

    async def answered(self, timeout: float = 5.0) -> Outcome:
        """Wait for the answer; raise NoResponse if Discord would show "did not respond"."""
        world = self.env.emulator.world
        created = self.interaction.created_at

        def done_or_expired() -> bool:
            late = (
                not self.interaction.acknowledged
                and world.clock.now() - created > flow.CALLBACK_DEADLINE + 0.25
            )
            return self.is_complete() or late

        try:
            await self.env.wait_for(done_or_expired, timeout=timeout, what=self._describe())
        except AssertionError as error:
            raise NoResponse(str(error)) from None
        if not self.is_complete():
            raise NoResponse(
                f"{self._describe()}: no callback within Discord's 3 seconds; "
                "the user sees 'The application did not respond'"
            )
        return self

    async def followup_count(self, count: int, timeout: float = 5.0) -> list[Message]:
        """Wait until at least `count` followups were sent; return them."""
        await self.env.wait_for(
            lambda: len(self.interaction.followups) >= count,
            timeout=timeout,
            what=f"{count} followup(s)",
        )
        return self.followups

    def _describe(self) -> str:
        data = self.interaction.data
        label = data.get("name") or data.get("custom_id") or "?"
        return f"the bot's answer to {self.interaction.user}'s interaction {label!r}"

    def __repr__(self) -> str:
        return f"<Outcome {self.kind} ephemeral={self.ephemeral} message={self.message!r}>"
