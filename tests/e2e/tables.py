"""Helpers for end-to-end table tests: open a table, fill it, start it, play a person's
hand to the end of the game through the member API (buttons and selects only)."""

from __future__ import annotations

import asyncio
import io
import random
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from PIL import Image

from bot.store.opening import open_database
from tests.emulator import BotProcess, DiscordEnv, Emulator
from tests.emulator.client.components import BUTTON, STRING_SELECT
from tests.emulator.client.members import ChannelView, Member
from tests.emulator.client.outcome import Outcome
from tests.emulator.rest.interactions import MESSAGE_COMPONENT, new_interaction
from tests.emulator.world.model import Message

ACTION_PREFIXES = ("bower:act:", "bower:pick:")
TURN_TIMEOUT = 20.0
MAX_PICTURE_BYTES = 250_000


async def bot_with(
    emulator: Emulator, bot_factory: Callable[..., BotProcess], env: dict[str, str]
) -> DiscordEnv:
    """The bot started with ``env`` added to its environment, and the members' view."""
    bot = bot_factory(extra_env=env)
    await bot.start()
    return DiscordEnv(emulator, bot)


def picture_of(message: Message, filename: str) -> Image.Image:
    """The picture the message's embed shows (an attachment named ``filename``), decoded;
    it must be a PNG Discord accepts and Bower's size budget allows."""
    attachment = next((a for a in message.attachments if a.filename == filename), None)
    assert attachment is not None, f"{filename} missing from {message.text[:80]!r}"
    assert (message.embed or {}).get("image", {}).get("url") == attachment.url
    assert 0 < len(attachment.data) <= MAX_PICTURE_BYTES, len(attachment.data)
    assert attachment.description, "a picture has alt text"
    image = Image.open(io.BytesIO(attachment.data))
    image.load()
    assert image.format == "PNG" and image.width >= 400
    return image


async def hand_picture(env: DiscordEnv, hand: Message) -> Image.Image:
    """The hand's picture, decoded: in the answer, or in the edit that follows it when it
    was not drawn within the answer's wait (``bot.ui.pictures.HAND_PICTURE_WAIT``)."""
    await env.wait_for(lambda: any(a.filename == "hand.png" for a in hand.attachments),
                       what="the hand's picture")
    return picture_of(hand, "hand.png")


def refused(outcome: Outcome, words: str) -> None:
    """A private answer that says ``words``."""
    assert outcome.kind == "message" and outcome.ephemeral, outcome.kind
    assert words in outcome.message.text, outcome.message.text


def table_message(channel: ChannelView, table_id: int | None = None) -> Message | None:
    """The newest public table message in a channel (of one table, if given): its title
    names the table, or (a tournament's table, titled by its round) its buttons do."""
    for message in reversed(channel.public_messages()):
        title = (message.embed or {}).get("title", "")
        if "· table #" in title and (table_id is None or title.endswith(f"#{table_id}")):
            return message
        if table_id is not None and carries_table(message, table_id):
            return message
    return None


def carries_table(message: Message, table_id: int) -> bool:
    """Whether the message has a button of table ``table_id`` (its table message)."""
    return any(str(b.get("custom_id", "")).startswith(f"bower:table:{table_id}:")
               for b in message.buttons())


def table_id_of(message: Message) -> int:
    """The table number in a table message's title."""
    return int((message.embed or {})["title"].rsplit("#", 1)[1])


async def open_table(
    env: DiscordEnv, host: Member, game: str, channel: str = "euchre", **options: Any
) -> Message:
    """``/table create`` and the public table message it leads to."""
    out = await host.slash("table create", game=game, channel=channel, **options)
    assert out.ephemeral and "is open" in out.message.text, out.message.text
    number = int(out.message.text.split("#", 1)[1].split(" ", 1)[0])
    view = env.channel(channel, guild=host.guild)
    return await env.wait_for(lambda: table_message(view, number), what="the table message")


def fewer_open_seats(table: Message, than: int) -> bool:
    """True once the table message shows fewer than ``than`` open seats."""
    return table.text.count("— open —") < than


async def fill_and_start(env: DiscordEnv, host: Member, table: Message) -> None:
    """Add computer players to every open seat, then start."""
    while "— open —" in table.text:
        before = table.text.count("— open —")
        out = await host.click(table, "Add computer player")
        assert out.kind == "deferred_update", out.kind
        await env.wait_for(partial(fewer_open_seats, table, before), timeout=15)
    await host.click(table, "Start")
    await env.wait_for(lambda: has_button(table, "My hand"), timeout=15, what="the game to start")


