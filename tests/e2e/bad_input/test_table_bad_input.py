"""Bad input never breaks a table: each mistake gets a short private explanation within
Discord's 3 seconds and changes nothing."""

from __future__ import annotations

import asyncio

from tests.e2e.tables import (
    Player,
    action_controls,
    click_custom_id,
    fill_and_start,
    open_table,
    refused,
    stored_actions,
    table_id_of,
)
from tests.emulator import DiscordEnv
from tests.emulator.world.model import Message


async def seated_game(env: DiscordEnv) -> Message:
    """bob (host) and carol with two computers, at Euchre to 5, started."""
    bob, carol = env.member("bob"), env.member("carol")
    table = await open_table(env, bob, "euchre", target=5)
    await carol.click(table, "Join")
    await env.wait_for(lambda: "Seat 2: carol" in table.text)
    refused(await carol.click(table, "Start"), "Only the host can start")
    await fill_and_start(env, bob, table)
    return table


async def test_lobby_mistakes_are_refused_privately(table_env: DiscordEnv) -> None:
    env = table_env
    bob, carol, dave = env.member("bob"), env.member("carol"), env.member("dave")
    table = await open_table(env, bob, "over_the_rhine")
    refused(await bob.click(table, "Join"), "already seated")
    refused(await carol.click(table, "Leave"), "not seated")
    await carol.click(table, "Join")
    await env.wait_for(lambda: "Seat 2: carol" in table.text)
    greyed = {b["label"]: b for b in table.buttons() if b.get("disabled")}
    assert set(greyed) == {"Join", "Add computer player"}  # the table is full
    refused(await click_custom_id(env, dave, table, greyed["Join"]["custom_id"]), "is full")
    refused(await dave.click(table, "Cancel"), "Only the host or a moderator")
    computer = greyed["Add computer player"]["custom_id"]
    refused(await click_custom_id(env, carol, table, computer), "full")
    before = table.text
    await bob.click(table, "Start")
    await env.wait_for(lambda: "My hand" in str(table.buttons()))
    join = next(c for c in table.buttons() if c["label"] == "My hand")["custom_id"]
    stale_join = join.replace(":hand", ":join")
    refused(await click_custom_id(env, dave, table, stale_join), "already started")
    assert table.text != before  # the game is on, untouched by the refusals


async def test_people_who_are_not_seated_get_no_hand(table_env: DiscordEnv) -> None:
    env = table_env
    table = await seated_game(env)
    dave = env.member("dave")
    refused(await dave.click(table, "My hand"), "not seated at this table")
    refused(await dave.slash("hand", channel="euchre"), "not seated at any open table")


async def test_out_of_turn_double_and_stale_clicks_change_nothing(table_env: DiscordEnv) -> None:
    env = table_env
    table = await seated_game(env)
    table_id = table_id_of(table)
    players = {name: Player(env, env.member(name), table) for name in ("bob", "carol")}
    hands = {name: await p.get_hand() for name, p in players.items()}

    # whoever is to act first: wait for them
    def turn() -> str | None:
        return next((n for n, h in hands.items() if action_controls(h)), None)

    name = await env.wait_for(turn, what="a person's turn")
    other = "carol" if name == "bob" else "bob"
    member, hand = env.member(name), hands[name]
    control = action_controls(hand)[0]
    if control["type"] != 2:
        return  # a select first: the button cases below need a button
    before = stored_actions(env, table_id)

    # out of turn: the other person sends the same (current) action
    refused(await click_custom_id(env, env.member(other), hand, control["custom_id"]), "not")
    assert stored_actions(env, table_id) == before

    # a spare copy of the hand, for a stale click later
    spare = (await member.click(table, "My hand")).message
    assert [c["custom_id"] for c in action_controls(spare)] == [
        c["custom_id"] for c in action_controls(hand)
    ]

    # a double click: two clicks at the same moment apply one action
    first = await member.click(hand, control["custom_id"], wait=False)
    second = await member.click(hand, control["custom_id"], wait=False)
    outcomes = await asyncio.gather(first.answered(), second.answered())
    kinds = sorted(o.kind or "" for o in outcomes)
    assert kinds == ["message", "update"], kinds
    loser = next(o for o in outcomes if o.kind == "message")
    refused(loser, "earlier turn")
    steps = len(control["custom_id"].split(":", 4)[4].split("+"))  # "Order up": order+partner
    assert len(stored_actions(env, table_id)) >= len(before) + steps
    count = len([a for a in stored_actions(env, table_id) if a[2] == "person"])
    assert count == len([a for a in before if a[2] == "person"]) + steps

    # the spare copy, sent from a client that still shows its old turn: a stale click (the
    # spare itself now says the hand is shown in the message used last)
    refused(await click_custom_id(env, member, spare, control["custom_id"]), "earlier turn")
    await env.wait_for(lambda: "no longer changes" in spare.text, what="the spare closed")
    assert count == len([a for a in stored_actions(env, table_id) if a[2] == "person"])
