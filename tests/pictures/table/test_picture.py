"""The table picture shows every seat, the trick in front of who played it, the last
trick until the next one starts, and fits Discord at every step of every game."""

from __future__ import annotations

import math

import pytest

from bot.engine import hand_order, new_game
from bot.pictures import SeatTag, render_table
from bot.pictures.table.layout import table_layout
from bot.tables.games import public_view
from tests.pictures.helpers import CASES, decode, jambone_in_play, tags_for
from tests.ui.helpers import random_states

MAX_BYTES = 250_000


def centre(box: tuple[int, int, int, int]) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def gap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> float:
    """How far apart two boxes are (0 if they touch or overlap)."""
    return math.hypot(max(b[0] - a[2], a[0] - b[2], 0), max(b[1] - a[3], a[1] - b[3], 0))


@pytest.mark.parametrize("variant, players", CASES)
def test_every_step_of_every_game_draws_a_picture_discord_takes(variant: str, players: int) -> None:
    for game in random_states(variant, players, 1, every=11):
        view = public_view(game)
        png = render_table(view, tags_for(game))
        image = decode(png)
        assert image.width == 800 and 560 <= image.height <= 700
        assert len(png) <= MAX_BYTES
        plates = [p for p in table_layout(view)[1] if p.kind == "plate"]
        assert len(plates) == len(tags_for(game))  # every hand has a seat, the dead one too


@pytest.mark.parametrize("variant, players", [c for c in CASES if c[0] not in
                                              ("over_the_rhine", "over_the_top")])
def test_each_trick_card_lies_in_front_of_the_seat_that_played_it(
    variant: str, players: int
) -> None:
    seen = 0
    for game in random_states(variant, players, 1, every=3):
        view = public_view(game)
        _, placed = table_layout(view)
        plates = {p.seat: centre(p.box) for p in placed if p.kind == "plate"}
        for card in (p for p in placed if p.kind == "trick"):
            here = centre(card.box)
            nearest = min(plates, key=lambda seat: math.dist(plates[seat], here))
            assert nearest == card.seat
            seen += 1
    assert seen


@pytest.mark.parametrize("variant", ["over_the_rhine", "over_the_top"])
def test_two_player_tricks_sit_on_the_players_side(variant: str) -> None:
    for game in random_states(variant, 2, 1, every=2):
        _, placed = table_layout(public_view(game))
        plates = {p.seat: centre(p.box) for p in placed if p.kind == "plate"}
        for card in (p for p in placed if p.kind == "trick"):
            y = centre(card.box)[1]
            assert abs(y - plates[card.seat][1]) < abs(y - plates[1 - card.seat][1])


def test_the_last_trick_of_a_hand_stays_with_its_winner_marked() -> None:
    game = new_game("euchre", 4, seed=5)
    number = game.hand_number
    while game.hand_number == number:
        game.apply(game.legal_actions()[0])
    view = public_view(game)
    _, placed = table_layout(view)
    last = [p for p in placed if p.kind == "last"]
    record = view["previous_hand"]["last_trick"]
    assert [p.card for p in last] == [c["card"] for c in record["cards"]]
    assert [p.seat for p in last if p.highlight] == [record["winner"]]


def test_the_same_view_gives_the_same_bytes_and_a_move_changes_them() -> None:
    game = new_game("railroad", 4, seed=3)
    tags = [SeatTag(n) for n in ("A", "B", "C", "D")]
    first = render_table(public_view(game), tags)
    assert render_table(public_view(game), tags) == first
    game.apply(game.legal_actions()[0])
    assert render_table(public_view(game), tags) != first


