"""The pictures' seat labels: the same names the messages use, computers with their
level, Flip's dead hand; and a picture is drawn again only when what it shows changes."""

from __future__ import annotations

from dataclasses import replace

from bot.engine import new_game
from bot.pictures import SeatTag
from bot.tables.games import public_view
from bot.tables.models import Seat
from bot.ui.pictures import picture_key, seat_tags
from tests.ui.helpers import NAMES, playing_table


def test_seat_tags_name_people_computers_and_the_dead_hand() -> None:
    game = new_game("flip", 3, seed=1)
    table = playing_table(game, computers=(1,))
    tags = seat_tags(table, NAMES)
    assert tags == [
        SeatTag("Player1"), SeatTag("Bolt", "normal"), SeatTag("Player3"),
        SeatTag("Dead hand"),
    ]


def test_seat_tags_keep_a_leavers_name_and_give_each_computer_its_own() -> None:
    game = new_game("flip", 6, seed=1)
    table = playing_table(game, computers=(1, 2, 3, 4, 5))
    left = Seat(1, computer_level="hard", left_by=102)
    table = replace(table, seats=(table.seats[0], left, *table.seats[2:]))
    tags = seat_tags(table, NAMES)
    assert tags[1] == SeatTag("Player2 (left)", "hard")
    names = [tag.name for tag in tags]
    assert names[2:] == ["Cog", "Dex", "Echo", "Flux"] and len(set(names)) == 6


def test_the_picture_key_changes_with_the_view_and_only_then() -> None:
    game = new_game("euchre", 4, seed=1)
    tags = seat_tags(playing_table(game), NAMES)
    first = picture_key(public_view(game), tags, True)
    assert picture_key(public_view(game), tags, True) == first
    assert picture_key(public_view(game), tags, False) != first  # two-colour suits
    game.apply(game.legal_actions()[0])
    assert picture_key(public_view(game), tags, True) != first
