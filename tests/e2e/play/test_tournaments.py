"""/tournament through the emulator: members register on the sign-up message, play their
own seats round after round, move between tables by the progressive rule, and see the
final standings with the winner pinged; Swiss with a bye or a computer seat; restarts lose
nothing; every refusal is private and changes nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.e2e.conftest import FAST_TABLES
from tests.e2e.tables import (
    bot_with,
    click_custom_id,
    picture_of,
    refused,
    stored_actions,
)
from tests.e2e.tournament_helpers import (
    StoredTable,
    final_message,
    kept_standings,
    play_round,
    round_message,
    signup_message,
    status_of,
    stored_byes,
    stored_tables,
    tournament_id,
)
from tests.emulator import BotProcess, DiscordEnv, Emulator
from tests.emulator.client.members import Member
from tests.emulator.world.model import Message
from tests.emulator.world.spec import GuildSpec, MemberSpec, RoleSpec

PLAYERS = ("bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan")
#: Start times and round clocks: a minute lasts 0.6 s.
FAST_CLOCKS = {**FAST_TABLES, "TURN_TIMER_SCALE": "0.01"}


@pytest.fixture
def guild_specs() -> tuple[GuildSpec, ...]:
    """The usual club with eight players, and tess who has the tournament role."""
    default = GuildSpec.default()
    return (GuildSpec(
        roles=(*default.roles, RoleSpec("Tournament director")),
        members=(*default.members, MemberSpec("frank"), MemberSpec("grace"),
                 MemberSpec("heidi"), MemberSpec("ivan"),
                 MemberSpec("tess", roles=("Tournament director",))),
    ),)


async def create(env: DiscordEnv, who: Member, name: str, **options: object) -> Message:
    """``/tournament create`` in #euchre and the sign-up message it posts."""
    out = await who.slash("tournament create", channel="euchre", name=name, **options)
    assert out.ephemeral and "is open for sign-up" in out.message.text, out.message.text
    return await env.wait_for(lambda: signup_message(env.channel("euchre"), name),
                              what="the sign-up message")


async def register(env: DiscordEnv, signup: Message, names: tuple[str, ...]) -> None:
    for count, name in enumerate(names, start=1):
        out = await env.member(name).click(signup, "Register")
        assert out.ephemeral and out.message.text == f"You're in: {count} registered.", (
            out.message.text)
    await env.wait_for(lambda: f"Registered ({len(names)})" in signup.text,
                       what="the sign-up message to list everyone")


def members_by_id(env: DiscordEnv, names: tuple[str, ...]) -> dict[int, Member]:
    return {env.member(n).id: env.member(n) for n in names}


def winners(table: StoredTable) -> list[set[int | None]]:
    """The side(s) of a round-1 table that move up: the higher score, or either when level
    (then the totals, equal after one round, leave it to the seed)."""
    sides = [{table.seats[0], table.seats[2]}, {table.seats[1], table.seats[3]}]
    assert table.scores is not None
    first, second = table.scores
    return sides if first == second else [sides[0] if first > second else sides[1]]


def partners(tables: list[StoredTable]) -> set[frozenset[int | None]]:
    found = {frozenset((t.seats[0], t.seats[2])) for t in tables}
    return found | {frozenset((t.seats[1], t.seats[3])) for t in tables}


def assert_progressive_movement(env: DiscordEnv, tid: int) -> None:
    """Round 2 as the rule says from the stored round-1 scores: each table's winners move
    up a table (the top table's stay), the losers down (the bottom table's stay), and
    every pair of partners is new."""
    first, second = stored_tables(env, tid, 1), stored_tables(env, tid, 2)
    top, bottom = first
    up_top, up_bottom = winners(top), winners(bottom)
    assert any(set(second[0].seats) == a | b for a in up_top for b in up_bottom), (
        first, second)
    everyone = set(top.seats) | set(bottom.seats)
    assert set(second[1].seats) == everyone - set(second[0].seats)
    assert not partners(second) & partners(first)


