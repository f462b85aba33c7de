"""The computer's opinion in words: each decision shown at the step it was taken, a
costly one marked with its reason, the game's summary and best play with all cards known."""

from __future__ import annotations

import pytest

from bot.engine import new_game
from bot.review.opinion import Choice, Decision, Opinion, PerfectPlay
from bot.review.record import GameRecord
from bot.ui.review.navigation import Step
from bot.ui.review.opinion import (
    choices_line,
    decision_line,
    decisions_at,
    opinion_text,
    summary_line,
)
from tests.review.helpers import ONE_EACH, record_of


def decision(
    action: str, best: str, cost: float, hand: int = 1, why: str = "", index: int = 0
) -> Decision:
    choices = (Choice(best, 1.0), Choice(action, 1.0 - cost)) if best != action else (
        Choice(action, 1.0),
    )
    return Decision(
        index=index, hand=hand, action=action, choices=choices, cost=cost, why=why
    )


def seat_plays(record: GameRecord, seat: int, hand: int = 1) -> list[tuple[int, int, str]]:
    """(trick number, index in the action log, card) of every card ``seat`` played in
    ``hand`` (a card id is unique in these decks)."""
    found = []
    for trick in record.hands[hand - 1].tricks:
        span = range(trick.first_action, trick.last_action + 1)
        for who, card in trick.plays:
            if who == seat:
                index = next(i for i in span if record.actions[i] == f"play:{card}")
                found.append((trick.number, index, card))
    return found


def test_calls_show_at_the_deal_and_each_card_at_its_trick() -> None:
    record = record_of("euchre", 4)
    seat = 0
    plays = seat_plays(record, seat)
    call = decision("pass", "pass", 0.0, index=record.hands[0].first_action)
    cards = [decision(f"play:{card}", f"play:{card}", 0.0, index=i) for _, i, card in plays]
    opinion = Opinion(seat, (call, *cards), ())
    assert decisions_at(opinion, record, Step(1, 0)) == [call]
    for (trick, _, _), card in zip(plays, cards, strict=True):
        assert decisions_at(opinion, record, Step(1, trick)) == [card]


@pytest.mark.parametrize("variant", ["over_the_rhine", "over_the_top"])
def test_point_1_two_plays_a_trick_are_judged_at_their_own_trick(variant: str) -> None:
    """Over the Rhine and Over the Top: each player plays two cards to every trick; the
    opinion of each card sits on the trick it was played to, the last trick's included."""
    record = record_of(variant, 2)
    for seat in (0, 1):
        for hand in record.hands:
            if not hand.tricks:
                continue
            plays = seat_plays(record, seat, hand.number)
            cards = tuple(
                decision(f"play:{card}", f"play:{card}", 0.0, hand.number, index=i)
                for _, i, card in plays
            )
            opinion = Opinion(seat, cards, ())
            shown = {
                trick.number: [d.action for d in decisions_at(opinion, record,
                                                              Step(hand.number, trick.number))]
                for trick in hand.tricks
            }
            played = {
                trick.number: [f"play:{c}" for who, c in trick.plays if who == seat]
                for trick in hand.tricks
            }
            assert shown == played
            assert len(shown[len(hand.tricks)]) == 2  # the last trick's two cards appear


def test_a_costly_decision_says_why_and_a_good_one_says_so() -> None:
    why = "Ordering up with no trump in your hand: the makers were set in 3 of 4 deals."
    costly = decision("order", "pass", 0.8, why=why)
    assert decision_line(costly) == f"⚠️ **Order up** was costly (about 0.8 points): {why}"
    assert decision_line(decision("pass", "pass", 0.0)) == "✅ **Pass**: the computer agrees."
    close = decision("play:KS", "play:AS", 0.1)
    assert decision_line(close) == "✅ **Play K♠**: close to the computer's choice, Play A♠."


def test_each_choice_is_shown_with_what_it_was_worth() -> None:
    record = record_of("euchre", 4)
    costly = decision("order", "pass", 0.8, why="Ordering up with no trump.")
    text = opinion_text(Opinion(0, (costly,), ()), record, Step(1, 0))
    assert "-# Expected points for your side this hand: Pass +1.0 · Order up +0.2" in text


