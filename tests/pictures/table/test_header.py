"""The header names every side with its score, wraps for many players and leads with
the winner once the game is over; trump shows at its right end."""

from __future__ import annotations

from bot.engine import new_game
from bot.pictures import SeatTag
from bot.pictures.table.header import header_height, score_lines, trump_words
from bot.tables.games import public_view
from tests.pictures.helpers import NAMES, tags_for


def test_partnerships_are_named_together_with_their_score() -> None:
    game = new_game("euchre", 4, seed=1)
    view = public_view(game) | {"scores": [7, 4]}
    lines = score_lines(view, tags_for(game))
    assert [(side, names, score) for side, names, score, _ in lines[0]] == [
        (0, "Alice & Carol", "7"), (1, "Bob & Dave", "4")]
    assert header_height(view, tags_for(game)) == header_height(public_view(game), tags_for(game))


def test_ten_players_are_all_listed_by_score_on_more_lines() -> None:
    game = new_game("flip", 10, seed=1)
    view = public_view(game) | {"scores": [5 * s for s in range(10)]}
    lines = score_lines(view, tags_for(game))
    listed = [names for line in lines for _, names, _, _ in line]
    assert listed == list(reversed(NAMES))
    assert 2 <= len(lines) <= 3
    assert header_height(view, tags_for(game)) > header_height(
        public_view(new_game("euchre", 4, seed=1)), tags_for(game))


def test_long_names_are_shortened_not_dropped() -> None:
    game = new_game("euchre", 4, seed=1)
    tags = [SeatTag("A very long display name indeed, longer than the band")] * 4
    lines = score_lines(public_view(game), tags)
    entries = [entry for line in lines for entry in line]
    assert [side for side, _, _, _ in entries] == [0, 1]
    assert all(names.endswith("…") for _, names, _, _ in entries)


def test_trump_words() -> None:
    assert trump_words({"trump": "H", "phase": "play"}) == "Trump: hearts"
    assert trump_words({"trump": "N", "phase": "play"}) == "No trump"
    assert trump_words({"trump": None, "phase": "play"}) == "No trump"
    assert trump_words({"trump": None, "phase": "round1"}) == ""
    assert trump_words({"trump": "S", "phase": "over", "is_over": True}) == ""
