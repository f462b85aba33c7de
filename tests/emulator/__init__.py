"""A Discord API emulator for end-to-end tests: REST + gateway on loopback, strict about
Discord's rules, with a member API to act as users. See README.md and client/members.py."""

from tests.emulator.client.members import ChannelView, Member
from tests.emulator.client.outcome import Outcome
from tests.emulator.errors import APIError, ClientRefusal, NoResponse, Violation
from tests.emulator.harness.botproc import BotCrashed, BotProcess
from tests.emulator.harness.env import DiscordEnv
from tests.emulator.server import Emulator
from tests.emulator.world.model import Message
from tests.emulator.world.spec import ChannelSpec, GuildSpec, MemberSpec, OverwriteSpec, RoleSpec

__all__ = [
    "APIError",
    "BotCrashed",
    "BotProcess",
    "ChannelSpec",
    "ChannelView",
    "ClientRefusal",
    "DiscordEnv",
    "Emulator",
    "GuildSpec",
    "Member",
    "MemberSpec",
    "Message",
    "NoResponse",
    "Outcome",
    "OverwriteSpec",
    "RoleSpec",
    "Violation",
]