def test_whose_turn_it_is_is_outlined() -> None:
    game = new_game("euchre", 4, seed=2)
    view = public_view(game)
    image = decode(render_table(view, tags_for(game)))
    plates = {p.seat: p.box for p in table_layout(view)[1] if p.kind == "plate"}
    turn = view["current_player"]
    for seat, box in plates.items():
        edge = image.getpixel((box[0] + 1, (box[1] + box[3]) // 2))  # the plate's left edge
        is_gold = edge[0] > 200 and edge[1] > 160 and edge[2] < 120
        assert is_gold == (seat == turn)


def test_a_jambone_hand_lies_face_up_under_the_table_named_for_its_maker() -> None:
    game = jambone_in_play()
    view = public_view(game)
    tags = tags_for(game)
    geo, placed = table_layout(view, tags)
    shown = [p for p in placed if p.kind == "exposed"]
    assert [p.card for p in shown] == hand_order(view["exposed_hand"], "railroad", view["trump"])
    assert all(p.seat == view["maker"] for p in shown)
    plates = [p.box for p in placed if p.kind == "plate"]
    assert min(p.box[1] for p in shown) > max(box[3] for box in plates)  # under every seat
    assert max(p.box[3] for p in shown) <= geo.height + geo.strip
    assert [p.text for p in placed if p.kind == "tag"] == [
        f"{tags[view['maker']].name}'s Jambone hand"]


def test_every_seat_has_a_plate_even_the_dead_hand() -> None:
    game = new_game("flip", 5, seed=1)
    tags = tags_for(game)
    assert len(tags) == 6
    _, placed = table_layout(public_view(game), tags)
    assert sorted(p.seat for p in placed if p.kind == "plate") == list(range(6))


def test_classic_colours_draw_a_different_picture() -> None:
    game = next(new_game("euchre", 4, seed=s) for s in range(1, 40)
                if new_game("euchre", 4, seed=s).public_view()["turn_up"][-1] in "DC")
    view = public_view(game)
    four = render_table(view, tags_for(game))
    assert render_table(view, tags_for(game), four_colour=False) != four


def test_railroad_jambone_picture_draws_the_joker_whole_and_marks_the_bowers() -> None:
    """Issue point 6: the Jambone hand beside its maker shows the Joker as hand pictures
    do (a star and its name) and each bower's band with its word in view."""
    from PIL import ImageChops

    from bot.pictures.drawing.cards import TAG_COLOUR, card_face, card_tag
    from bot.pictures.drawing.fonts import SMALL_PRINT, text_width
    from tests.engine.helpers import play
    from tests.engine.variants.test_railroad import RAIL

    game = new_game("railroad", 4, seed=1, deal=RAIL)
    play(game, "order discard:7C jambone give:9S give:8D play:8D")
    view = public_view(game)
    tags = tags_for(game)
    image = decode(render_table(view, tags))
    shown = [p for p in table_layout(view, tags)[1] if p.kind == "exposed"]
    boxes = {p.card: p.box for p in shown}
    for bower, word in (("JC", "LEFT"), ("JS", "RIGHT")):
        assert card_tag(bower, "railroad", view) == word
        left, top, right, bottom = boxes[bower]
        later = [b for c, b in boxes.items() if b[0] > left]
        in_view = min(b[0] for b in later) - left
        assert in_view >= min(right - left, text_width(word, SMALL_PRINT, "plain") + 4)
        band = image.getpixel((left + 3, bottom - 4))
        assert max(abs(a - b) for a, b in zip(band, TAG_COLOUR, strict=True)) < 40, band
    left, top, right, bottom = boxes["BJ"]
    width = right - left
    assert text_width("Joker", max(SMALL_PRINT, int(width * 0.2)), "narrow") <= width - 4
    face = card_face("BJ", "railroad", width, True, card_tag("BJ", "railroad", view))
    backdrop = image.crop((left, top, right, bottom))
    drawn = backdrop.copy()
    drawn.paste(face, (0, 0), face)
    worst = ImageChops.difference(drawn.convert("RGB"), backdrop).getextrema()
    assert max(high for _, high in worst) <= 64  # the shared palette's rounding at worst
