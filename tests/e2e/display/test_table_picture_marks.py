"""What the table picture marks, read from the pictures a real game posts: ``took it`` on
the card that won a two-card trick (Over the Rhine: the table, its text and /review), a
Jambone maker's played card never under words, the picked-up turn card told in the header
and not lying among the trick's cards, and pictures as wide as the type-size check
assumes (every word about 10 px or more on a phone's 400 px)."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Awaitable, Callable
from typing import Any

from PIL import Image

from bot.engine import Game, card_named, hand_order, new_game, winning_play
from bot.pictures.drawing.items import Box, overlaps
from bot.pictures.drawing.palette import WINNER
from bot.pictures.review.layout import record_layout
from bot.pictures.table.header import turn_up_note
from bot.pictures.table.layout import table_layout
from bot.pictures.table.middle import caption_box
from bot.review.record import build_record, step_view
from bot.tables.games import public_view
from tests.e2e.tables import (
    Player,
    action_controls,
    fill_and_start,
    game_over,
    hand_picture,
    move_shown,
    open_table,
    picture_of,
    table_id_of,
)
from tests.emulator import DiscordEnv
from tests.emulator.client.members import Member
from tests.emulator.world.model import Message

WIDTH = 800  # every picture: tests/pictures/test_readable.py checks its type at this width
LABELS = {"note", "contract", "banner", "tag", "took"}


def replayed(env: DiscordEnv, table_id: int) -> Game:
    """The table's game as the bot stored it, played again with the engine."""
    assert env.bot is not None
    with sqlite3.connect(env.bot.database_path) as db:
        variant, players, options, seed = db.execute(
            "SELECT variant, players, options, seed FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
        actions = [a for (a,) in db.execute(
            "SELECT action FROM actions WHERE table_id = ? ORDER BY idx", (table_id,))]
    game = new_game(variant, players, seed, json.loads(options))
    for action in actions:
        game.apply(action)
    return game


def png(message: Message, filename: str) -> Image.Image:
    """The message's picture, decoded, at the width the type check assumes."""
    image = picture_of(message, filename).convert("RGB")
    assert image.width == WIDTH
    return image


def gold_ring(image: Image.Image, box: Box) -> bool:
    """Whether the card in ``box`` is outlined in the winner's gold (left and right)."""
    left, top, right, bottom = box
    middle = (top + bottom) // 2
    return all(_near(image.getpixel((x, middle)), WINNER) for x in (left - 2, right + 1))


def _near(pixel: Any, colour: tuple[int, int, int]) -> bool:
    return all(abs(int(a) - b) < 40 for a, b in zip(pixel, colour, strict=False))


def first_card_won(game: Game) -> dict[str, Any] | None:
    """The last trick, when nothing of the next is played and its winner took it with the
    first of their two cards."""
    view = game.public_view()
    last = view.get("last_trick")
    if view.get("trick") or not last:
        return None
    mine = [i for i, p in enumerate(last["cards"]) if p["seat"] == last["winner"]]
    return last if len(mine) == 2 and winning_play(last) == mine[0] else None


GAMES = 4  # a deal is drawn at random: this many games to meet what a test looks for


def one_person(
    env: DiscordEnv, member: Member, game: str, kind: type[Player] = Player, **options: Any
) -> Callable[[], Awaitable[list[Player]]]:
    """For :func:`play_until`: a new table of ``game`` with ``member`` (moving as ``kind``)
    and computers."""

    async def seat() -> list[Player]:
        table = await open_table(env, member, game, **options)
        await fill_and_start(env, member, table)
        return [kind(env, member, table)]

    return seat


async def play_until(
    env: DiscordEnv, seat: Callable[[], Awaitable[list[Player]]], wanted: Callable[[Game], Any],
) -> tuple[list[Player], int, Any]:
    """Tables opened by ``seat`` are played, each person moving on their turn (see
    :meth:`Player.move`), until ``wanted`` holds for the stored game at a person's turn (the
    table then waits for them): the players, the table and the value. A game that ends
    without it is followed by another, up to ``GAMES``."""
    for _ in range(GAMES):
        players = await seat()
        table_id = table_id_of(players[0].table)
        hands = [await p.get_hand() for p in players]
        table = players[0].table

        def turn_or_end(table: Message = table, hands: list[Message] = hands) -> bool:
            return game_over(table) or any(action_controls(h) for h in hands)

        while not game_over(table):
            await env.wait_for(turn_or_end, timeout=20, what="a person's turn")
            await env.settle()
            game = replayed(env, table_id)
            found = not game.is_over and wanted(game)  # a finished table shows its result
            if found:
                return players, table_id, found
            mover = next((p for p, h in zip(players, hands, strict=True)
                          if action_controls(h)), None)
            if mover is not None:
                await mover.move()
    raise AssertionError(f"not seen in {GAMES} games")


async def test_a_two_card_trick_won_by_the_first_card_is_marked_on_that_card(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    bob = env.member("bob")
    seat = one_person(env, bob, "over_the_rhine", target=7)
    (player,), table_id, last = await play_until(env, seat, first_card_won)
    table = player.table

    game = replayed(env, table_id)
    winning = last["cards"][winning_play(last)]
    later = next(p for p in last["cards"][winning_play(last) + 1:]
                 if p["seat"] == last["winner"])
    said = card_named(winning["card"], "over_the_rhine", last["trump"])
    await env.wait_for(lambda: f"took it with {said}" in table.text, timeout=15,
                       what=f"'took it with {said}' on the table")
    line = next(x for x in table.text.splitlines() if x.startswith("Last trick"))
    assert line.endswith(f"took it with {said}"), line

    _, placed = table_layout(public_view(game))
    cards = {p.card: p for p in placed if p.kind == "last"}
    await env.wait_for(lambda: gold_ring(png(table, "table.png"), cards[winning["card"]].box),
                       what="the winning card outlined")  # the picture may follow the words
    assert not gold_ring(png(table, "table.png"), cards[later["card"]].box)
    took = next(p for p in placed if p.kind == "took")
    assert not any(overlaps(took.box, p.box) for p in placed if p.kind in ("last", "plate"))

    # the same trick in /review: its text names the card, its picture outlines it
    hand, number = game.hand_number, len(game.public_view()["tricks"])
    await player.play_to_end()
    out = await bob.slash("review", game=str(table_id))
    review = out.message
    while not re.search(rf"hand {hand} of \d+ · trick {number} of", str(review.embed)):
        await bob.click(review, "Trick ▶")
    assert f"took it with {said}" in review.text
    record = build_record("over_the_rhine", 2, game.seed, game.options, replayed(
        env, table_id).log)
    view = step_view(record, hand, number)
    best = next(p for p in record_layout(view)[1] if p.kind == "trick" and p.highlight)
    assert best.card == winning["card"]
    assert gold_ring(png(review, "review.png"), best.box)


def jambone_card_down(game: Game) -> dict[str, Any] | None:
    """A Jambone hand face up while its maker's card lies in the trick shown."""
    view = public_view(game)
    if not view.get("exposed_hand") or view.get("phase") != "play":
        return None
    shown = view.get("trick") or (view.get("last_trick") or {}).get("cards") or []
    return view if any(p["seat"] == view["maker"] for p in shown) else None


class Jamboner(Player):
    """Bob, who makes trump and calls Jambone whenever he may."""

    async def move(self) -> bool:
        hand = self.hand or await self.get_hand()
        controls = action_controls(hand)
        for words in ("jambone", "order", "trump:"):
            button = next((c for c in controls if c["type"] == 2
                           and words in c["custom_id"].split(":", 4)[-1]), None)
            if button:
                out = await move_shown(self.env, self.member, hand, button["custom_id"])
                assert out.kind in ("update", "deferred_update"), out.kind
                return True
        return await super().move()


async def test_a_jambone_makers_played_card_lies_clear_of_every_label(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    bob, carol = env.member("bob"), env.member("carol")

    async def seat() -> list[Player]:
        table = await open_table(env, bob, "railroad", target=64)
        await carol.click(table, "Join")
        await fill_and_start(env, bob, table)
        return [Jamboner(env, bob, table), Player(env, carol, table)]

    people, _, view = await play_until(env, seat, jambone_card_down)
    table = people[0].table

    _, placed = table_layout(view)
    played = [p for p in placed if p.kind in ("trick", "last") and p.seat == view["maker"]]
    words = [p.box for p in placed if p.kind in LABELS]
    words += [box for p in placed if (box := caption_box(p))]
    assert played and not any(overlaps(w, p.box) for w in words for p in played)
    faces = [p.box for p in played if p.kind == "trick"]  # bright, not faded like the last

    def faces_show() -> bool:
        """Each card the maker played shows its white top-right corner, uncovered."""
        image = png(table, "table.png")
        return all(sum(image.getpixel((right - 8, top + 8))) > 600
                   for _, top, right, _ in faces)

    await env.wait_for(faces_show, timeout=10, what="the maker's card in the picture")
    shown = [p for p in placed if p.kind == "exposed"]
    assert [p.card for p in shown] == hand_order(view["exposed_hand"], "railroad", view["trump"])
    assert any(p.kind == "tag" and p.text.endswith("'s Jambone hand") for p in placed)


def picked_up_in_play(game: Game) -> dict[str, Any] | None:
    """A Euchre hand in play whose turn-up the dealer picked up."""
    view = public_view(game)
    return view if view.get("turn_up_state") == "taken" and view["phase"] == "play" else None


async def test_the_picked_up_card_is_told_in_the_header_not_among_the_trick(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    bob = env.member("bob")
    seat = one_person(env, bob, "euchre", target=5)
    (player,), _, view = await play_until(env, seat, picked_up_in_play)
    table = player.table

    geo, placed = table_layout(view)
    assert not [p for p in placed if p.kind in ("turn_up", "kitty")]
    assert turn_up_note(view) == (view["turn_up"], "picked up")

    def pill_shown() -> bool:
        """The turn-up's white pill under the trump chip (the picture may come after the
        words: it is drawn apart)."""
        band = png(table, "table.png").crop((WIDTH - 240, 40, WIDTH - 14, geo.header - 8))
        return max(sum(band.getpixel((x, y))) for x in range(band.width)
                   for y in range(band.height)) > 700

    await env.wait_for(pill_shown, timeout=10, what="the turn-up told in the header")
    hand = await Player(env, bob, table).get_hand()
    assert (await hand_picture(env, hand)).width == WIDTH
