"""Narration lines from the service's events."""

from __future__ import annotations

from dataclasses import replace

from bot.engine import new_game
from bot.tables.events import ActionApplied, TableChanged, TurnTimedOut
from bot.ui.table.message import table_embed
from bot.ui.table.narration import engine_line, game_over_line, narrate
from tests.ui.helpers import NAMES, PEOPLE, playing_table, public_of

LABELS = ["Ann", "Ben", "Cat", "Dan"]


def table():  # type: ignore[no-untyped-def]
    return playing_table(new_game("euchre", 4, 1))


def test_trump_loners_and_special_calls_are_told() -> None:
    t = table()
    assert "ordered it up" in engine_line(
        {"type": "trump", "seat": 1, "trump": "H", "how": "ordered"}, t, LABELS
    )
    assert engine_line({"type": "alone", "seat": 2}, t, LABELS) == "**Cat** goes alone!"
    assert "Jambone" in engine_line(
        {"type": "jambone", "seat": 1, "chooser": 2, "hand": ["JH"]}, t, LABELS
    )
    assert "Jamboree" in engine_line(
        {"type": "jamboree", "seat": 3, "cards": ["JH"], "bonus": 16}, t, LABELS
    )
    assert "switched in" in engine_line(
        {"type": "trump", "seat": 0, "trump": "S", "card": "9S", "how": "switched"}, t, LABELS
    )
    assert engine_line({"type": "play", "seat": 0, "card": "JH"}, t, LABELS) is None


def test_the_winners_are_named_first_beside_their_own_score() -> None:
    line = game_over_line({"type": "game_over", "winner": 1, "scores": [7, 10]}, table(), LABELS)
    assert line == "🏆 **Ben & Dan** won the game: Ben & Dan 10 · Ann & Cat 7!"


def test_a_timeout_and_a_standin_are_told() -> None:
    t = table()
    event = TurnTimedOut(t, seat=0, user_id=PEOPLE[0], action="pass", timeouts=3, standin=True)
    (line,) = narrate(event, NAMES)
    assert "Player1 ran out of time" in line and "**Pass**" in line and "My hand" in line


def test_the_hand_number_is_the_scored_hand_even_when_the_next_one_is_dealt() -> None:
    t = replace(table(), hand_number=3)
    events = (
        {"type": "hand_scored", "points": [1, 0], "scores": [1, 0], "maker": 0, "tricks": [3, 2]},
        {"type": "deal", "hand": 3, "dealer": 2},
    )
    applied = ActionApplied(t, 0, 0, "play:JH", "person", PEOPLE[0], events)
    lines = narrate(applied, NAMES)
    assert lines and lines[0].startswith("📊 **Hand 2 is over.**")


def test_quiet_changes_say_nothing() -> None:
    assert narrate(TableChanged(table(), reason="joined"), NAMES) == []
    assert narrate(TableChanged(table(), reason="started"), NAMES)


def test_trump_calls_read_as_said_at_a_table() -> None:
    t = table()
    ordered = {"type": "trump", "seat": 1, "trump": "H", "how": "ordered", "dealer": 3}
    assert engine_line(ordered, t, LABELS) == "**Ben** ordered it up: trump is **♥ hearts**."
    picked = {**ordered, "seat": 3}
    assert engine_line(picked, t, LABELS) == "**Dan** picks it up: trump is **♥ hearts**."
    named = {"type": "trump", "seat": 0, "trump": None, "no_trump": True, "how": "named"}
    assert engine_line(named, t, LABELS) == "**Ann** named **no trump**."
    rhine = playing_table(new_game("over_the_rhine", 2, 1))
    played = {"type": "trump", "seat": 0, "trump": "S", "how": "ordered"}
    assert engine_line(played, rhine, LABELS) == "**Ann** plays it: trump is **♠ spades**."


def test_the_engine_tells_who_dealt_when_trump_is_ordered() -> None:
    game = new_game("euchre", 4, 1)
    while game.phase == "round1" and game.current_player != game.dealer:
        game.apply("pass")
    events = game.apply("order")
    (trump,) = [e for e in events if e["type"] == "trump"]
    assert trump["dealer"] == trump["seat"] == game.dealer
    assert "picks it up" in (engine_line(trump, table(), LABELS) or "")


def test_the_table_calls_say_the_dealer_picked_it_up() -> None:
    game = new_game("euchre", 4, 1)
    while game.current_player != game.dealer:
        game.apply("pass")
    game.apply("order")
    text = table_embed(playing_table(game), public_of(game), NAMES).description or ""
    dealer = NAMES[PEOPLE[game.dealer]]
    assert f"{dealer}: Pick up" in text and f"{dealer}: Order up" not in text