async def test_a_progressive_euchre_night_runs_to_its_final_standings(
    emulator: Emulator, bot_factory: Callable[..., BotProcess]
) -> None:
    env = await bot_with(emulator, bot_factory, FAST_TABLES)
    alice = env.member("alice")
    channel = env.channel("euchre")
    signup = await create(env, alice, "Euchre night", game="euchre", format="progressive",
                          rounds=3, hands=2)
    text = signup.text
    for words in ("Euchre, 4 players a table", "Progressive", "3 rounds × 2 hands",
                  "computer players take the seats", "Round clock:** none",
                  "when the host presses **Start**", "Registered (0)", "Nobody yet."):
        assert words in text, (words, text)
    assert [b["label"] for b in signup.buttons()] == ["Register", "Withdraw", "Start"]
    await register(env, signup, PLAYERS)
    assert "bob, carol, dave, erin, frank, grace, heidi, ivan" in signup.text, signup.text
    tid = tournament_id(signup)

    out = await alice.click(signup, "Start")
    assert out.ephemeral and "has started with 8 players: round 1 is on" in out.message.text
    await env.wait_for(lambda: not signup.buttons(), what="the sign-up buttons to go")
    assert "Started: sign-up is closed" in signup.text
    members = members_by_id(env, PLAYERS)
    for number in (1, 2, 3):
        message = await env.wait_for(lambda n=number: round_message(channel, "Euchre night", n),
                                     timeout=15, what=f"round {number}'s message")
        seating = stored_tables(env, tid, number)
        for table in seating:
            line = f"**Table {table.table_no}:** "
            assert line in message.text, message.text
            assert "<#" in message.text or f"table #{table.table_id}" in message.text
        if number == 1:
            assert "Standings after" not in message.text and not message.attachments
        else:
            assert f"Standings after round {number - 1}" in message.text, message.text
            assert " points (by round: " in message.text, message.text  # point 12
            picture_of(message, "standings.png")
        if number == 2:
            assert_progressive_movement(env, tid)
        bob_table = next(t for t in seating if env.member("bob").id in t.seats)
        out = await env.member("bob").click(message, "My table")
        assert out.ephemeral and f"you sit at **table {bob_table.table_no}**" in out.message.text
        await play_round(env, tid, number, members, seed=number)
        if number == 2:  # an old round's button: a clear answer, nothing changes
            first = round_message(channel, "Euchre night", 1)
            assert first is not None
            await env.wait_for(lambda: status_of(env, tid)[1] == 3, what="round 3")
            out = await env.member("bob").click(first, "My table")
            refused(out, "That was round 1: round 3 is on.")
            assert "you sit at **table" in out.message.text
            assert status_of(env, tid) == ("running", 3)

    final = await env.wait_for(lambda: final_message(channel, "Euchre night"), timeout=15,
                               what="the final message")
    kept = kept_standings(env, tid)
    winners = [u for u, rank, _ in kept if rank == 1]
    assert final.content.startswith("🏆 " + " and ".join(f"<@{u}>" for u in winners))
    assert "**Euchre night**!" in final.content
    assert "final standings" in (final.embed or {}).get("title", "")
    image = picture_of(final, "standings.png")
    assert image.width == 800 and image.height > 8 * 40
    assert sorted(u for u, _, _ in kept) == sorted(members)
    assert status_of(env, tid)[0] == "finished"

    choices = await env.member("carol").autocomplete("tournament results", "tournament", "euch")
    assert [c["name"] for c in choices] == [f"Euchre night (#{tid}, finished)"], choices
    out = await env.member("carol").slash("tournament results", channel="euchre",
                                          tournament=str(tid))
    assert out.ephemeral and "final standings" in out.message.text, out.message.text
    picture_of(out.message, "standings.png")
    out = await env.member("carol").slash("tournament standings", channel="euchre", share=True)
    assert not out.ephemeral and "final standings" in out.message.text


