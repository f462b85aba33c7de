"""The public table message: named scores, the auction as it stands, short rules, seats
that tell computers' levels, and lobby buttons that match the seats."""

from __future__ import annotations

from dataclasses import replace

from bot.engine import new_game
from bot.tables.models import Seat
from bot.ui.table.message import options_text, table_controls, table_embed
from tests.emulator.client import components as comp
from tests.ui.helpers import NAMES, PEOPLE, check_fits, lobby_table, playing_table, public_of


def text_of(table, view=None) -> str:  # type: ignore[no-untyped-def]
    return table_embed(table, view, NAMES).description or ""


def test_scores_name_each_side_and_the_target() -> None:
    game = new_game("euchre", 4, seed=1, deal=None)
    table = playing_table(game)
    assert "Score: **Player1 & Player3** 0 · **Player2 & Player4** 0 — to 10" in text_of(
        table, public_of(game)
    )


def test_the_auction_shows_the_high_bid_and_not_a_maker() -> None:
    game = new_game("cincinnati", 4, seed=2)
    game.apply("bid:4")
    bidder = game.view(0)["bidding"][-1]["seat"]
    text = text_of(playing_table(game), public_of(game))
    assert f"high bid 4 (Player{bidder + 1})" in text
    assert "made by" not in text
    while game.phase == "bid":
        game.apply("pass" if "pass" in game.legal_actions() else game.legal_actions()[0])
    assert "made by" in text_of(playing_table(game), public_of(game))


def test_the_footer_says_standard_rules_or_only_what_differs() -> None:
    assert options_text(lobby_table("euchre")) == "Standard rules · game to 10"
    flip = lobby_table("flip", options={"target": 50, "deck": 52, "zilch": True})
    assert options_text(flip) == (
        "House rules: game to 50 (usually 100) · Zilch: no bids, fewest tricks wins"
    )
    euchre = lobby_table("euchre", options={"target": 10, "stick_dealer": False})
    assert "No stick-the-dealer" in options_text(euchre)


def test_computers_have_one_name_that_carries_their_level() -> None:
    lobby = lobby_table("euchre")
    assert "Seat 2: 🤖 Bolt (normal)" in text_of(lobby)
    game = new_game("euchre", 4, seed=1)
    table = playing_table(game, computers=(1,))
    assert "🤖 Bolt (normal)" in text_of(table, public_of(game))


def test_join_and_add_computer_are_greyed_out_on_a_full_table() -> None:
    def buttons(table):  # type: ignore[no-untyped-def]
        body = check_fits(embed=table_embed(table, None, NAMES), view=table_controls(table))
        return {c["label"]: c for c in comp.walk(body["components"]) if c["type"] == comp.BUTTON}

    open_seats = buttons(lobby_table("euchre"))
    assert not open_seats["Join"].get("disabled")
    full = replace(
        lobby_table("euchre"), seats=tuple(Seat(i, user_id=PEOPLE[i]) for i in range(4))
    )
    closed = buttons(full)
    assert closed["Join"].get("disabled") and closed["Add computer player"].get("disabled")
    assert not closed["Start"].get("disabled")


def test_the_last_trick_of_a_hand_stays_shown_until_the_next_hand_plays() -> None:
    game = new_game("euchre", 4, seed=5)
    number = game.hand_number
    while game.hand_number == number:
        game.apply(game.legal_actions()[0])
    text = text_of(playing_table(game), public_of(game))
    assert f"Last trick of hand {number}:" in text and "took it" in text


def test_calls_line_says_alone_and_jambone_as_the_header_does() -> None:
    """Issue point 9: the maker's call on the ``Calls:`` line says what the header says."""
    from tests.engine.helpers import LEFT_BOWER_DEAL, play
    from tests.engine.variants.test_railroad import RAIL

    euchre = new_game("euchre", 4, seed=1, deal={**LEFT_BOWER_DEAL, "dealer": 3})
    play(euchre, "order alone")
    text = text_of(playing_table(euchre), public_of(euchre))
    assert "made by Player1 (alone)" in text
    assert "Calls: Player1: Order up (alone)" in text
    railroad = new_game("railroad", 4, seed=1, deal=RAIL)
    play(railroad, "pass order discard:7C jambone give:9H give:AC")
    text = text_of(playing_table(railroad), public_of(railroad))
    assert "made by Player2 (Jambone)" in text
    assert "Calls: Player1: Pass, Player2: Order up (Jambone)" in text
    partner = new_game("euchre", 4, seed=1, deal={**LEFT_BOWER_DEAL, "dealer": 3})
    play(partner, "order partner")
    assert "Calls: Player1: Order up\n" in text_of(playing_table(partner), public_of(partner))
