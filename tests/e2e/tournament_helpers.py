"""Helpers for end-to-end tournament tests: the sign-up, round and final messages as a
member sees them, each round's tables (wherever their messages are: the channel or a
thread), and members playing their own seats to the end of a round."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from tests.e2e.tables import Player, carries_table, game_over
from tests.emulator import DiscordEnv
from tests.emulator.client.members import ChannelView, Member
from tests.emulator.world.model import Message


@dataclass(frozen=True)
class StoredTable:
    """A round's table as the bot stored it."""

    round: int
    table_no: int
    seats: tuple[int | None, ...]
    table_id: int | None
    scores: tuple[int, ...] | None


def title(message: Message) -> str:
    return str((message.embed or {}).get("title", ""))


def signup_message(channel: ChannelView, name: str) -> Message | None:
    """The public sign-up message of the tournament called ``name``."""
    for message in channel.public_messages():
        footer = str((message.embed or {}).get("footer", {}).get("text", ""))
        if title(message) == f"🏆 {name}" and footer.startswith("Tournament "):
            return message
    return None


def tournament_id(signup: Message) -> int:
    footer = str((signup.embed or {})["footer"]["text"])
    return int(footer.split(" ", 2)[1])


def round_message(channel: ChannelView, name: str, number: int) -> Message | None:
    """The public message of round ``number``."""
    for message in channel.public_messages():
        if title(message).startswith(f"🏆 {name} — Round {number} of "):
            return message
    return None


def final_message(channel: ChannelView, name: str) -> Message | None:
    """The public message with the final standings."""
    for message in channel.public_messages():
        if message.content.startswith(("🏆 <@", "🏁")) and f"**{name}**" in message.content:
            return message
    return None


def stored_tables(env: DiscordEnv, tid: int, number: int | None = None) -> list[StoredTable]:
    """A tournament's tables (of one round) from the bot's database."""
    assert env.bot is not None
    path: Path = env.bot.database_path
    with sqlite3.connect(path) as db:
        rows = db.execute(
            "SELECT round, table_no, seats, table_id, scores FROM tournament_tables"
            " WHERE tournament_id = ? ORDER BY round, table_no", (tid,)
        ).fetchall()
    tables = [
        StoredTable(r, n, tuple(json.loads(s)), t, tuple(json.loads(sc)) if sc else None)
        for r, n, s, t, sc in rows
    ]
    return [t for t in tables if number is None or t.round == number]


def stored_byes(env: DiscordEnv, tid: int, number: int) -> list[int]:
    assert env.bot is not None
    with sqlite3.connect(env.bot.database_path) as db:
        rows = db.execute(
            "SELECT user_id FROM tournament_byes WHERE tournament_id = ? AND round = ?",
            (tid, number),
        ).fetchall()
    return [int(u) for (u,) in rows]


def kept_standings(env: DiscordEnv, tid: int) -> list[tuple[int, int, int]]:
    """(user id, rank, total) of the kept final standings, first place first."""
    assert env.bot is not None
    with sqlite3.connect(env.bot.database_path) as db:
        rows = db.execute(
            "SELECT user_id, rank, total FROM tournament_standings WHERE tournament_id = ?"
            " ORDER BY rank, total DESC, user_id", (tid,)
        ).fetchall()
    return [(int(u), int(r), int(t)) for u, r, t in rows]


def status_of(env: DiscordEnv, tid: int) -> tuple[str, int]:
    assert env.bot is not None
    with sqlite3.connect(env.bot.database_path) as db:
        status, number = db.execute(
            "SELECT status, round FROM tournaments WHERE id = ?", (tid,)
        ).fetchone()
    return str(status), int(number)


def table_message_anywhere(env: DiscordEnv, table_id: int) -> Message | None:
    """The public table message of table ``table_id``, in any channel or thread."""
    for message in list(env.emulator.world.messages.values()):
        if message.deleted or message.ephemeral:
            continue
        if carries_table(message, table_id):
            return message
    return None


async def play_round(
    env: DiscordEnv, tid: int, number: int, members: dict[int, Member], seed: int = 1,
    moves: int | None = None, hint: bool = False,
) -> None:
    """Every member seated in round ``number`` plays their own seat until it is over (or,
    given ``moves``, until they made that many moves in all); with ``hint``, the first of
    them presses Hint first."""
    tables = stored_tables(env, tid, number)
    players: list[Player] = []

    def enough() -> bool:
        return moves is not None and sum(p.moves for p in players) >= moves

    for table in tables:
        table_id = table.table_id
        assert table_id is not None
        message = await env.wait_for(
            partial(table_message_anywhere, env, table_id), timeout=15,
            what=f"table #{table_id}'s message",
        )
        if game_over(message):
            continue
        for user in table.seats:
            if user is not None:
                players.append(Player(env, members[user], message,
                                      rng=random.Random(seed * 1000 + user % 1000),
                                      expect_pictures=False, stop=enough))
    if hint and players:
        await players[0].hint()
    await asyncio.gather(*(p.play_to_end() for p in players))
