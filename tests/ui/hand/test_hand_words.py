"""The private hand says what is true and what a player needs to decide: a greyed-out card
is explained by the area it is played from, every bidding turn names the bid to beat and
who holds it and what may still be bid, the maker naming trump is reminded of the
contract, and an empty hand or table says it is empty."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from bot.engine import Game, new_game
from bot.ui.areas import area_text, face_up
from bot.ui.hand.message import hand_embed, held_note
from tests.ui.helpers import NAMES, hand_of, random_states


def your_turn(game: Game) -> str:
    """The "Your turn" line of the player to act."""
    text = hand_embed(hand_of(game, game.current_player), NAMES).description or ""
    return next(line for line in text.splitlines() if "Your turn" in line)


def description(game: Game, seat: int) -> str:
    return hand_embed(hand_of(game, seat), NAMES).description or ""


def reason_line(game: Game) -> str:
    text = description(game, game.current_player)
    return next((line for line in text.splitlines() if line.startswith("🚫")), "")


def play_turns(variant: str, seeds: range) -> Iterator[Game]:
    """Area-game positions where the player to act plays into a trick."""
    for seed in seeds:
        for game in random_states(variant, 2, seed):
            if game.phase == "play" and game.trick:  # type: ignore[attr-defined]
                yield game


def area_cards(game: Game) -> tuple[str, list[str], list[str]]:
    """(area name, the cards of that area, the legal cards) for the player to act."""
    seat = game.current_player
    assert seat is not None
    view = game.view(seat)
    area = view["must_play_from"]
    cards = view["hand"] if area == view["areas"][0] else face_up(view["tables"][seat])
    legal = [a[5:] for a in game.legal_actions() if a.startswith("play:")]
    return area, list(cards), legal


def test_area_games_give_a_suit_reason_only_when_the_area_holds_a_card_back() -> None:
    told_follow = told_area_only = 0
    for variant in ("over_the_rhine", "over_the_top"):
        for game in play_turns(variant, range(4)):
            area, cards, legal = area_cards(game)
            line = reason_line(game)
            if set(cards) <= set(legal):  # nothing in the area is held back
                assert "must follow" not in line, line
                if line:
                    assert line == f"🚫 You play from your {area} this time.", line
                    told_area_only += 1
            else:
                assert "you must follow." in line and f"Your {area} holds " in line, line
                told_follow += 1
    assert told_follow and told_area_only


def ott_bidding(*bids: str) -> Game:
    game = new_game("over_the_top", 2, seed=4)
    for bid in bids:
        game.apply(bid)
    return game


def test_over_the_top_names_the_bid_to_beat_and_who_holds_it() -> None:
    game = ott_bidding()
    assert your_turn(game) == "👉 **Your turn:** you open the bidding: bid 50 or more (up to 100)."
    opener = NAMES[101 + game.current_player]
    game.apply("bid:85")
    assert your_turn(game) == (
        f"👉 **Your turn:** {opener} bid 85: bid 90 or more (up to 100), or pass."
    )
    assert "Bid the count you will capture" in description(game, game.current_player)
    game.apply("bid:95")
    assert your_turn(game).endswith("bid 95: bid 100, or pass.")
    game.apply("bid:100")
    assert game.legal_actions() == ["pass"]
    assert your_turn(game) == (
        f"👉 **Your turn:** {opener} bid 100, the highest bid there is: you can only pass."
    )
    # no bid is open, so the bidding help is not shown
    assert "Bid the count" not in description(game, game.current_player)


def test_over_the_top_reminds_the_bidder_of_the_contract_when_naming_trump() -> None:
    game = ott_bidding("bid:80", "pass")
    while game.phase == "discard":
        game.apply(game.legal_actions()[0])
    assert game.phase == "trump"
    assert your_turn(game) == "👉 **Your turn:** you bid 80: name trump."


def cincinnati(*calls: str) -> Game:
    game = new_game("cincinnati", 4, seed=5)
    for call in calls:
        game.apply(call)
    return game


def test_cincinnati_offers_only_the_bids_left_and_names_the_partner() -> None:
    game = cincinnati()
    assert your_turn(game).endswith(
        "nobody has bid yet: bid 3 or more (up to Quadruple Moon), or pass."
    )
    bidder = game.current_player
    game.apply("bid:4")
    game.apply("pass")  # the partner of the bidder is next after this one
    line = your_turn(game)
    assert f"{NAMES[101 + bidder]} (your partner) bid 4: bid 5 or more" in line
    game = cincinnati("pass", "pass", "pass")
    assert your_turn(game).endswith(
        "everyone passed, so as the dealer you must bid 3 or more (up to Quadruple Moon)."
    )
    text = description(game, game.current_player)
    assert "(3, 4 or 5)" not in text


def test_cincinnati_reminds_the_maker_of_the_contract() -> None:
    game = cincinnati("pass", "bid:4", "pass", "pass")
    assert game.phase == "trump"
    assert your_turn(game) == "👉 **Your turn:** you bid 4: name trump or no trump."
    game = cincinnati("bid:moon", "pass", "pass", "pass")
    assert your_turn(game) == (
        "👉 **Your turn:** you bid a Moon: name trump or no trump; you play alone and need "
        "all 6 tricks."
    )


def test_flip_says_the_range_and_the_bids_so_far() -> None:
    game = new_game("flip", 4, seed=6)
    assert game.phase == "bid"
    assert your_turn(game) == "👉 **Your turn:** bid from 3 to 10 tricks (nobody has bid yet)."
    first = game.current_player
    game.apply("bid:4")
    assert f"(bids so far: {NAMES[101 + first]}: 4)" in your_turn(game)


def test_an_empty_table_or_hand_is_said_to_be_empty() -> None:
    assert area_text({"up": [], "down": 0}, "over_the_rhine") == "empty"
    assert area_text({"up": [], "down": 2}, "over_the_rhine") == "2 face down"
    assert area_text({"up": ["AS"], "down": 0}, "over_the_rhine") == "A♠"
    assert area_text({"up": ["AS"], "down": 1}, "over_the_rhine") == "A♠ + 1 face down"
    for game in random_states("over_the_rhine", 2, 1):
        if game.phase == "play" and not game.view(0)["hand"]:
            text = description(game, 0)
            assert "**Your hand:** empty" in text and "—" not in text.split("Trump")[0]
            return
    raise AssertionError("no position with an empty hand")


def test_the_tricks_a_maker_needs_are_those_of_the_game_and_its_seats() -> None:
    """Ordering up in Railroad asks for 4 of the 7 tricks (3 of the 5 with six players), in
    Euchre 3 of the 5."""
    for variant, players, need in (("railroad", 4, "4 of the 7"), ("railroad", 6, "3 of the 5"),
                                   ("euchre", 4, "3 of the 5")):
        game = new_game(variant, players, seed=1)
        text = description(game, game.current_player)
        assert f"must then take {need} tricks or be euchred" in text, (variant, text)
    game = new_game("railroad", 4, seed=1)
    game.apply("order")
    game.apply(game.legal_actions()[0])  # the dealer discards
    assert "your side needs 4 of the 7 tricks" in description(game, game.current_player)


def test_ordering_up_a_turned_up_joker_is_said_to_make_a_no_trump_hand() -> None:
    """Railroad's Joker turned up names no suit: ordering it up makes a no-trump hand, and
    the choice says so instead of naming an empty suit as trump."""
    game = next(g for g in (new_game("railroad", 4, seed) for seed in range(1, 400))
                if g.view(0)["turn_up"] == "BJ")
    order_up = next(line for line in description(game, game.current_player).splitlines()
                    if line.startswith("**Order up**:"))
    assert order_up.startswith("**Order up**: the hand is played with no trump and the dealer "
                               "picks the card up;"), order_up
    game.apply("order")
    assert game.view(0)["trump"] in (None, "N")  # the engine agrees: no trump


def test_a_jambone_chosen_ahead_keeps_its_capital_while_the_dealer_discards() -> None:
    """``⏳ You call Jambone as soon as …``: the call is named as everywhere else, not
    lower-cased by the sentence's capital."""
    game = new_game("railroad", 4, seed=1)
    maker = game.current_player
    game.apply("order")
    waiting = replace(hand_of(game, maker), held="jambone", legal=())
    labels = ["Ann", "Ben", "Cat", "Dan"]
    assert held_note(waiting, labels) == (
        f"⏳ You call Jambone as soon as {labels[game.view(0)['dealer']]} has discarded "
        "(as you chose).")


