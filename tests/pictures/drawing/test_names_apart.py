"""Names are shortened to fit a picture, but never so far that two seats read alike."""

from __future__ import annotations

from bot.engine import new_game
from bot.pictures import SeatTag
from bot.pictures.drawing.fonts import fit_apart, text_width
from bot.pictures.table.header import score_lines, short_labels
from bot.tables.games import public_view

ALIKE = [f"Normal · seat {n}" for n in range(1, 7)]


def test_names_alike_up_to_their_ends_keep_their_ends() -> None:
    cut = fit_apart(ALIKE, 20, 80, "narrow")
    assert len(set(cut)) == len(ALIKE)
    assert all(text.endswith(str(n)) or "…" not in text for n, text in enumerate(cut, 1))


def test_names_that_differ_early_are_cut_to_the_room() -> None:
    names = ["Maximilian Longname", "Bartholomew Longname", "Al"]
    cut = fit_apart(names, 20, 90, "narrow")
    assert cut[2] == "Al" and all(c.endswith("…") for c in cut[:2])
    assert all(text_width(c, 20, "narrow") <= 90 for c in cut)


def test_a_six_seat_flip_score_line_tells_every_seat_apart() -> None:
    game = new_game("flip", 6, seed=1)
    tags = [SeatTag(name, "normal") for name in ALIKE]
    shown = [names for line in score_lines(public_view(game), tags) for _, names, _, _ in line]
    assert len(shown) == 6 and len(set(shown)) == 6


def test_partners_names_are_each_shortened_alike() -> None:
    labels = ["Bartholomew & Maximiliana", "Christopher & Wilhelmina"]
    short = short_labels(labels, 20, 200)
    assert all(" & " in label for label in short)
    assert len({part for label in short for part in label.split(" & ")}) == 4
