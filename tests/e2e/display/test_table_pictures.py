"""Pictures on the table and the hand, and a moderator's switch that turns them off:
the text then carries everything alone."""

from __future__ import annotations

from tests.e2e.tables import Player, fill_and_start, hand_picture, open_table, picture_of
from tests.emulator import DiscordEnv


async def test_a_server_can_turn_pictures_off_and_on_again(table_env: DiscordEnv) -> None:
    env = table_env
    alice, bob = env.member("alice"), env.member("bob")
    table = await open_table(env, bob, "euchre", target=5)
    await fill_and_start(env, bob, table)
    await env.wait_for(lambda: table.attachments, what="the table picture")
    first = picture_of(table, "table.png")
    player = Player(env, bob, table)
    hand = await player.get_hand()
    await hand_picture(env, hand)

    out = await alice.slash("config set", setting="pictures", value="off", channel="euchre")
    assert out.ephemeral and "pictures" in out.message.text
    player.expect_pictures = False
    assert await player.move()
    await env.wait_for(lambda: not table.attachments, what="the table picture gone")
    assert "image" not in (table.embed or {})
    assert not hand.attachments and "Your hand" in hand.text
    assert "Score:" in table.text and "Cards in hand:" in table.text  # the table, in words

    await alice.slash("config set", setting="four_colour", value="off", channel="euchre")
    await alice.slash("config set", setting="pictures", value="on", channel="euchre")
    assert await player.move()
    await env.wait_for(lambda: table.attachments, what="the table picture back")
    assert picture_of(table, "table.png").size == first.size
    await hand_picture(env, hand)