async def test_restarts_between_rounds_and_during_a_round_lose_nothing(
    emulator: Emulator, bot_factory: Callable[..., BotProcess]
) -> None:
    env = await bot_with(emulator, bot_factory, FAST_TABLES)
    assert env.bot is not None
    alice = env.member("alice")
    channel = env.channel("euchre")
    signup = await create(env, alice, "Restart night", game="euchre", rounds=2, hands=4)
    await register(env, signup, PLAYERS)
    tid = tournament_id(signup)
    later = await create(env, alice, "Next night", game="euchre")
    await alice.click(signup, "Start")
    members = members_by_id(env, PLAYERS)
    await env.wait_for(lambda: round_message(channel, "Restart night", 1), what="round 1")
    out = await alice.slash("tournament pause", channel="euchre", tournament=str(tid))
    assert out.ephemeral and "is paused" in out.message.text, out.message.text
    await env.wait_for(lambda: any("⏸️ **Restart night** is paused" in m.content
                                   for m in channel.public_messages()), what="the notice")
    await play_round(env, tid, 1, members)
    await env.settle(quiet=0.5)
    assert status_of(env, tid) == ("paused", 1) and round_message(
        channel, "Restart night", 2) is None
    before = (await env.member("bob").slash("tournament standings", channel="euchre",
                                            tournament=str(tid))).message.text

    await env.bot.stop()  # between rounds
    await env.bot.start()
    after = (await env.member("bob").slash("tournament standings", channel="euchre",
                                           tournament=str(tid))).message.text
    assert after == before and "standings after round 1 of 2" in after, after
    out = await env.member("frank").click(later, "Register")  # a sign-up across the restart
    assert out.message.text == "You're in: 1 registered.", out.message.text
    await env.wait_for(lambda: "Registered (1)" in later.text, what="the sign-up to update")

    out = await alice.slash("tournament resume", channel="euchre", tournament=str(tid))
    assert out.ephemeral and "goes on" in out.message.text, out.message.text
    await env.wait_for(lambda: any(  # round 1 was over while paused: round 2 starts at once
        m.content == "▶️ **Restart night** goes on: round 2 starts now."
        for m in channel.public_messages()), what="the resume notice")
    second = await env.wait_for(lambda: round_message(channel, "Restart night", 2),
                                timeout=15, what="round 2")
    assert "Standings after round 1" in second.text
    tables = stored_tables(env, tid, 2)
    assert len(tables) == 2 and all(t.table_id for t in tables)
    await play_round(env, tid, 2, members, seed=4, moves=12)  # into the round a little
    await env.settle(quiet=0.5)  # every move stored
    moves = {t.table_id: stored_actions(env, t.table_id or 0) for t in tables}
    assert 12 <= sum(len(m) for m in moves.values()) < 40, moves
    await env.bot.stop()  # during a round
    await env.bot.start()
    await play_round(env, tid, 2, members, seed=5)
    final = await env.wait_for(lambda: final_message(channel, "Restart night"), timeout=20,
                               what="the final message")
    kept = kept_standings(env, tid)
    assert sorted(u for u, _, _ in kept) == sorted(members)
    assert final.content.startswith("🏆 <@")
    assert [t.table_id for t in stored_tables(env, tid, 2)] == [t.table_id for t in tables]
    for table_id, before_restart in moves.items():  # the round's tables resumed
        after_restart = stored_actions(env, table_id or 0)
        assert after_restart[: len(before_restart)] == before_restart
        assert [n for n, _, _ in after_restart] == list(range(len(after_restart)))
    assert any(len(stored_actions(env, t or 0)) > len(m) for t, m in moves.items())
    assert status_of(env, tid)[0] == "finished"


async def test_swiss_over_the_rhine_with_a_bye_and_with_a_computer_seat(
    emulator: Emulator, bot_factory: Callable[..., BotProcess]
) -> None:
    env = await bot_with(emulator, bot_factory, {**FAST_TABLES, "TURN_TIMER_SCALE": "0.05"})
    alice = env.member("alice")
    channel = env.channel("euchre")
    five = PLAYERS[:5]
    members = members_by_id(env, five)

    signup = await create(env, alice, "Rhine byes", game="over_the_rhine", fill="bye",
                          rounds=1, round_minutes=1, hands=30)
    assert "Swiss" in signup.text and "byes: players short" in signup.text, signup.text
    await register(env, signup, five)
    tid = tournament_id(signup)
    await alice.click(signup, "Start")
    message = await env.wait_for(lambda: round_message(channel, "Rhine byes", 1), what="round")
    tables, byes = stored_tables(env, tid, 1), stored_byes(env, tid, 1)
    assert len(tables) == 2 and len(byes) == 1
    bye_name = next(n for n in five if env.member(n).id == byes[0])
    assert f"**Bye:** {bye_name} (sits the round out" in message.text, message.text
    assert "The round clock runs out" in message.text
    out = await env.member(bye_name).click(message, "My table")
    assert "you have a bye" in out.message.text, out.message.text
    await env.wait_for(  # a minute lasts 3 s
        lambda: any("⏰ Round 1's time is up" in m.content for m in channel.public_messages()),
        timeout=10, what="the clock")
    await play_round(env, tid, 1, members)
    final = await env.wait_for(lambda: final_message(channel, "Rhine byes"), timeout=15)
    assert f"**{bye_name}**" in final.text  # the bye scores the round's average

    signup = await create(env, alice, "Rhine bots", game="over_the_rhine", rounds=1, hands=2,
                          start_in=1)
    assert "<t:" in signup.text  # the start time
    await register(env, signup, five)
    tid = tournament_id(signup)
    message = await env.wait_for(lambda: round_message(channel, "Rhine bots", 1), timeout=10,
                                 what="the planned start")
    tables = stored_tables(env, tid, 1)
    assert len(tables) == 3 and sum(s is None for t in tables for s in t.seats) == 1
    assert "vs 🤖 Bolt" in message.text or "🤖 Ada vs" in message.text, message.text
    await play_round(env, tid, 1, members, hint=True)  # Hint works at a tournament table
    final = await env.wait_for(lambda: final_message(channel, "Rhine bots"), timeout=15)
    assert final.content.startswith("🏆 <@"), final.content


