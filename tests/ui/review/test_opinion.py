"""The computer's opinion in words: each decision shown at the step it was taken, a
costly one marked with its reason, the game's summary and best play with all cards known."""

from __future__ import annotations

from bot.review.opinion import Choice, Decision, Opinion, PerfectPlay
from bot.review.record import GameRecord
from bot.ui.review.navigation import Step
from bot.ui.review.opinion import decision_line, decisions_at, opinion_text, summary_line
from tests.review.helpers import record_of


def decision(action: str, best: str, cost: float, hand: int = 1, why: str = "") -> Decision:
    choices = (Choice(best, 1.0), Choice(action, 1.0 - cost)) if best != action else (
        Choice(action, 1.0),
    )
    return Decision(index=0, hand=hand, action=action, choices=choices, cost=cost, why=why)


def seat_plays(record: GameRecord, seat: int) -> list[tuple[int, str]]:
    """(trick number, card) of every card ``seat`` played in the first hand."""
    return [
        (trick.number, card)
        for trick in record.hands[0].tricks
        for who, card in trick.plays
        if who == seat
    ]


def test_calls_show_at_the_deal_and_each_card_at_its_trick() -> None:
    record = record_of("euchre", 4)
    seat = 0
    plays = seat_plays(record, seat)
    call = decision("pass", "pass", 0.0)
    cards = [decision(f"play:{card}", f"play:{card}", 0.0) for _, card in plays]
    opinion = Opinion(seat, (call, *cards), ())
    assert decisions_at(opinion, record, Step(1, 0)) == [call]
    for (trick, _), card in zip(plays, cards, strict=True):
        assert decisions_at(opinion, record, Step(1, trick)) == [card]


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
    assert "best play would have given your side 3 tricks; it took 2 tricks" in text
    assert "best play" not in opinion_text(opinion, record, Step(1, 0))
