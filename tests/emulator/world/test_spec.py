"""Tests can describe their own guilds: roles, channels with overwrites, members."""

from __future__ import annotations

import pytest

from tests.emulator.conftest import HELP_COMMAND, Rest
from tests.emulator.errors import ClientRefusal
from tests.emulator.harness.env import DiscordEnv
from tests.emulator.world import permissions as perm
from tests.emulator.world.spec import ChannelSpec, GuildSpec, MemberSpec, OverwriteSpec, RoleSpec

NO_COMMANDS = OverwriteSpec("@everyone", deny=perm.USE_APPLICATION_COMMANDS)


@pytest.fixture
def guild_specs() -> tuple[GuildSpec, ...]:
    club = GuildSpec(
        name="Card Club",
        owner="zoe",
        roles=(RoleSpec("Dealer", perm.MANAGE_GUILD | perm.MANAGE_MESSAGES),),
        channels=(
            ChannelSpec("lobby"),
            ChannelSpec("quiet", overwrites=(NO_COMMANDS,)),
            ChannelSpec("news", overwrites=(OverwriteSpec("Bower", deny=perm.SEND_MESSAGES),)),
        ),
        members=(MemberSpec("zoe"), MemberSpec("yann", roles=("Dealer",)), MemberSpec("bob")),
    )
    return club, GuildSpec(name="Second Club")


async def test_roles_overwrites_and_members_follow_the_spec(
    emulator_env: DiscordEnv, rest: Rest
) -> None:
    env = emulator_env
    assert env.guild.name == "Card Club"
    yann, bob = env.member("yann"), env.member("bob")
    assert perm.has(yann.permissions_in("lobby"), perm.MANAGE_GUILD)
    assert not perm.has(bob.permissions_in("lobby"), perm.MANAGE_GUILD)
    assert env.member("zoe").permissions_in("quiet") == perm.ALL  # the owner

    await rest.register(HELP_COMMAND)
    await bob.slash("help", channel="lobby", wait=False)
    with pytest.raises(ClientRefusal, match="cannot use commands in #quiet"):
        await bob.slash("help", channel="quiet", wait=False)


async def test_the_same_user_can_be_in_two_guilds(emulator_env: DiscordEnv) -> None:
    second = emulator_env.guild_named("Second Club")
    in_club = emulator_env.member("bob")
    in_second = emulator_env.member("bob", guild=second)
    assert in_club.id == in_second.id and in_club.guild is not in_second.guild
    assert [c.name for c in second.channels.values()] == ["general", "euchre", "staff-only"]


async def test_bot_cannot_post_where_its_role_is_denied(
    emulator_env: DiscordEnv, rest: Rest
) -> None:
    news = emulator_env.channel("news")
    with emulator_env.expect_violations() as seen:
        status, body = await rest.post_message(news.id, {"content": "Table open"})
    assert (status, body["code"], body["message"]) == (403, 50013, "Missing Permissions")
    assert seen.kinds == ["missing_permissions"]
    assert news.public_messages() == []
