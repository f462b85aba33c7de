"""The review picture shows every seat's cards (as dealt, or still held: never a card
already played), each card of the trick in the row of the seat that played it with the
card that took it outlined, and fits Discord for every game and seat count."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.pictures import SeatTag, render_record
from bot.pictures.review.layout import record_layout
from bot.review.record import step_view, steps
from tests.pictures.helpers import CASES, decode
from tests.review.helpers import names_for, record_of

MAX_BYTES = 250_000
Box = tuple[int, int, int, int]


def tags(record_seats: int, names: list[str]) -> list[SeatTag]:
    """Names for every hand; every third seat a hard computer player."""
    return [SeatTag(names[s], "hard" if s % 3 == 2 else None) for s in range(record_seats)]


def gap(a: Box, b: Box) -> float:
    """How far apart two boxes are (0 if they touch or overlap)."""
    dx = max(b[0] - a[2], a[0] - b[2], 0)
    dy = max(b[1] - a[3], a[1] - b[3], 0)
    return float((dx * dx + dy * dy) ** 0.5)


@pytest.mark.parametrize("variant, players", CASES)
def test_every_game_draws_review_pictures_discord_takes(variant: str, players: int) -> None:
    record = record_of(variant, players, 2, "random")
    names = names_for(record)
    order = steps(record)
    for number, trick in order[:: max(1, len(order) // 6)] + order[-1:]:
        view = step_view(record, number, trick)
        png = render_record(view, tags(record.seats, names))
        image = decode(png)
        assert image.width == 800 and 400 <= image.height <= 1100
        assert len(png) <= MAX_BYTES
        height, placed = record_layout(view)
        assert image.height == height
        assert len([p for p in placed if p.kind == "plate"]) == record.seats
        assert all(p.box[0] >= 0 and p.box[2] <= 800 and p.box[3] <= height for p in placed)


@pytest.mark.parametrize("variant, players", CASES)
def test_each_trick_card_lies_in_the_row_of_the_seat_that_played_it(
    variant: str, players: int
) -> None:
    record = record_of(variant, players)
    for number, trick in steps(record):
        if not trick:
            continue
        view = step_view(record, number, trick)
        _, placed = record_layout(view)
        plates = {p.seat: p.box for p in placed if p.kind == "plate"}
        cards = [p for p in placed if p.kind == "trick"]
        assert sorted((p.seat, p.card) for p in cards) == sorted(
            (c["seat"], c["card"]) for c in view["trick_cards"])
        for card in cards:
            nearest = min(plates, key=lambda seat: gap(plates[seat], card.box))
            assert nearest == card.seat
        best = [p for p in cards if p.highlight]
        assert len(best) == 1 and best[0].seat == view["winner"]


@pytest.mark.parametrize("variant, players", CASES)
def test_played_cards_are_not_shown_as_still_held(variant: str, players: int) -> None:
    record = record_of(variant, players)
    for number, trick in steps(record):
        view = step_view(record, number, trick)
        _, placed = record_layout(view)
        hand = record.hand(number)
        for seat in range(record.seats):
            shown = Counter(str(p.card) for p in placed
                            if p.seat == seat and p.kind in ("held", "area", "idle"))
            played = Counter(c for t in hand.tricks[:trick] for s, c in t.plays if s == seat)
            assert shown == Counter(view["cards"][seat]) + _table_up(view, seat)
            if variant != "flip":  # a double deck may hold a twin of a card played
                assert not shown & played


def _table_up(view: dict[str, object], seat: int) -> Counter[str]:
    tables = view["tables"]
    assert isinstance(tables, list)
    if seat >= len(tables):
        return Counter()
    table = tables[seat]
    if "columns" in table:
        return Counter(c["up"] for c in table["columns"] if c["up"])
    return Counter(table["up"])


def test_the_same_step_draws_the_same_bytes() -> None:
    record = record_of("over_the_rhine", 2)
    view = step_view(record, 1, 2)
    names = names_for(record)
    first = render_record(view, tags(record.seats, names))
    assert render_record(view, tags(record.seats, names)) == first
    assert render_record(view, tags(record.seats, names), four_colour=True) != first


def test_a_table_that_takes_no_part_is_drawn_dimmed_and_says_why() -> None:
    record = record_of("over_the_rhine", 2, 1, "random")
    hand = next(h for h in record.hands if h.setup.get("shoot"))
    maker = hand.maker
    assert maker is not None
    _, placed = record_layout(step_view(record, hand.number, 1))
    mine = [p for p in placed if p.seat == maker]
    assert {p.kind for p in mine} >= {"idle", "held"} and not any(p.kind == "area" for p in mine)
    assert any("takes no part" in p.text for p in mine if p.kind == "area_label")
    theirs = [p.kind for p in placed if p.seat == 1 - maker]
    assert "area" in theirs and "idle" not in theirs