def has_button(message: Message, label: str) -> bool:
    """Whether the message has a button with that label."""
    return any(b.get("label") == label for b in message.buttons())


def action_controls(message: Message) -> list[dict[str, Any]]:
    """The enabled game-action buttons and selects of a hand message."""
    found = [
        c
        for c in [*message.buttons(), *message.selects()]
        if str(c.get("custom_id", "")).startswith(ACTION_PREFIXES) and not c.get("disabled")
    ]
    return found


def control_ids(message: Message) -> set[str]:
    """The custom ids of every button and select the message shows."""
    return {str(c.get("custom_id")) for c in [*message.buttons(), *message.selects()]}


async def move_shown(
    env: DiscordEnv, member: Member, hand: Message, target: str, value: str | None = None
) -> Outcome:
    """``member`` clicks ``target`` (a label or custom id) in their ``hand``, or chooses
    ``value`` in that select; when the hand answers, this waits until it no longer offers
    that control: the move shows (a control's custom id carries the turn). A deferred
    answer returns before its edit, and the hand shows the turn just played until then."""
    control = next(
        c for c in [*hand.buttons(), *hand.selects()]
        if target in (c.get("label"), c.get("custom_id"), c.get("placeholder"))
    )
    custom_id = str(control["custom_id"])
    if value is None:
        out = await member.click(hand, custom_id)
    else:
        out = await member.choose(hand, custom_id, value)
    if out.kind in ("update", "deferred_update"):  # not a refusal in a message of its own
        await env.wait_for(
            lambda: custom_id not in control_ids(hand), what=f"{member.name}'s {target!r} shown"
        )
    return out


def game_over(table: Message) -> bool:
    """The table message shows a finished game (its result stored: Rematch is offered), or
    a finished tournament round."""
    return has_button(table, "Rematch") or (
        "won the round" in table.text or "The round is over" in table.text
    )


@dataclass
class Player:
    """A person playing through the member API, with a seeded choice of moves."""

    env: DiscordEnv
    member: Member
    table: Message
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    hand: Message | None = None
    moves: int = 0
    steps: int = 0  # engine actions stored: one click may be two ("Order up alone")
    kinds: set[str] = field(default_factory=set)
    pictures: int = 0
    expect_pictures: bool = True
    stop: Callable[[], bool] = lambda: False  # noqa: E731 - when to stop playing early

    async def get_hand(self) -> Message:
        """Click My hand on the table: a new private hand message."""
        out = await self.member.click(self.table, "My hand")
        assert out.kind == "message" and out.ephemeral, out.kind
        self.hand = out.message
        return out.message

    async def hint(self) -> str:
        """Press Hint on this person's turn: the advice shows in their hand (a sentence)."""
        hand = self.hand or await self.get_hand()
        await self.env.wait_for(lambda: action_controls(hand), timeout=TURN_TIMEOUT,
                                what=f"{self.member.name}'s turn")
        out = await self.member.click(hand, "Hint")
        assert out.message is hand and "💡 **Hint:**" in hand.text, hand.text
        said = hand.text.split("💡 **Hint:** ", 1)[1]
        assert said[0].isupper() and not said.startswith("about"), said  # not figures
        return said

    async def move(self) -> bool:
        """Make one move once it is this person's turn; False once the game is over."""
        hand = self.hand or await self.get_hand()
        ready = await self.env.wait_for(
            lambda: game_over(self.table) or self.stop() or action_controls(hand),
            timeout=TURN_TIMEOUT,
            what=f"{self.member.name}'s turn or the end of the game",
        )
        if ready is True or self.stop() or not action_controls(hand):
            return False
        control = self.pick(action_controls(hand))
        value: str | None = None  # a select's chosen option
        if control["type"] == 2:
            action = control["custom_id"].split(":", 4)[4]
        else:
            action = value = self.option(control)
        self.kinds.add(action.split(":")[0])
        out = await move_shown(self.env, self.member, hand, control["custom_id"], value)
        self.steps += len(action.split("+"))
        assert out.kind in ("update", "deferred_update"), (out.kind, out.message.text)
        assert out.message is hand
        self.moves += 1
        await self.check_pictures(hand)
        return True

    def pick(self, controls: list[dict[str, Any]]) -> dict[str, Any]:
        """The button or select this person uses for their move: any, at random."""
        return self.rng.choice(controls)

    def option(self, select: dict[str, Any]) -> str:
        """The value this person chooses in a select: any, at random."""
        return str(self.rng.choice(select["options"])["value"])

    async def check_pictures(self, hand: Message) -> None:
        """The hand and, while the game runs, the table carry a picture that decodes (the
        table's may still be on its way, as after a restart while the drawing workers
        start)."""
        if not self.expect_pictures or game_over(self.table) or "game is over" in hand.text:
            return
        await hand_picture(self.env, hand)
        await self.env.wait_for(
            lambda: game_over(self.table) or self.table.attachments, what="the table picture"
        )
        if game_over(self.table):
            return
        picture_of(self.table, "table.png")
        self.pictures += 2

    async def play_to_end(self, max_moves: int = 400) -> None:
        """Move until the game is over (or ``stop`` says so)."""
        while await self.move():
            assert self.moves < max_moves, "the game did not end"
        if not self.stop():
            await self.env.wait_for(lambda: game_over(self.table), what="the final table")


