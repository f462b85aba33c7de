"""The pictures' seat labels: the same names the messages use, computers with their
level, Flip's dead hand; a picture is drawn again only when what it shows changes; and a
refresh's hand picture drawn too late goes without it, to follow."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import pytest

import bot.ui.pictures
from bot.drawing import PictureDrawer
from bot.engine import new_game
from bot.pictures import SeatTag
from bot.store.guild_settings import GuildSettings
from bot.tables.games import public_view
from bot.tables.models import Seat
from bot.ui.pictures import hand_picture, picture_key, seat_tags
from tests.ui.helpers import NAMES, hand_of, playing_table


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
    given = replace(left, given_away=True)
    table = replace(table, seats=(table.seats[0], given, *table.seats[2:]))
    assert seat_tags(table, NAMES)[1] == SeatTag("Player2 (out)", "hard")


def test_the_picture_key_changes_with_the_view_and_only_then() -> None:
    game = new_game("euchre", 4, seed=1)
    tags = seat_tags(playing_table(game), NAMES)
    first = picture_key(public_view(game), tags, True)
    assert picture_key(public_view(game), tags, True) == first
    assert picture_key(public_view(game), tags, False) != first  # two-colour suits
    game.apply(game.legal_actions()[0])
    assert picture_key(public_view(game), tags, True) != first


async def test_a_refresh_goes_without_a_picture_drawn_too_late_and_is_told_when_it_is_ready(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bot.ui.pictures, "REFRESH_WAIT", 0.05)
    gate, hands = threading.Event(), ThreadPoolExecutor(1)
    drawer = PictureDrawer(None, hands)
    busy = asyncio.get_running_loop().run_in_executor(hands, gate.wait)
    game = new_game("euchre", 4, seed=1)
    hand = hand_of(game, game.current_player or 0)
    ready = asyncio.Event()
    late: list[bytes] = []

    def told(picture: bytes) -> None:
        late.append(picture)
        ready.set()

    settings = GuildSettings(guild_id=1)

    assert await hand_picture(drawer, hand, settings, late=told) is None
    assert not ready.is_set()
    gate.set()
    await asyncio.wait_for(ready.wait(), 5)
    picture = await hand_picture(drawer, hand, settings, late=told)  # drawn: no wait
    assert picture is not None and picture.startswith(b"\x89PNG")
    assert late == [picture]  # told once, with the picture itself
    await busy
    hands.shutdown()


async def test_a_clicks_hand_picture_is_drawn_at_once_and_none_with_pictures_off() -> None:
    gate, hands = threading.Event(), ThreadPoolExecutor(1)
    drawer = PictureDrawer(None, hands)
    busy = asyncio.get_running_loop().run_in_executor(hands, gate.wait)
    game = new_game("euchre", 4, seed=1)
    hand = hand_of(game, game.current_player or 0)

    picture = await asyncio.wait_for(hand_picture(drawer, hand, GuildSettings(1)), 2)
    assert picture is not None and picture.startswith(b"\x89PNG")
    off = GuildSettings(1, pictures=False)
    assert await hand_picture(drawer, hand, off) is None
    gate.set()
    await busy
    hands.shutdown()
