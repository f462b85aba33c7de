"""Building table snapshots and private hands from engine games, without the service."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import discord

from bot.engine import VARIANTS, Game, new_game
from bot.tables.games import acting_seat, public_view
from bot.tables.models import HandView, Seat, Table
from tests.emulator.rules import limits

PEOPLE = (101, 102, 103, 104, 105, 106, 107, 108, 109, 110)
NAMES = {uid: f"Player{uid - 100}" for uid in PEOPLE}


def lobby_table(variant: str = "euchre", players: int | None = None, **extra: Any) -> Table:
    """A lobby: the host in seat 1, a computer in seat 2, the rest open."""
    info = VARIANTS[variant]
    count = players or info.default_players
    seats = [Seat(0, user_id=PEOPLE[0]), Seat(1, computer_level="normal")]
    seats += [Seat(i) for i in range(2, count)]
    table = Table(
        id=7,
        guild_id=1,
        channel_id=2,
        thread_id=None,
        message_id=None,
        host_id=PEOPLE[0],
        variant=variant,
        variant_name=info.name,
        players=count,
        options=info.resolve_options({}),
        seed=1,
        status="lobby",
        seats=tuple(seats[:count]),
    )
    return replace(table, **extra)


def playing_table(game: Game, *, computers: tuple[int, ...] = (), status: str = "playing") -> Table:
    """The table around ``game``: people everywhere except the ``computers`` seats."""
    seats = tuple(
        Seat(s, computer_level="normal") if s in computers else Seat(s, user_id=PEOPLE[s])
        for s in range(game.players)
    )
    base = lobby_table(game.info.key, game.players)
    return replace(
        base,
        status=status,  # type: ignore[arg-type]
        seats=seats,
        options=dict(game.options),
        turn=len(game.log),
        current_seat=acting_seat(game),
        hand_number=game.hand_number,
        scores=tuple(game.scores),
        winner=game.winner,
        sides=tuple(tuple(game.seats_of(side)) for side in range(game.num_sides)),
    )


def hand_of(game: Game, seat: int, table: Table | None = None) -> HandView:
    """What the person in ``seat`` sees and may do."""
    table = table or playing_table(game)
    may_act = acting_seat(game) == seat
    return HandView(
        table=table,
        seat=seat,
        view=game.view(seat),
        legal=tuple(game.legal_actions()) if may_act else (),
        turn=len(game.log),
    )


def random_states(variant: str, players: int, seed: int, every: int = 1) -> Iterator[Game]:
    """A random game of ``variant``, yielded at every ``every``-th decision (the same object)."""
    game = new_game(variant, players, seed, {"target": 3} if variant != "over_the_top" else {})
    rng = random.Random(seed)
    step = 0
    while not game.is_over and step < 600:
        if step % every == 0:
            yield game
        game.apply(rng.choice(game.legal_actions()))
        step += 1
    yield game


def message_body(
    *, embed: discord.Embed | None = None, view: discord.ui.View | None = None, content: str = ""
) -> dict[str, Any]:
    """The JSON body discord.py would send."""
    body: dict[str, Any] = {}
    if content:
        body["content"] = content
    if embed is not None:
        body["embeds"] = [embed.to_dict()]
    if view is not None:
        body["components"] = view.to_components()
    return body


def check_fits(**parts: Any) -> dict[str, Any]:
    """Assert Discord would accept the message; return its body."""
    body = message_body(**parts)
    limits.check_message(body)
    return body


def public_of(game: Game) -> dict[str, Any]:
    """The service's public view of a game."""
    return public_view(game)
