"""Moderator-only table commands end to end: refused without Manage Server; an ended game
is abandoned and changes no rating."""

from __future__ import annotations

from tests.e2e.tables import fill_and_start, open_table
from tests.emulator import DiscordEnv


async def test_table_end_is_for_moderators_and_an_ended_game_is_not_rated(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    alice, bob = env.member("alice"), env.member("bob")
    table = await open_table(env, bob, "euchre")
    await fill_and_start(env, bob, table)
    number = int((table.embed or {})["title"].rsplit("#", 1)[1])

    for command, options in [("table end", {}), ("table replace", {"seat": 1})]:
        refused = await bob.slash(command, channel="euchre", table=number, **options)
        assert refused.ephemeral
        assert "Only moderators (people with Manage Server)" in refused.message.text
    assert "ended before its finish" not in table.text

    ended = await alice.slash("table end", channel="euchre", table=number)
    assert ended.ephemeral and f"Table #{number} is closed (abandoned)" in ended.message.text
    await env.wait_for(lambda: "ended before its finish" in table.text, what="the closed table")

    board = (await bob.slash("leaderboard show", game="euchre")).message.text
    assert "Nobody has finished a game of Euchre" in board
    history = (await bob.slash("history")).message.text
    assert "hasn't finished a game in this server yet" in history
