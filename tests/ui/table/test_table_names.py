"""Names and numbers on the public table message: tricks per side in a partnership game
(per player otherwise), a leaver's seat still theirs, a separator between every name and
its number, and each computer by its own short name with its level."""

from __future__ import annotations

import random
import re
from dataclasses import replace

from bot.engine import Game, new_game
from bot.tables.models import Seat
from bot.ui.table.message import table_embed, tricks_taken
from tests.ui.helpers import NAMES, PEOPLE, playing_table, public_of


def text_of(table, view=None) -> str:  # type: ignore[no-untyped-def]
    return table_embed(table, view, NAMES).description or ""


def after_a_trick(variant: str, players: int, seed: int = 3) -> Game:
    """A seeded game once its first trick is taken."""
    game, rng = new_game(variant, players, seed), random.Random(seed)
    while not any(public_of(game).get("tricks_won") or []):
        game.apply(rng.choice(game.legal_actions()))
    return game


def line(text: str, start: str) -> str:
    return next(row for row in text.splitlines() if row.startswith(start))


def test_tricks_are_counted_per_side_in_a_partnership_game() -> None:
    game = after_a_trick("euchre", 4)
    text = text_of(playing_table(game, computers=(1, 3)), public_of(game))
    assert re.fullmatch(
        r"Tricks taken: \*\*Player1 & Player3\*\* [01] · "
        r"\*\*🤖 Bolt \(normal\) & 🤖 Dex \(normal\)\*\* [01]",
        line(text, "Tricks taken:"),
    )
    six = after_a_trick("railroad", 6)
    sides = line(text_of(playing_table(six), public_of(six)), "Tricks taken:")
    active = public_of(six)["active"]
    pairs = sum(all(active[s] for s in six.seats_of(side)) for side in range(six.num_sides))
    assert sides.count(" & ") == pairs and sides.count(" · ") == 2, sides
    for seat, playing in enumerate(active):
        assert playing == (f"Player{seat + 1}" in sides), sides  # one who sits out: unnamed


def test_point_11_a_loners_tricks_leave_out_the_partner_who_sits_out() -> None:
    game = new_game("euchre", 4, 1)
    dealer = game.dealer
    for action in ["pass", "pass", "pass", "order", "alone"]:
        game.apply(action)
    while not any(public_of(game).get("tricks_won") or []):
        game.apply(game.legal_actions()[0])
    text = text_of(playing_table(game), public_of(game))
    loner, partner = NAMES[PEOPLE[dealer]], NAMES[PEOPLE[(dealer + 2) % 4]]
    taken = line(text, "Tricks taken:")
    assert f"**{loner}** " in taken and partner not in taken, taken


def test_tricks_are_counted_per_player_where_each_plays_for_themself() -> None:
    game = after_a_trick("over_the_rhine", 2)
    text = text_of(playing_table(game, computers=(1,)), public_of(game))
    assert re.fullmatch(
        r"Tricks taken: \*\*Player1\*\* \d · \*\*🤖 Bolt \(normal\)\*\* \d",
        line(text, "Tricks taken:"),
    )
    three = tricks_taken([2, 0, 1], [[0], [1], [2]], ["A", "B", "C"])
    assert three == "**A** 2 · **B** 0 · **C** 1"


def test_a_seat_its_member_left_reads_as_theirs_with_a_computer_playing_on() -> None:
    game = after_a_trick("euchre", 4)
    table = playing_table(game)
    left = Seat(1, computer_level="normal", left_by=PEOPLE[1])
    table = replace(table, seats=(table.seats[0], left, *table.seats[2:]))
    text = text_of(table, public_of(game))
    assert "Player2 (left, 🤖 plays on)" in text
    assert "Bolt" not in text and "Player2 &" not in text  # never a computer's name
    last = line(text, "Last trick:")
    assert "Player2 (left, 🤖 plays on) " in last


def test_a_seat_a_moderator_gave_away_never_says_its_member_left() -> None:
    game = after_a_trick("euchre", 4)
    table = playing_table(game)
    given = Seat(1, computer_level="normal", left_by=PEOPLE[1], given_away=True)
    table = replace(table, seats=(table.seats[0], given, *table.seats[2:]))
    text = text_of(table, public_of(game))
    assert "Player2 (replaced, 🤖 plays on)" in text
    assert "(left" not in text


def test_numbers_beside_names_have_a_separator() -> None:
    game, rng = new_game("flip", 6, 3), random.Random(1)
    while not any(b is not None for b in public_of(game).get("bids") or []):
        game.apply(rng.choice(game.legal_actions()))
    text = text_of(playing_table(game, computers=(1, 2, 3, 4, 5)), public_of(game))
    bids = line(text, "Bids:")
    assert re.fullmatch(r"Bids: ([^,]+: \d+)(, [^,]+: \d+)*", bids), bids
    held = line(text, "Cards in hand:")
    assert "🤖 Cog (normal): " in held and "Player1: " in held
    names = ["🤖 Bolt (normal)", "🤖 Cog (normal)", "🤖 Dex (normal)", "🤖 Echo (normal)"]
    assert all(name in line(text, "Score:") for name in names)
