"""Playing a plan through the emulated Discord: members open or queue for a table, choose
their moves from the buttons and selects of their hands, leave, get replaced by a
moderator, and look at their records and reviews afterwards."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from collections.abc import Sequence
from functools import partial
from pathlib import Path

from tests.e2e.tables import (
    Player,
    fewer_open_seats,
    game_over,
    has_button,
    open_table,
    table_id_of,
    table_message,
)
from tests.emulator import DiscordEnv
from tests.emulator.client import slash
from tests.emulator.client.members import Member
from tests.emulator.client.outcome import Outcome
from tests.emulator.rest import interactions as flow
from tests.emulator.world.model import Message
from tests.truth.playing.bidding import StoredBids
from tests.truth.playing.hints import HintingPlayer
from tests.truth.playing.plans import TOURNAMENTS, Plan
from tests.truth.playing.tournament import play_tournament

CHANNEL = "euchre"
PEOPLE = ("alice", "bob", "carol")  # alice moderates (Manage Server); carol only in tournaments
#: How long a whole game may take before the audit gives it up.
GAME_TIMEOUT = 240.0
#: Moves a person may make in one game (Cincinnati's failed Moons can make a long one).
MAX_MOVES = 2_000
#: The share of tables whose host presses Start with seats still open (computer players
#: take them as the game starts).
OPEN_AT_START = 0.5
OPEN = "— open —"
#: The share of tables whose lobby seats change hands before the start: a member leaves
#: and sits down again, the host adds a computer player and empties its seat.
CHANGING_LOBBY = 0.5


async def play_plan(env: DiscordEnv, plan: Plan) -> list[Member]:
    """Play one planned game to its end (an audit error if it stalls); the members who
    played it."""
    rng = random.Random(plan.seed)
    if plan.scenario in TOURNAMENTS:
        entrants = PEOPLE[: plan.people]
        await play_tournament(env, plan, entrants)
        return [env.member(name) for name in entrants]
    people = [env.member(name) for name in PEOPLE[: plan.people]]
    if plan.scenario == "play":
        table = await queued_table(env, people[0], plan)
    else:
        table = await seated_table(env, people, plan)
    assert env.bot is not None
    players = [HintingPlayer(env, m, table, rng=random.Random(rng.random()),
                             expect_pictures=False,
                             advisor=StoredBids(env.bot.database_path, m.id))
               for m in people]
    leaving = plan.scenario in ("leaver", "replace") and len(players) > 1
    if leaving:
        after = rng.randint(1, 6)
        players[1].stop = lambda: players[1].moves >= after
    await asyncio.wait_for(asyncio.gather(
        *(p.play_to_end(MAX_MOVES) for p in players),
        *([depart(env, plan, players, table)] if leaving else []),
    ), GAME_TIMEOUT)
    await env.wait_for(lambda: game_over(table), timeout=30, what="the end of the game")
    return people


async def seated_table(env: DiscordEnv, people: list[Member], plan: Plan) -> Message:
    """``/table create`` by the first member, the others join, computers fill the rest."""
    table = await open_table(env, people[0], plan.variant, channel=CHANNEL,
                             players=plan.players, **plan.options)
    for member in people[1:]:
        await member.click(table, "Join")

        def joined(name: str = member.name) -> bool:
            return f": {name}" in table.text

        await env.wait_for(joined, what="the join")
    if random.Random(f"{plan.seed}:changes").random() < CHANGING_LOBBY:
        await change_seats(env, people, table)
    await seat_computers_and_start(env, people[0], table, random.Random(f"{plan.seed}:lobby"))
    return table


async def change_seats(env: DiscordEnv, people: list[Member], table: Message) -> None:
    """Seats change hands in the lobby: the last member to join leaves and joins again;
    the host adds a computer player to an open seat and empties it again."""
    if len(people) > 1:
        member = people[-1]
        await member.click(table, "Leave")
        await env.wait_for(lambda: f": {member.name}" not in table.text, what="the leave")
        await member.click(table, "Join")
        await env.wait_for(lambda: f": {member.name}" in table.text, what="the join")
    before = table.text.count(OPEN)
    if not before:
        return
    host = people[0]
    await host.click(table, "Add computer player")
    await env.wait_for(partial(fewer_open_seats, table, before), what="the computer")
    menu = (await host.click(table, "Remove player")).message
    [select] = menu.selects()
    computer = next(o["value"] for o in select["options"] if "🤖" in o["label"])
    await host.choose(menu, "Choose who leaves the table", computer)
    await env.wait_for(lambda: table.text.count(OPEN) == before, what="the seat emptied")


async def seat_computers_and_start(env: DiscordEnv, host: Member, table: Message,
                                   rng: random.Random) -> None:
    """The host adds computer players to the open seats (to all of them, or, on some
    tables, to all but a seeded few), then starts: computers take the seats left open."""
    still_open = table.text.count(OPEN)
    keep = rng.randint(1, still_open) if still_open and rng.random() < OPEN_AT_START else 0
    while table.text.count(OPEN) > keep:
        before = table.text.count(OPEN)
        out = await host.click(table, "Add computer player")
        assert out.kind == "deferred_update", out.kind
        await env.wait_for(partial(fewer_open_seats, table, before), timeout=15)
    await host.click(table, "Start")
    await env.wait_for(lambda: has_button(table, "My hand"), timeout=15, what="the game to start")


async def queued_table(env: DiscordEnv, member: Member, plan: Plan) -> Message:
    """``/play`` with a one-minute wait; computers fill the table it opens."""
    options = {"game": plan.variant, "wait": 1, "players": plan.players, **plan.options}
    channel = env.channel(CHANNEL)
    before = {m.id for m in channel.public_messages()}
    out = await queue(env, member, options)
    assert out.ephemeral, out.kind

    def opened() -> Message | None:
        found = table_message(channel)
        return found if found is not None and found.id not in before else None

    found: Message | None = await env.wait_for(opened, timeout=60, what="the /play table")
    assert found is not None
    table = found
    await env.wait_for(lambda: has_button(table, "My hand"), timeout=30, what="its start")
    return table


async def queue(env: DiscordEnv, member: Member, options: dict[str, object]) -> Outcome:
    """``/play`` as a member's client sends it (``wait`` is an option of the command)."""
    where = env.channel(CHANNEL).channel
    data = slash.command_data(env.emulator.world, member.guild, member.guild_member, where,
                              "play", options)
    return await member._send(flow.APPLICATION_COMMAND, where, data, None, True, 5.0)


async def depart(env: DiscordEnv, plan: Plan, players: Sequence[Player], table: Message
                 ) -> None:
    """The second member leaves (asked first), or the moderator gives their seat to a
    computer, once they have made their moves."""
    leaver = players[1]
    await env.wait_for(lambda: leaver.stop() or game_over(table), timeout=GAME_TIMEOUT,
                       what="the leaver's moves")
    if game_over(table):
        return
    number = table_id_of(table)
    if plan.scenario == "leaver":
        asked = await leaver.member.slash("table leave", channel=CHANNEL, table=number)
        if has_button(asked.message, "Leave the game"):
            await leaver.member.click(asked.message, "Leave the game")
        return
    # The second member joined into seat 2.
    await players[0].member.slash("table replace", channel=CHANNEL, table=number, seat=2)


async def end_open_tables(env: DiscordEnv, database: Path) -> None:
    """A moderator ends every table still open (after a game the audit gave up), so that
    its members may sit down at the next."""
    with sqlite3.connect(database) as db:
        open_tables = [row[0] for row in db.execute(
            "SELECT id FROM tables WHERE status IN ('lobby', 'playing')")]
    for number in open_tables:
        await env.member(PEOPLE[0]).slash("table end", channel=CHANNEL, table=number)
