"""The leaderboard picture: a row per player, the asking member's own row added below the
page, the places-moved column only where the board knows them, every word readable on a
phone."""

from __future__ import annotations

from PIL import Image

from bot.pictures.boards.leaderboard import (
    HEADER_H,
    HEADS_H,
    ROW_H,
    BoardPicture,
    BoardRow,
    leaderboard_picture,
    render_leaderboard,
)
from bot.pictures.boards.rows import DOWN, OWN, UP
from bot.pictures.drawing.palette import TEXT
from tests.pictures.helpers import decode

NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy")
MOVED = (2, -1, 0, None, 3, 0, -4, 1, None, 0)  # places moved by each row


def page(own_place: int | None = None, moves: bool = True) -> BoardPicture:
    """Ten rows; the asking member is on the page at ``own_place`` or below it at 14."""
    rows = tuple(
        BoardRow(i + 1, name, 30 - 2 * i, 40 - 3 * i, 0.7 - 0.05 * i, MOVED[i],
                 own=own_place == i + 1)
        for i, name in enumerate(NAMES)
    )
    own = None if own_place else BoardRow(14, "Zed", 11.3, 12, 0.5, -2, own=True)
    return BoardPicture("Euchre leaderboard", "Spring", rows, own, ("Page 1 of 2 · 14 ranked",),
                        moves=moves, moves_heading="Last 7 days")


def has_colour(image: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, ...]) -> bool:
    """Whether a pixel of ``colour`` is inside ``box``."""
    return any(pixel[1] == colour for pixel in image.crop(box).getcolors(1 << 16) or [])


def test_the_own_row_missing_from_the_page_is_added_below_it_outlined() -> None:
    below = leaderboard_picture(page())
    on_page = leaderboard_picture(page(own_place=5))
    assert below.height > on_page.height  # a gap and a row more
    last = below.height - 16 - 30 - 10 - ROW_H  # the own row, above the footnote
    assert has_colour(below, (0, last, 800, last + ROW_H), OWN)
    fifth = HEADER_H + HEADS_H + 4 * ROW_H
    assert has_colour(on_page, (0, fifth, 800, fifth + ROW_H), OWN)
    assert not has_colour(on_page, (0, fifth + ROW_H, 800, fifth + 2 * ROW_H), OWN)


def row_box(number: int) -> tuple[int, int, int, int]:
    """The places-moved column of row ``number`` (from 0)."""
    top = HEADER_H + HEADS_H + number * ROW_H
    return (620, top, 800, top + ROW_H)


def test_the_moves_column_is_drawn_only_for_boards_that_know_them() -> None:
    assert has_colour(leaderboard_picture(page()), row_box(0), UP)
    assert not has_colour(leaderboard_picture(page(moves=False)), row_box(0), UP)


def test_a_move_up_is_green_down_orange_and_no_move_or_new_neither() -> None:
    image = leaderboard_picture(page())
    for number, moved in enumerate(MOVED):
        box = row_box(number)
        assert has_colour(image, box, UP) == (moved is not None and moved > 0)
        assert has_colour(image, box, DOWN) == (moved is not None and moved < 0)


def test_an_empty_board_says_so_and_the_picture_is_a_png() -> None:
    empty = BoardPicture("Euchre leaderboard", "Spring", (), empty="Nobody has finished a game.")
    assert decode(render_leaderboard(empty)).size[0] == 800


def test_every_word_reads_on_a_phone(sizes: list[float]) -> None:
    image = leaderboard_picture(page())
    assert sizes and min(sizes) * 400 / image.width >= 10


def test_without_the_moves_column_the_figures_end_at_the_right_and_names_get_the_room() -> None:
    long_name = BoardRow(1, "Erin & Judy Longname-Smith", 0.0, 8, 0.62, figure="5")
    wide = BoardPicture("Euchre pairs", "All time", (long_name,), moves=False)
    narrow = BoardPicture("Euchre leaderboard", "All time", (long_name,), moves=True,
                          moves_heading="Last 7 days")
    first = HEADER_H + HEADS_H
    won_column = (700, first, 790, first + ROW_H)
    assert has_colour(leaderboard_picture(wide), won_column, TEXT)  # "62%" at the right
    name_end = (362, first, 420, first + ROW_H)  # "…Smith" drawn whole, not cut short
    assert has_colour(leaderboard_picture(wide), name_end, TEXT)
    assert not has_colour(leaderboard_picture(narrow), name_end, TEXT)
