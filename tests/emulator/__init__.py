"""A Discord API emulator for end-to-end tests: REST + gateway on loopback, strict about
Discord's rules, with a member API to act as users. See README.md and members.py."""

from tests.emulator.botproc import BotCrashed, BotProcess
from tests.emulator.env import DiscordEnv
from tests.emulator.errors import APIError, ClientRefusal, NoResponse, Violation
from tests.emulator.members import ChannelView, Member
from tests.emulator.model import Message
from tests.emulator.outcome import Outcome
from tests.emulator.server import Emulator
from tests.emulator.spec import ChannelSpec, GuildSpec, MemberSpec, OverwriteSpec, RoleSpec

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
