"""The season's picture: the top three on a podium in their medals' colours, the next
places as rows under headings, a season of one or two players drawn too."""

from __future__ import annotations

from bot.pictures.boards.leaderboard import BoardRow
from bot.pictures.boards.podium import SeasonPicture, render_season, season_picture
from bot.pictures.boards.rows import BRONZE, SILVER
from bot.pictures.drawing.palette import WINNER
from tests.pictures.helpers import decode


def picture(players: int) -> SeasonPicture:
    rows = tuple(BoardRow(i + 1, f"Player {i + 1}", 20 - i, 10 - i, 0.5) for i in range(players))
    return SeasonPicture("Euchre · Spring is over", "Final standings", rows, ("9 games played",))


def test_the_podium_shows_a_medal_for_each_of_the_top_three() -> None:
    image = season_picture(picture(6))
    colours = {colour for _, colour in image.getcolors(1 << 20) or []}
    assert {WINNER, SILVER, BRONZE} <= colours
    assert image.height > season_picture(picture(3)).height  # three more rows


def test_a_season_of_one_player_is_drawn_with_its_winner_alone() -> None:
    image = decode(render_season(picture(1)))
    colours = {colour for _, colour in image.getcolors(1 << 20) or []}
    assert image.width == 800 and SILVER not in colours