def test_choices_open_but_not_weighed_are_counted_among_the_more() -> None:
    """A list of choices never passes for all of them: beside those weighed but not shown
    (past the first four), the choices open but not weighed count in ``· N more``."""
    bids = tuple(Choice(f"bid:{n}", 1.0 - n / 10) for n in range(1, 7))
    decision = Decision(0, 1, "bid:1", bids, 0.0, "", unweighed=3)
    assert choices_line(decision).endswith("Bid 3 +0.7 · Bid 4 +0.6 · 5 more")
    few = Decision(0, 1, "bid:1", bids[:2], 0.0, "", unweighed=3)
    assert choices_line(few).endswith("Bid 1 +0.9 · Bid 2 +0.8 · 3 more")
    assert choices_line(Decision(0, 1, "bid:1", bids[:2], 0.0, "")).endswith("Bid 2 +0.8")


def test_the_summary_counts_what_was_given_away() -> None:
    record = record_of("euchre", 4)
    clean = Opinion(0, (decision("pass", "pass", 0.0),), ())
    assert "none was costly" in summary_line(clean, record)
    costly = Opinion(0, (decision("order", "pass", 0.5), decision("alone", "pass", 0.75)), ())
    line = summary_line(costly, record)
    assert "2 costly decisions of 2" in line and "1.2 points" in line
    assert "the largest: Go alone in hand 1 (0.8)" in line


def test_best_play_is_told_at_the_last_trick_of_its_hand() -> None:
    record = record_of("euchre", 4)
    last = len(record.hands[0].tricks)
    opinion = Opinion(0, (), (PerfectPlay(hand=record.hands[0].number, side_tricks=2,
                                          best_tricks=3, from_trick=1),))
    text = opinion_text(opinion, record, Step(1, last))
    assert ("With every card known and everyone playing their best, your side would have "
            "taken 3 tricks; it took 2, 1 fewer.") in text
    assert "best" not in opinion_text(opinion, record, Step(1, 0))


def test_point_1_more_tricks_than_best_play_reads_as_the_others_letting_them() -> None:
    """Best play is the most the side could be sure of: taking more is the other side's
    doing, never "best play would have given 2; it took 3" as if best play were worse."""
    record = record_of("over_the_rhine", 2)
    hand = record.hands[0]
    more = Opinion(0, (), (PerfectPlay(hand.number, side_tricks=3, best_tricks=2,
                                       from_trick=1),))
    text = opinion_text(more, record, Step(1, len(hand.tricks)))
    assert ("your side would have taken 2 tricks; it took 3: 1 more than the other side "
            "would have allowed with their best play.") in text
    same = Opinion(0, (), (PerfectPlay(hand.number, 1, 1, from_trick=4),))
    assert ("everyone playing their best from trick 4 on, your side would have taken "
            "1 trick, as it did.") in opinion_text(same, record, Step(1, len(hand.tricks)))


@pytest.mark.parametrize("variant, players", ONE_EACH)
def test_point_1_every_decision_shows_once_at_the_step_it_was_taken(
    variant: str, players: int
) -> None:
    """Each of a seat's decisions (calls and cards, Flip's switches) appears at exactly one
    step of its hand: a card at the trick it went to, nothing lost at the end."""
    record = record_of(variant, players)
    game = new_game(variant, players, record.seed, record.options)
    seat, mine = 0, []
    for index, action in enumerate(record.actions):
        if game.current_player == seat:
            mine.append(decision(action, action, 0.0, game.hand_number, index=index))
        game.apply(action)
    opinion = Opinion(seat, tuple(mine), ())
    shown = [
        d for hand in record.hands for trick in range(len(hand.tricks) + 1)
        for d in decisions_at(opinion, record, Step(hand.number, trick))
    ]
    assert sorted(d.index for d in shown) == [d.index for d in mine]
    for hand in record.hands:
        for trick in hand.tricks:
            cards = [d.action for d in decisions_at(opinion, record, Step(hand.number,
                                                                          trick.number))
                     if d.action.startswith("play:")]
            assert cards == [f"play:{c}" for who, c in trick.plays if who == seat]


def test_flip_jokers_and_over_the_rhine_calls_are_named_as_their_game_names_them() -> None:
    record = record_of("flip", 4)
    benny = decision("play:BJ", "play:LJ", 0.8, why="Playing the Benny rather than the Charlie.")
    assert decision_line(benny, "flip").startswith("⚠️ **Play Benny** was costly")
    text = opinion_text(Opinion(0, (benny,), ()), record, Step(1, 0))
    assert "Play Benny" in text and "Play Charlie +1.0" in text and "Joker" not in text
    assert decision_line(decision("order", "order", 0.0), "over_the_rhine") == (
        "✅ **Play it**: the computer agrees.")
