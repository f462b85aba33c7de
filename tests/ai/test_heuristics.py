"""The rule-based (normal) player makes the plays a careful person would, from stacked deals."""

from __future__ import annotations

from bot.ai import get_player
from bot.ai.heuristics.flip import best_bid
from bot.engine import new_game

NORMAL = get_player("normal", seed=1)


def hands(*texts: str) -> list[list[str]]:
    """Hands in compact notation, one string per seat."""
    return [t.split() for t in texts]


def euchre(hand0: str, scores: tuple[int, int] = (0, 0), turn_up: str = "QH"):  # type: ignore[no-untyped-def]
    """A Euchre deal with seat 0 (left of the dealer, seat 3) holding ``hand0``."""
    used = set(hand0.split()) | {turn_up}
    rest = [c for r in "9TJQKA" for c in (r + s for s in "SHDC") if c not in used]
    deal = {
        "dealer": 3,
        "hands": [hand0.split(), rest[0:5], rest[5:10], rest[10:15]],
        "kitty": [turn_up] + rest[15:18],
        "scores": list(scores),
    }
    return new_game("euchre", deal=deal)


def advise(game):  # type: ignore[no-untyped-def]
    seat = game.current_player
    return NORMAL.advise(game.view(seat), game.legal_actions())


def test_orders_a_strong_hand_and_passes_a_weak_one() -> None:
    action, reason = advise(euchre("JH JD AH KH AS"))
    assert action == "order" and "hearts" in reason
    assert advise(euchre("9S TS 9C TC QD"))[0] == "pass"


def test_goes_alone_with_a_lay_down_hand_unless_two_points_win() -> None:
    game = euchre("JH JD AH KH AS")
    game.apply("order")
    assert advise(game)[0] == "alone"
    late = euchre("JH JD AH KH AS", scores=(8, 0))
    late.apply("order")
    action, reason = advise(late)
    assert action == "partner" and "two points" in reason


def test_maker_leads_the_right_bower_to_pull_trump() -> None:
    game = euchre("JH JD AH 9C AS")
    game.apply("order")
    game.apply("partner")
    game.apply(advise(game)[0])  # the dealer discards
    action, reason = advise(game)
    assert action == "play:JH"
    assert "pull trump" in reason


def test_follower_sheds_its_lowest_card_under_a_partner_who_wins() -> None:
    deal = {
        "dealer": 3,
        "kitty": ["QH", "9H", "TH", "KH"],
        "hands": hands("JH JD AH 9C AS", "TS KD QD 9D TD", "KS QS 9S AC KC", "JS JC QC TC AD"),
    }
    game = new_game("euchre", deal=deal)
    game.apply("order")
    game.apply("partner")
    game.apply("discard:TC")
    game.apply("play:AS")
    game.apply("play:TS")
    action, reason = advise(game)
    assert action == "play:9S"
    assert "partner" in reason


def test_cincinnati_moon_bids_the_highest_moon_unless_less_wins_the_game() -> None:
    deal = {
        "dealer": 3,
        "hands": hands(
            "JS JC AS KS QS TS", "9S AH KH QH JH TH", "9H AD KD QD JD TD", "9D AC KC QC TC 9C"
        ),
    }
    game = new_game("cincinnati", deal=deal, options={"target": 100})
    assert advise(game)[0] == "bid:quadruple_moon"
    game = new_game("cincinnati", deal=deal)
    assert advise(game)[0] == "bid:triple_moon"  # 32 reaches the target of 32
    game = new_game("cincinnati", deal={**deal, "scores": [25, 0]})
    assert advise(game)[0] == "bid:moon"


def test_flip_bids_lean_low() -> None:
    """Short costs the 30 of a made bid, over only 5 a trick: bid at or under the estimate."""
    assert best_bid(3.0, 3, 10)[0] == 3
    assert best_bid(5.4, 3, 10)[0] in (4, 5)
    assert best_bid(0.5, 3, 10)[0] == 3
