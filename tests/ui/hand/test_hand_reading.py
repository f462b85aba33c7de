"""The private hand reads like a card table: bowers shown as trumps, greyed-out cards
explained, each choice said in plain words, scores named, the game's end shown."""

from __future__ import annotations

from dataclasses import replace

import discord

from bot.engine import new_game
from bot.ui.hand.message import closed_hand_controls, closed_hand_embed, hand_controls, hand_embed
from tests.emulator.client import components as comp
from tests.engine.helpers import LEFT_BOWER_DEAL, play
from tests.ui.helpers import NAMES, PEOPLE, check_fits, hand_of, playing_table

EUCHRE_DEAL = {**LEFT_BOWER_DEAL, "dealer": 3}  # seat 0 bids first


def labelled(hand_view) -> dict[str, dict]:  # type: ignore[no-untyped-def]
    body = check_fits(embed=hand_embed(hand_view, NAMES), view=hand_controls(hand_view))
    return {c["label"]: c for c in comp.walk(body["components"]) if c["type"] == comp.BUTTON}


def description(hand_view) -> str:  # type: ignore[no-untyped-def]
    return hand_embed(hand_view, NAMES).description or ""


def test_the_left_bower_sits_with_trump_and_says_so() -> None:
    game = new_game("euchre", 4, seed=1, deal=EUCHRE_DEAL)
    play(game, "order partner discard:9H")
    text = description(hand_of(game, 2))
    assert "J♦ (left)" in text
    mine = text.split("**Your hand:** ")[1].splitlines()[0]
    assert mine.index("A♠") < mine.index("J♦")  # trump last, the left bower among them


def test_following_a_diamond_lead_greys_out_the_left_bower_with_the_reason() -> None:
    game = new_game("euchre", 4, seed=1, deal=LEFT_BOWER_DEAL)
    # Dealer 0: seat 1 bids first and orders hearts; the dealer (seat 0) discards; seat 1
    # leads the A♦ and seat 2, holding J♦ and 9♦, must follow with the 9♦.
    play(game, "order partner discard:9C", "play:AD")
    assert game.current_player == 2
    view = hand_of(game, 2)
    buttons = labelled(view)
    assert buttons["J♦ (left)"].get("disabled") is True
    assert not buttons["9♦"].get("disabled")
    assert buttons["J♦ (left)"]["style"] == discord.ButtonStyle.primary.value  # trump's colour
    text = description(view)
    assert "You must follow ♦ diamonds." in text
    assert "The J♦ (left) is a trump this hand." in text


def test_trick_lines_mark_the_left_bower_as_trump() -> None:
    game = new_game("euchre", 4, seed=1, deal=LEFT_BOWER_DEAL)
    play(game, "order partner discard:9C", "play:AD play:9D")
    game.apply("play:QD")
    game.apply("play:JH")
    text = description(hand_of(game, 0))
    assert "Player1 J♥ (right)" in text


def test_the_footer_names_each_side_beside_its_score() -> None:
    game = new_game("euchre", 4, seed=1, deal={**EUCHRE_DEAL, "scores": [3, 7]})
    embed = hand_embed(hand_of(game, 0), NAMES)
    assert embed.footer.text == "Hand 1 · Player1 & Player3 3 · Player2 & Player4 7 — to 10"


def test_railroad_declarations_and_exchanges_are_explained() -> None:
    game = new_game("railroad", 4, seed=2)
    while "jambone" not in game.legal_actions():
        legal = game.legal_actions()
        game.apply("order" if "order" in legal else legal[0])
    text = description(hand_of(game, game.current_player))
    assert "**Go alone**: you give your partner one card and get one back" in text
    assert "**Jambone**" in text and "picks every card you play" in text
    game.apply("alone")
    while game.phase != "give":
        game.apply(game.legal_actions()[0])
    giver = game.current_player
    assert "Pick the card your partner gets; they give you one back" in description(
        hand_of(game, giver)
    )
    game.apply(game.legal_actions()[0])
    text = description(hand_of(game, game.current_player))
    assert "give a card back to your partner" in text and "then you sit out" in text


def test_over_the_rhine_says_play_it_and_shows_the_turned_chaff_card() -> None:
    game = new_game("over_the_rhine", 2, seed=3)
    while game.phase != "order":
        game = new_game("over_the_rhine", 2, seed=game.seed + 1)
    view = hand_of(game, game.current_player)
    text = description(view)
    chaff = game.view(0)["chaff"][-1]
    assert "play it (make the turned card's suit trump) or pass" in text
    assert "Chaff turned:" in text and "**Play it**" in text
    assert "Play it" in labelled(view) and chaff


def test_a_finished_game_shows_the_result_with_rematch_and_review() -> None:
    game = new_game("euchre", 4, seed=1)
    table = replace(
        playing_table(game, status="finished"), scores=(10, 6), winner=0, hand_number=9
    )
    embed = closed_hand_embed(table, NAMES)
    text = embed.description or ""
    assert "The game is over" in text and "**Player1 & Player3** won the game after 9 hands" in text
    assert "Final score: **Player1 & Player3** 10 · **Player2 & Player4** 6" in text
    body = check_fits(embed=embed, view=closed_hand_controls(table))
    labels = [c["label"] for c in comp.walk(body["components"]) if c["type"] == comp.BUTTON]
    assert labels == ["Rematch", "Review"]
    abandoned = closed_hand_embed(replace(table, status="abandoned"), NAMES)
    assert "ended before its finish" in (abandoned.description or "")
    assert not closed_hand_controls(replace(table, status="abandoned")).children


def test_a_select_of_cards_asks_for_a_card_not_a_choice() -> None:
    game = new_game("over_the_top", 2, seed=4)  # bids 50 to 100 by fives: a select
    assert game.phase == "bid"
    body = check_fits(
        embed=hand_embed(hand_of(game, game.current_player), NAMES),
        view=hand_controls(hand_of(game, game.current_player)),
    )
    placeholders = [c.get("placeholder") for c in comp.walk(body["components"])
                    if c["type"] == comp.STRING_SELECT]
    assert placeholders == ["Choose your bid…"]


def test_railroad_jambone_hand_marks_its_bowers_and_trump_joker() -> None:
    """Issue point 6: the Jambone hand in words marks trumps as a hand does, in both the
    hand message and the table message."""
    from bot.tables.games import public_view
    from bot.ui.table.message import public_cards
    from tests.engine.variants.test_railroad import RAIL

    game = new_game("railroad", 4, seed=1, deal=RAIL)
    play(game, "order discard:7C jambone give:9S give:8D")
    said = "Jambone hand (face up): 8♦ 10♠ Q♠ A♠ J♣ (left) J♠ (right) Joker (trump)"
    assert said in description(hand_of(game, 1))
    assert said in public_cards(public_view(game), [NAMES[p] for p in PEOPLE[:4]], "railroad")


def test_railroad_jambone_chooser_is_told_why_only_some_cards_are_offered() -> None:
    """Issue point 6: facing a spade lead, only the maker's K♠ is offered, and why."""
    from tests.engine.variants.test_railroad import RAIL

    game = new_game("railroad", 4, seed=1, deal=RAIL)
    play(game, "pass order discard:7C jambone give:9H give:AC play:9S")
    chooser = hand_of(game, 2)
    assert list(labelled(chooser)) == ["K♠ (maker's)", "Hint", "Refresh"]
    assert ("🚫 The maker must follow ♠ spades and holds K♠: you choose only among the "
            "cards they may play.") in description(chooser)
