"""A leaver's past stays theirs, end to end: after Bob leaves during hand 2 his seat reads
"bob (left, 🤖 plays on)" at the table (never a computer's name for his calls and cards),
the review deals hand 1 to him (and looks at his decisions), /review without a game opens
it as his latest, his /history names him on his side, and his /stats counts the hands he
played."""

from __future__ import annotations

import re

from tests.e2e.tables import (
    Player,
    action_controls,
    fill_and_start,
    game_over,
    open_table,
    table_id_of,
)
from tests.emulator import DiscordEnv
from tests.emulator.world.model import Message

LEFT = "bob (left, 🤖 plays on)"
BOBS_COMPUTER = "Ada"  # the name a computer in seat 1 would have
GAME_END = 120.0


async def play_until(env: DiscordEnv, players: list[Player], table: Message, hand: str) -> None:
    """The people move in turn until the table shows ``hand`` (``Hand 2 ·``)."""
    for player in players:
        await player.get_hand()
    while hand not in table.text:
        await env.wait_for(
            lambda: game_over(table) or any(action_controls(p.hand) for p in players if p.hand),
            timeout=20, what="someone's turn",
        )
        assert not game_over(table), "the game ended too soon"
        mover = next(p for p in players if p.hand and action_controls(p.hand))
        assert await mover.move()
        await env.settle()


async def test_a_leavers_calls_review_history_and_hands_stay_theirs(table_env: DiscordEnv) -> None:
    env = table_env
    bob, carol = env.member("bob"), env.member("carol")
    table = await open_table(env, bob, "euchre", target=6)
    await carol.click(table, "Join")
    await env.wait_for(lambda: "Seat 2: carol" in table.text)
    await fill_and_start(env, bob, table)
    number = table_id_of(table)
    bobs, carols = Player(env, bob, table), Player(env, carol, table)
    await play_until(env, [bobs, carols], table, "Hand 2 ·")
    assert bobs.moves >= 1

    asked = await bob.slash("table leave", channel="euchre", table=number)
    await bob.click(asked.message, "Leave the game")
    await env.wait_for(lambda: LEFT in table.text, what="the seat read as bob's")
    assert BOBS_COMPUTER not in table.text, table.text
    channel = env.channel("euchre")
    told = "bob left the game: 🤖 a normal computer plays on in their seat."
    await env.wait_for(
        lambda: any(told in m.text for m in channel.public_messages()), what="the channel told"
    )

    await carols.play_to_end()
    await env.wait_for(lambda: game_over(table), timeout=GAME_END, what="the end")
    assert f"Seat 1: {LEFT}" in table.text and BOBS_COMPUTER not in table.text

    mine = (await bob.slash("history")).message.text
    assert f"#{number} · left during hand 2 · <@{bob.id}> (left, 🤖 plays on) & " in mine, mine
    assert f"<@{bob.id}> (left, 🤖 plays on)" in (await carol.slash("history")).message.text
    stats = (await bob.slash("stats", game="euchre")).message.text
    assert re.search(r"1 game · 0 won \(0%\) · 2 hands", stats), stats

    latest = (await bob.slash("review")).message  # point 2: his latest game is this one
    assert f"#{number} · hand 1 of" in latest.text, latest.text
    review = (await bob.slash("review", game=str(number))).message
    assert "hand 1 of" in review.text and "deal and auction" in review.text
    assert re.search(r"^bob: ", review.text, re.M), review.text  # hand 1 dealt to bob
    assert "(left)" not in review.text.split("**🤖 The computer's opinion**")[0]
    assert "did not play in this game" not in review.text  # his decisions are looked at
    await bob.click(review, "Last ⏭")
    assert LEFT in review.text and BOBS_COMPUTER not in review.text
