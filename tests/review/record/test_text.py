"""The review in words: each step names the hand, the dealer, every seat's cards (as
dealt, or still held), the calls in plain words, the trick and who took it, the tricks so
far, and at the hand's end its result and the running score; the downloadable hand
record tells the whole game."""

from __future__ import annotations

import pytest

from bot.engine import new_game
from bot.review.record import GameRecord, build_record, step_view, steps
from bot.review.record.text import record_text, step_text
from bot.words.cards import card_text
from tests.review.helpers import CASES, ONE_EACH, names_for, record_of

DISCORD_DESCRIPTION = 4096


def dealer_alone() -> tuple[GameRecord, int]:
    """The record of a Euchre hand in which the dealer takes the turned card and goes alone
    (each seat playing its first legal card), and the dealer's seat."""
    game = new_game("euchre", 4, 1, {})
    dealer = game.dealer
    for action in ["pass", "pass", "pass", "order", "alone"]:
        game.apply(action)
    while game.hand_number == 1 and not game.is_over:
        game.apply(game.legal_actions()[0])
    return build_record("euchre", 4, 1, game.options, game.log), dealer


@pytest.mark.parametrize("variant, players", CASES)
def test_every_step_says_what_the_picture_shows(variant: str, players: int) -> None:
    record = record_of(variant, players)
    names = names_for(record)
    for number, trick in steps(record):
        view = step_view(record, number, trick)
        text = step_text(view, names)
        assert len(text) <= DISCORD_DESCRIPTION
        assert f"**Hand {number} of {len(record.hands)}**" in text
        assert f"{names[view['dealer']]} deals" in text
        for seat, cards in enumerate(view["cards"]):
            if cards:
                shown = " ".join(card_text(c, variant) for c in cards)
                assert f"{names[seat]}: {shown}" in text or f"hand {shown}" in text
        if trick:
            assert f"**Trick {trick} of {view['tricks']}:**" in text
            assert f"→ **{names[view['winner']]}** took it" in text
            assert "Tricks so far:" in text
        if view["last_step"]:
            assert "Score:" in text
        if view["game_over"]:
            assert "won the game" in text


def test_the_calls_are_told_in_words() -> None:
    first = build_record("euchre", 4, 1, {}, []).hands[0]
    dealer = first.dealer
    turn_up, discard = first.dealt["kitty"][0], first.dealt["hands"][dealer][0]
    record = build_record("euchre", 4, 1, {}, ["order", "alone", f"discard:{discard}"])
    names = names_for(record)
    text = step_text(step_view(record, 1, 0), names)
    maker, partner = names[(dealer + 1) % 4], names[(dealer + 3) % 4]
    card, thrown = card_text(turn_up), card_text(discard)
    assert (f"**Calls:** {maker} ordered up the {card} and went alone, "
            f"{names[dealer]} picked up the {card} and discarded the {thrown}.") in text
    assert f"maker **{maker}**, alone" in text
    assert f"Turn-up: {card} (picked up)" in text
    assert f"\n{partner} (sits out): " in text


def test_point_8_a_dealer_who_picks_up_and_goes_alone_is_told_once() -> None:
    """The dealer orders themself up, goes alone and discards: one sentence, the pick-up
    said once."""
    first = build_record("euchre", 4, 1, {}, []).hands[0]
    dealer = first.dealer
    turn_up, discard = first.dealt["kitty"][0], first.dealt["hands"][dealer][0]
    record = build_record("euchre", 4, 1, {}, ["pass", "pass", "pass", "order", "alone",
                                               f"discard:{discard}"])
    names = names_for(record)
    text = step_text(step_view(record, 1, 0), names)
    card, thrown = card_text(turn_up), card_text(discard)
    assert (f"{names[dealer]} picked up the {card}, went alone and discarded the "
            f"{thrown}.") in text, text
    assert text.count("picked up the") == 1


def test_point_8_the_last_trick_lists_only_cards_still_held() -> None:
    """After a loner's last trick only the partner who sat out holds cards: the step
    lists them, with no ``Alice: —`` line for each seat that played all of theirs."""
    record, dealer = dealer_alone()
    names = names_for(record)
    last = len(record.hands[0].tricks)
    text = step_text(step_view(record, 1, last), names)
    partner = names[(dealer + 2) % 4]
    held = text.split("**Still held**\n", 1)[1].split("\n")[0]
    assert held.startswith(f"{partner} (sits out): "), text
    assert ": —" not in text, text


def test_a_hand_thrown_in_says_so() -> None:
    record = build_record("euchre", 4, 5, {"stick_dealer": False}, ["pass"] * 8)
    names = names_for(record)
    text = step_text(step_view(record, 1, 0), names)
    following = names[(record.hands[0].dealer + 1) % 4]
    assert "Thrown in (everyone passed): no points" in text and f"{following} deals next" in text
    assert "trump" not in text.split("\n")[0]


@pytest.mark.parametrize("variant, players", ONE_EACH)
def test_the_hand_record_file_tells_the_whole_game(variant: str, players: int) -> None:
    record = record_of(variant, players)
    names = names_for(record)
    text = record_text(record, names)
    assert "**" not in text and text.endswith("\n")
    assert f"seed {record.seed}" in text
    assert all(f"seat {seat + 1}: {name}" in text for seat, name in enumerate(names))
    for hand in record.hands:
        assert f"== Hand {hand.number} of {len(record.hands)} · " in text
        assert sum(1 for line in text.splitlines() if line.startswith("Trick ")) >= len(
            hand.tricks)
    assert text.count("won the game") == 2  # in the header and after the last hand
    assert "python -m bot.review.replay" in text


def test_point_11_a_loners_tricks_so_far_leave_out_the_partner_who_sits_out() -> None:
    record, dealer = dealer_alone()
    names = names_for(record)
    partner = names[(dealer + 2) % 4]
    for trick in range(1, len(record.hands[0].tricks) + 1):
        text = step_text(step_view(record, 1, trick), names)
        so_far = next(line for line in text.splitlines() if line.startswith("Tricks so far"))
        assert partner not in so_far and names[dealer] in so_far, so_far
    verdict = next(line for line in text.splitlines() if line.startswith("📊"))
    assert partner not in verdict and f"{names[dealer]} went alone" in verdict, verdict