def test_bower_roles_the_area_line_marks_a_bower_as_its_button_does() -> None:
    """Issue point 7: beside the button ``J♥ (right) (table)``, the line ``Your table:``
    says ``J♥ (right)`` too, and so does the table message's line for that table."""
    from bot.tables.games import public_view
    from bot.ui.hand.message import hand_controls
    from bot.ui.table.message import public_cards

    checked = 0
    for seed in range(10):
        for game in random_states("over_the_rhine", 2, seed):
            seat = game.current_player
            if game.is_over or seat is None or game.view(seat).get("phase") != "play":
                continue
            hand = hand_of(game, seat)
            area = (hand.view.get("tables") or [None, None])[seat]
            labels = [str(b.get("label")) for b in hand_controls(hand).children]
            marked = [b for b in labels if b.endswith(("(left) (table)", "(right) (table)"))]
            for label in marked:
                card_words = label.removesuffix(" (table)")
                line = f"**Your table:** {area_text(area, 'over_the_rhine', hand.view['trump'])}"
                text = hand_embed(hand, NAMES).description or ""
                assert line in text and card_words in line, (label, text)
                public = public_cards(public_view(game), ["Player1", "Player2"], "over_the_rhine")
                assert any(card_words in row for row in public if "table:" in row), public
                checked += 1
    assert checked