async def test_refusals_are_private_and_change_nothing(
    emulator: Emulator, bot_factory: Callable[..., BotProcess]
) -> None:
    env = await bot_with(emulator, bot_factory, FAST_TABLES)
    alice, bob, carol, tess = (env.member(n) for n in ("alice", "bob", "carol", "tess"))
    out = await bob.slash("tournament create", channel="euchre", game="euchre")
    refused(out, "Only moderators (Manage Server) or members with the server's tournament role")
    out = await tess.slash("tournament create", channel="euchre", game="euchre")
    refused(out, "Only moderators")
    assert signup_message(env.channel("euchre"), "Euchre night") is None
    await alice.slash("config set", setting="tournament_role", value="Tournament director")
    signup = await create(env, tess, "Tess night", game="euchre", rounds=1, hands=1)
    tid = tournament_id(signup)
    await register(env, signup, PLAYERS[:4])
    shown = signup.text

    refused(await bob.click(signup, "Register"), "You're already registered")
    refused(await carol.click(signup, "Start"), "Only the host (<@")
    refused(await click_custom_id(env, bob, signup, f"bower-tour:start:{tid + 7}"),
            "That button is not valid: nothing was changed.")
    refused(await click_custom_id(env, bob, signup, "bower-tour:seat:1"), "not valid")
    refused(await bob.slash("tournament pause", channel="euchre"), "Only moderators")
    refused(await bob.slash("tournament end", channel="euchre"), "Only moderators")
    assert signup.text == shown and status_of(env, tid) == ("signup", 0)

    out = await tess.click(signup, "Start")
    assert "has started with 4 players" in out.message.text, out.message.text
    refused(await click_custom_id(env, alice, signup, f"bower-tour:start:{tid}"),
            "This tournament has already started.")
    refused(await click_custom_id(env, bob, signup, f"bower-tour:withdraw:{tid}"),
            "Withdrawing is closed: this tournament has started. Ask a moderator to drop you.")
    refused(await click_custom_id(env, env.member("frank"), signup,
                                  f"bower-tour:register:{tid}"), "Registration is closed")
    refused(await bob.slash("tournament end", channel="euchre"), "Only moderators")
    refused(await bob.slash("tournament drop", channel="euchre", member="carol"),
            "Only moderators")
    assert status_of(env, tid) == ("running", 1)
    out = await alice.slash("tournament drop", channel="euchre", member="bob")
    assert f"<@{bob.id}> is dropped from Tess night" in out.message.text, out.message.text
    await env.wait_for(lambda: any(
        m.content.startswith(f"🚪 <@{bob.id}> was dropped from **Tess night**")
        for m in env.channel("euchre").public_messages()), what="the drop notice")
    refused(await alice.slash("tournament drop", channel="euchre", member="bob"),
            "That member isn't playing in this tournament.")
    out = await alice.slash("tournament end", channel="euchre")  # point 10: nothing scored
    assert out.message.text == "Tess night is ended before any hand was scored: nobody won.", \
        out.message.text
    final = await env.wait_for(lambda: final_message(env.channel("euchre"), "Tess night"))
    assert final.content == ("🏁 **Tess night** is over (ended during round 1 before any hand "
                             "was scored): nobody won."), final.content
