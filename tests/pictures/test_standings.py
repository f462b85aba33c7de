"""The standings picture: 800 px wide, a row per player, the winner in gold at the end,
byes and tie-breaks marked, every word inside the picture."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot.pictures import samples
from bot.pictures.drawing import fonts
from bot.pictures.drawing.palette import MUTED, WINNER
from bot.pictures.standings import HEADER_H, HEADS_H, MARGIN, ROW_H, WIDTH, draw_standings
from bot.tournaments.models import Standing
from tests.pictures.helpers import NAMES, decode

TITLE = "Euchre night · progressive · round 2 of 3"
Drawn = list[tuple[float, float, str, Any]]  # x, y, words, ink


def standings(players: int, rounds: int = 3) -> list[Standing]:
    """Made-up standings, best first: the fourth player had a bye in round 2 and the
    third lost a tie on rounds won."""
    rows = []
    for i in range(players):
        scores = tuple(max(0, 10 - i - r) for r in range(rounds))
        rows.append(Standing(
            rank=i + 1, user_id=1000 + i, rounds=scores, total=sum(scores),
            rounds_won=max(0, rounds - i), loners=i % 3,
            bye_rounds=(2,) if i == 3 and rounds > 1 else (),
            tie_break="rounds won" if i == 2 else "",
        ))
    return rows


def names(players: int) -> dict[int, str]:
    """Display names for every player of :func:`standings`."""
    return {1000 + i: NAMES[i % len(NAMES)] for i in range(players)}


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Every (x, y, words, ink) the pictures draw while the fixture is active."""
    seen: Drawn = []
    original = fonts.Pen.text

    def recording(self: fonts.Pen, xy: Any, text: Any, fill: Any = None, font: Any = None,
                  *args: Any, **kwargs: Any) -> None:
        seen.append((xy[0], xy[1], str(text), fill))
        original(self, xy, text, fill, font, *args, **kwargs)

    monkeypatch.setattr(fonts.Pen, "text", recording)
    return seen


def row_middle(row: int) -> int:
    """The y of the middle of a player's row (from 0)."""
    return HEADER_H + HEADS_H + row * ROW_H + ROW_H // 2


def near(pixel: Any, colour: tuple[int, int, int], by: int = 24) -> bool:
    """Whether an RGB pixel is within ``by`` of ``colour`` in every channel."""
    return all(abs(a - b) <= by for a, b in zip(pixel, colour, strict=True))


def test_the_picture_is_a_palette_png_800_px_wide() -> None:
    png = draw_standings(TITLE, standings(8), names(8), final=False)
    assert Image.open(io.BytesIO(png)).mode == "P"
    assert decode(png).width == WIDTH == 800


def test_the_picture_grows_with_the_players_and_64_fit(drawn: Drawn) -> None:
    heights = [decode(draw_standings(TITLE, standings(n), names(n), final=True)).height
               for n in (4, 8, 16)]
    assert heights[0] < heights[1] < heights[2]
    assert heights[2] - heights[1] == 8 * ROW_H
    drawn.clear()
    png = draw_standings(TITLE, standings(64), names(64), final=True)
    image = decode(png)
    assert len(png) < 8 * 2**20 and image.height < 4000
    assert "64" in {words for _, _, words, _ in drawn}
    assert all(0 <= x < WIDTH and 0 <= y < image.height for x, y, _, _ in drawn)


def test_the_winner_row_is_gold_only_in_the_final_standings() -> None:
    for final in (True, False):
        image = decode(draw_standings(TITLE, standings(8), names(8), final=final))
        first = image.getpixel((MARGIN, row_middle(0)))
        second = image.getpixel((MARGIN, row_middle(1)))
        assert near(first, WINNER) is final
        assert not near(second, WINNER)


def test_the_winner_is_tagged_at_the_end(drawn: Drawn) -> None:
    draw_standings(TITLE, standings(8), names(8), final=True)
    assert "Winner" in [words for _, _, words, _ in drawn]
    drawn.clear()
    draw_standings(TITLE, standings(8), names(8), final=False)
    assert "Winner" not in [words for _, _, words, _ in drawn]


def test_a_bye_is_muted_and_marked_and_explained(drawn: Drawn) -> None:
    draw_standings(TITLE, standings(8), names(8), final=False)
    byes = [(y, ink) for _, y, words, ink in drawn if words == "bye"]
    assert len(byes) == 1 and byes[0][1] == MUTED
    assert HEADER_H + HEADS_H + 3 * ROW_H <= byes[0][0] < HEADER_H + HEADS_H + 4 * ROW_H
    assert any(words.startswith("bye:") for _, _, words, _ in drawn)
    drawn.clear()
    draw_standings(TITLE, standings(3), names(3), final=False)
    assert not any("bye" in words for _, _, words, _ in drawn)


def test_the_tie_breaks_are_stated_and_a_row_they_decided_says_which(drawn: Drawn) -> None:
    draw_standings(TITLE, standings(8), names(8), final=True)
    words = [w for _, _, w, _ in drawn]
    assert "Ties: rounds won, then loners made, then head to head." in words
    assert words.count("(rounds won)") == 1


def test_missing_names_fall_back_and_long_names_are_shortened(drawn: Drawn) -> None:
    given = {1000: "Maximiliana Featherstonehaugh-Worthington of the Western Reaches"}
    draw_standings(TITLE, standings(3), given, final=True)
    words = [w for _, _, w, _ in drawn]
    assert "Player 1001" in words and "Player 1002" in words
    assert any(w.startswith("Maximiliana") and w.endswith("…") for w in words)


def test_shared_ranks_are_marked_and_many_rounds_fold_into_one_column(drawn: Drawn) -> None:
    rows = standings(6, rounds=12)
    rows[5] = Standing(5, rows[5].user_id, rows[5].rounds, rows[4].total, 0, 0)
    rows[4] = Standing(5, rows[4].user_id, rows[4].rounds, rows[4].total, 0, 0)
    draw_standings(TITLE, rows, names(6), final=False)
    words = [w for _, _, w, _ in drawn]
    assert words.count("=5") == 2
    assert any(w.startswith("R1–") for w in words) and "R12" in words
    assert all(x < WIDTH - MARGIN for x, _, _, _ in drawn)


def test_the_sample_draws_the_final_standings_of_eight_players() -> None:
    image = decode(samples.standings_sample())
    assert image.width == 800
    assert image.height == decode(
        draw_standings(TITLE, standings(8), names(8), final=True)
    ).height