def stored_actions(env: DiscordEnv, table_id: int) -> list[tuple[int, str, str]]:
    """(index, action, source) of a table's stored log, read from the bot's database."""
    assert env.bot is not None
    sql = "SELECT idx, action, source FROM actions WHERE table_id = ? ORDER BY idx"
    url = env.bot.extra_env.get("DATABASE_URL")
    if url is None:
        with sqlite3.connect(env.bot.database_path) as db:
            rows = db.execute(sql, (table_id,)).fetchall()
    else:
        rows = read_postgresql(url, sql, (table_id,))
    return [(int(i), str(a), str(s)) for i, a, s in rows]


def read_postgresql(url: str, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    """Rows of a query on the bot's PostgreSQL database, read at once (in a thread of its
    own, so a synchronous helper can read while the test's loop waits)."""

    async def read() -> list[tuple[Any, ...]]:
        db = await open_database(url)
        try:
            return [tuple(row) for row in await db.fetchall(sql, params)]
        finally:
            await db.close()

    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, read()).result()


async def click_custom_id(
    env: DiscordEnv,
    member: Member,
    message: Message,
    custom_id: str,
    values: list[str] | None = None,
) -> Outcome:
    """A click on ``custom_id`` (a choice of ``values`` in a select) as a client showing an
    older state of ``message`` sends it (the control may be gone from the message by now,
    or be disabled), or as a tampered client would send it for any message."""
    emulator = env.emulator
    channel = emulator.world.channels[message.channel_id]
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": BUTTON}
    if values is not None:
        data.update(component_type=STRING_SELECT, values=values)
    interaction = new_interaction(
        emulator.world, MESSAGE_COMPONENT, member.user, channel, data, message=message
    )
    emulator.register(interaction)
    assert emulator.gateway.dispatch_interaction(interaction.payload(emulator.world))
    return await Outcome(env, interaction).answered()


async def game_under_way(env: DiscordEnv) -> tuple[Player, int, list[tuple[int, str, str]]]:
    """A short Euchre game bob has made his first move in: (bob, table id, stored moves)."""
    bob = env.member("bob")
    table = await open_table(env, bob, "euchre", target=3)
    await fill_and_start(env, bob, table)
    player = Player(env, bob, table)
    assert await player.move()
    table_id = table_id_of(table)
    return player, table_id, stored_actions(env, table_id)


Moves = list[tuple[int, str, str]]


def kept_and_extended(before: Moves, after: Moves) -> bool:
    """Every move stored before is still there, new ones follow, and none is repeated."""
    numbers = [number for number, _, _ in after]
    return (
        after[: len(before)] == before
        and len(after) > len(before)
        and numbers == list(range(len(after)))
    )


async def bobs_turn(env: DiscordEnv) -> tuple[Message, Message]:
    """A started Euchre game where it is bob's turn: (table message, bob's hand)."""
    bob = env.member("bob")
    table = await open_table(env, bob, "euchre", target=5)
    await fill_and_start(env, bob, table)
    hand = (await bob.click(table, "My hand")).message
    await env.wait_for(lambda: action_controls(hand), timeout=15, what="bob's turn")
    await env.settle()
    return table, hand
