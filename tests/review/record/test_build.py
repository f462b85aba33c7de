"""The hand record replays a game into its hands: each as dealt, its calls, its tricks
with every seat's cards once each was taken, the points and running score; a hand thrown
in is its own record; each step of the review is a JSON-safe view."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from bot.engine import new_game
from bot.review.record import build_record, last_trick, step_view, steps
from bot.review.record.text import record_text, step_text
from tests.review.helpers import CASES, finished, record_of

UNIQUE_CARDS = [c for c in CASES if c[0] != "flip"]  # Flip's double deck repeats card ids


@pytest.mark.parametrize("variant, players", CASES)
def test_the_record_adds_up_to_the_game_played(variant: str, players: int) -> None:
    game = finished(variant, players)
    record = record_of(variant, players)
    assert list(record.scores) == game.scores and record.winner == game.winner
    assert record.actions == tuple(game.log) and record.options == game.options
    assert [h.number for h in record.hands] == list(range(1, game.hand_number + 1))
    before = (0,) * len(record.scores)
    for hand in record.hands:
        assert hand.scores_before == before
        assert tuple(b + p for b, p in zip(before, hand.points, strict=True)) == hand.scores
        assert {"dealer", "hands"} <= set(hand.dealt) and hand.dealt["dealer"] == hand.dealer
        assert [t.number for t in hand.tricks] == list(range(1, len(hand.tricks) + 1))
        before = hand.scores
    assert before == record.scores
    calls = [a for h in record.hands for a, at in zip(h.calls, h.call_at, strict=True) if at >= 0]
    assert [a for _, a in calls] == [a for a in game.log if not a.startswith("play:")]


@pytest.mark.parametrize("variant, players", CASES)
def test_each_trick_keeps_every_seats_cards_as_the_engine_had_them(
    variant: str, players: int
) -> None:
    game = new_game(variant, players, 3, {"target": 5})
    rng = random.Random(3)
    expected = []
    while not game.is_over and len(game.log) < 300:
        events = game.apply(rng.choice(game.legal_actions()))
        kinds = [e["type"] for e in events]
        if "trick" in kinds and not {"play", "deal"} & set(kinds[kinds.index("trick") + 1:]):
            hands = [Counter(game.view(s)["hand"]) for s in range(players)]
            winner = next(e["winner"] for e in events if e["type"] == "trick")
            expected.append((game.hand_number, len(game.view(0)["tricks"]), hands, winner))
    record = build_record(variant, players, 3, game.options, game.log)
    assert expected
    for number, trick, hands, winner in expected:
        kept = record.hand(number).tricks[trick - 1]
        assert kept.winner == winner
        assert [Counter(kept.held[s]) for s in range(players)] == hands


@pytest.mark.parametrize("variant, players", UNIQUE_CARDS)
def test_no_card_is_still_held_once_played(variant: str, players: int) -> None:
    record = record_of(variant, players, 2, "random")
    for number, trick in steps(record):
        view = step_view(record, number, trick)
        played = {c for t in record.hand(number).tricks[:trick] for _, c in t.plays}
        held = {c for cards in view["cards"] for c in cards}
        for table in view["tables"]:
            held |= set(table.get("up") or [c["up"] for c in table.get("columns", [])])
        assert not played & held


def test_a_hand_thrown_in_is_its_own_record() -> None:
    actions = ["pass"] * 8 + ["pass", "order"]
    record = build_record("euchre", 4, 5, {"stick_dealer": False}, actions)
    thrown, next_hand = record.hands
    assert thrown.misdeal == "everyone passed" and not thrown.tricks
    assert thrown.points == (0, 0) and thrown.maker is None and thrown.trump is None
    assert len(thrown.calls) == 8 and next_hand.number == 2
    assert next_hand.dealer == (thrown.dealer + 1) % 4 and next_hand.first_action == 8
    first = (next_hand.dealer + 1) % 4
    assert next_hand.calls == ((first, "pass"), ((first + 1) % 4, "order"))
    view = step_view(record, 1, 0)
    assert view["misdeal"] and view["last_step"] and not view["trump_known"]
    assert [p["note"] for p in view["piles"] if p["name"] == "turn-up"] == ["turned down"]


def test_flip_records_the_dead_hand_its_bid_and_its_cards() -> None:
    record = record_of("flip", 5)
    assert record.seats == 6 and record.sides[-1] == (5,)
    hand = record.hands[0]
    assert (5, f"bid:{hand.setup['bids'][5]}") in hand.calls
    assert hand.call_at[hand.calls.index((5, f"bid:{hand.setup['bids'][5]}"))] == -1
    assert all(any(seat == 5 for seat, _ in trick.plays) for trick in hand.tricks)
    assert len(hand.dealt["hands"]) == 6 and hand.dealt["calling"] and hand.dealt["burn"]


@pytest.mark.parametrize("variant", ["over_the_rhine", "over_the_top"])
def test_two_area_tricks_say_where_each_card_came_from(variant: str) -> None:
    record = record_of(variant, 2)
    for hand in record.hands:
        for trick in hand.tricks:
            assert len(trick.areas) == len(trick.plays)
            assert set(trick.areas) <= {"hand", "table", "battery"}
            assert trick.plays[trick.winning][0] == trick.winner


@pytest.mark.parametrize("variant, players", CASES)
def test_every_step_is_a_json_view_with_every_call_at_the_deal(variant: str, players: int) -> None:
    record = record_of(variant, players)
    order = steps(record)
    assert order[0] == (1, 0) and order[-1] == (len(record.hands), last_trick(record, len(
        record.hands)))
    for number, trick in order:
        view = step_view(record, number, trick)
        assert json.loads(json.dumps(view)) == view
        hand = record.hand(number)
        assert len(view["cards"]) == record.seats and view["last_step"] == (
            trick == len(hand.tricks))
        if trick == 0:
            first = hand.tricks[0].first_action if hand.tricks else 10**9
            assert len(view["calls"]) == sum(1 for at in hand.call_at if at < first)
            assert sorted(map(sorted, view["cards"])) == sorted(map(sorted, hand.dealt["hands"]))
        else:
            assert [(c["seat"], c["card"]) for c in view["trick_cards"]] == list(
                hand.tricks[trick - 1].plays)
            assert sum(view["tricks_won"]) == trick
    with pytest.raises(ValueError, match="no trick"):
        step_view(record, 1, 99)
    with pytest.raises(ValueError, match="no hand"):
        step_view(record, len(record.hands) + 1, 0)


def test_point_3_a_round_tables_record_has_only_the_hands_it_played() -> None:
    """A tournament round of 2 hands stops once they are scored, though the engine has
    dealt a third: the review counts 2 hands ("hand 2 of 2"), never one nobody played."""
    game = new_game("euchre", 4, 3, {"target": 1000})
    rng = random.Random(3)
    scored = 0
    while scored < 2:
        events = game.apply(rng.choice(game.legal_actions()))
        scored += sum(e["type"] == "hand_scored" for e in events)
    assert game.hand_number == 3
    record = build_record("euchre", 4, 3, game.options, game.log)
    assert [h.number for h in record.hands] == [1, 2]
    assert record.scores == tuple(game.scores) and all(h.tricks for h in record.hands)
    assert {hand for hand, _ in steps(record)} == {1, 2}


def test_point_3_a_round_tables_review_plays_to_its_hands_not_a_target() -> None:
    """The last step of a round's table: its score with no "to 1000", and the round's
    result (won by the side ahead, or level), not an unfinished game."""
    game = new_game("euchre", 4, 3, {"target": 1000})
    rng = random.Random(3)
    while sum(e["type"] == "hand_scored" for e in game.events) < 2:
        game.apply(rng.choice(game.legal_actions()))
    record = build_record("euchre", 4, 3, game.options, game.log, hand_limit=2)
    names = ["Ann", "Ben", "Cat", "Dan"]
    text = step_text(step_view(record, 2, len(record.hands[1].tricks)), names)
    assert "**Hand 2 of 2**" in text and "to 1000" not in text, text
    scores = record.scores
    if scores[0] == scores[1]:
        assert "The round ended, level: " in text, text
    else:
        ahead = "Ann & Cat" if scores[0] > scores[1] else "Ben & Dan"
        assert f"🏆 **{ahead}** won the round: " in text, text
    hand_record = record_text(record, names)
    assert "Unfinished" not in hand_record and "1000" not in hand_record
    assert "Options: a tournament round of 2 hands" in hand_record


@pytest.mark.parametrize("variant", ["over_the_rhine", "over_the_top"])
def test_a_table_card_turned_up_as_a_trick_is_taken_shows_face_up_after_it(
        variant: str) -> None:
    record = record_of(variant, 2)
    game = new_game(variant, 2, record.seed, dict(record.options))
    after: dict[int, list[list[str]]] = {}  # action index → each seat's face-up table cards
    for index, action in enumerate(record.actions):
        game.apply(action)
        after[index] = [face_up(game.view(seat)["tables"][seat]) for seat in range(2)]
    compared = 0
    for hand in record.hands:
        for trick in hand.tricks[:-1]:  # the hand goes on: the engine's tables are the truth
            assert [face_up(t) for t in trick.tables] == after[trick.last_action]
            compared += 1
    assert compared


def face_up(table: dict) -> list[str]:  # type: ignore[type-arg]
    """A table's or battery's face-up cards, sorted."""
    if "columns" in table:
        return sorted(c["up"] for c in table["columns"] if c["up"])
    return sorted(table["up"])
