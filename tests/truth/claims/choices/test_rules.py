"""What each choice offered with a seat's buttons says is checked against the game: the
suit it makes trump, the tricks the makers need of the hand's, the calling card a switch
takes, Flip's bid scoring, the cards to discard, and that the choice is open then."""

from __future__ import annotations

from dataclasses import replace

from bot.engine import new_game
from tests.truth.claims.choices.rules import suit_of
from tests.truth.planting import (
    SUIT_WORDS,
    first_result,
    flip_with_a_switch,
    jambone_table,
    shown,
    verdicts,
)
from tests.truth.stored.store import StoredAction, StoredSeat, StoredTable
from tests.truth.stored.timeline import Snapshot, replay


def test_a_choice_said_to_make_another_trump_or_need_other_tricks_is_false(
        table: StoredTable) -> None:
    start = replay(table)[0]  # bob, left of the dealer, decides first
    turned = start.views[1]["turn_up"]
    honest = (f"**Order up**: {SUIT_WORDS[turned[-1]]} becomes trump and the dealer picks the "
              "card up; your side must then take 3 of the 5 tricks or be euchred.")
    assert verdicts(honest, table, start, seat=1) == {
        "choice_offered": None, "choice_trump": None, "choice_tricks": None}
    other = next(word for suit, word in SUIT_WORDS.items() if suit != turned[-1])
    wrong_suit = honest.replace(SUIT_WORDS[turned[-1]], other)
    assert verdicts(wrong_suit, table, start, seat=1)["choice_trump"] == (
        f"the turned card is {turned}")
    seven = honest.replace("3 of the 5", "4 of the 7")
    assert verdicts(seven, table, start, seat=1)["choice_tricks"] == "the hand has 5 tricks"
    assert verdicts(honest, table, start, seat=2)["choice_offered"] == "1 acts now"
    no_trump = honest.replace(f"{SUIT_WORDS[turned[-1]]} becomes trump",
                              "the hand is played with no trump")
    assert verdicts(no_trump, table, start, seat=1)["choice_trump"] == (
        f"the turned card is {turned}")


def test_ordering_up_a_turned_up_joker_is_true_said_to_make_no_trump() -> None:
    seed = next(n for n in range(1, 400) if new_game("railroad", 4, n).view(0)["turn_up"] == "BJ")
    seats = [StoredSeat(n, None, "normal") for n in range(4)]
    table = StoredTable(1, "railroad", 4, {}, seed, "playing", None, 100, 200, None, 0.0, seats)
    start = replay(table)[0]
    line = ("**Order up**: the hand is played with no trump and the dealer picks the card up; "
            "your side must then take 4 of the 7 tricks or be euchred.")
    assert verdicts(line, table, start, seat=start.acting) == {
        "choice_offered": None, "choice_trump": None, "choice_tricks": None}
    named = line.replace("the hand is played with no trump", "♠ spades becomes trump")
    assert verdicts(named, table, start, seat=start.acting)["choice_trump"] == (
        "the turned card is BJ")


def test_a_dealer_said_to_discard_the_turned_card_they_never_took_is_false(
        table: StoredTable) -> None:
    snapshots = replay(table)
    discarding = next(s for s in snapshots if any(a.startswith("discard:") for a in s.legal))
    dealer = discarding.acting
    assert dealer is not None
    line = "You picked up the turned card: discard one card face down."
    assert verdicts(line, table, discarding, seat=dealer) == {
        "choice_offered": None, "choice_discards": None}
    later = snapshots[discarding.k + 1]  # discarded: the turned card may be gone, no choice
    assert verdicts(line, table, later, seat=dealer)["choice_offered"]
    four = "Discard 4 cards, one at a time; count cards may go only when you hold nothing else."
    assert verdicts(four, table, discarding, seat=dealer)["choice_discards"] == (
        "the seat discards 1")


def test_a_switch_said_to_take_another_calling_card_is_false() -> None:
    table, seat, _, _ = flip_with_a_switch()
    switching = next(s for s in replay(table)
                     if s.acting == seat and any(a.startswith("switch:") for a in s.legal))
    calling = switching.views[seat]["calling_card"]
    line = ("**Switch in** a card: it becomes the calling card and its suit trump; you take "
            "the {} into your hand.")
    assert verdicts(line.format(shown(calling)), table, switching, seat=seat) == {
        "choice_switch": None}
    other = next(c for c in ("9S", "AH") if c != calling)
    assert verdicts(line.format(shown(other)), table, switching, seat=seat)[
        "choice_switch"] == f"the calling card is {calling}"


def test_flips_bid_scoring_said_otherwise_than_the_hand_was_scored_is_false() -> None:
    table, seat, _, _ = flip_with_a_switch()
    snapshots = replay(table)
    bidding = next(s for s in snapshots if s.acting == seat and s.legal[0].startswith("bid:"))
    rule = ("Bid how many tricks you will take: make it and score {} (less 5 for each trick "
            "over), miss it and lose {} for each trick short.")
    assert verdicts(rule.format(30, 5), table, bidding, seat=seat) == {
        "choice_offered": None, "choice_scoring": None}
    result = first_result(snapshots)
    made = any(took >= bid for bid, took in zip(result["bids"], result["tricks"], strict=False)
               if bid is not None)
    wrong = rule.format(25, 5) if made else rule.format(30, 4)
    assert "scored" in str(verdicts(wrong, table, bidding, seat=seat)["choice_scoring"])


def test_cincinnatis_bid_line_and_a_choice_not_open_now_are_checked(table: StoredTable) -> None:
    seats = [StoredSeat(n, None, "normal") for n in range(4)]
    cincinnati = StoredTable(1, "cincinnati", 4, {}, 3, "playing", None, 100, 200, None, 0.0,
                             seats)
    start = replay(cincinnati)[0]
    line = ("Bid how many of the 6 tricks your side will take, or a Moon: all 6, played alone "
            "(12, 24, 32 or 48 points).")
    assert verdicts(line, cincinnati, start, seat=start.acting) == {
        "choice_offered": None, "choice_tricks": None}
    assert verdicts(line.replace("all 6", "all 5"), cincinnati, start, seat=start.acting)[
        "choice_tricks"] == "the hand has 6 tricks"
    euchre_start = replay(table)[0]
    assert verdicts("**Don't switch**: trump stays as it is.", table, euchre_start, seat=1)[
        "choice_offered"] == f"open now: {euchre_start.legal}"


def test_a_lone_players_exchange_said_the_wrong_way_round_is_false() -> None:
    table = jambone_table()
    giving = next(s for s in replay(table) if any(a.startswith("give:") for a in s.legal))
    maker = giving.acting
    assert maker is not None and maker == giving.public["maker"]
    first = "Pick the card your partner gets; they give you one back, then sit out."
    assert verdicts(first, table, giving, seat=maker) == {
        "choice_offered": None, "choice_give": None}
    back = "Pick the card your partner gets back; then you sit out this hand."
    assert verdicts(back, table, giving, seat=maker)["choice_give"] == (
        "the seat's partner does not play alone")


def test_the_cards_a_jambone_chooser_is_told_the_maker_may_play_are_checked() -> None:
    base = jambone_table()
    game = new_game("railroad", 4, base.seed)
    for stored in base.actions:
        game.apply(stored.action)
    actions = [a.action for a in base.actions]
    while game.current_player is not None:
        view, legal = game.view(0), game.legal_actions()
        maker_held = game.view(view["maker"])["hand"]
        if game.current_player == view["chooser"] and len(legal) < len(maker_held):
            break
        game.apply(legal[0])
        actions.append(legal[0])
    else:
        raise AssertionError("the maker never had to follow")
    table = replace(base, actions=[StoredAction(i, 0, a, float(i + 1))
                                   for i, a in enumerate(actions)])
    state = replay(table)[-1]
    chooser = state.acting
    plays = [a.split(":")[1] for a in state.legal]
    led = suit_of(game.view(0)["trick"][0]["card"], "railroad", state.public["trump"])
    line = (f"🚫 The maker must follow {SUIT_WORDS[str(led)]} and holds "
            f"{' '.join(shown(c) for c in plays)}: you choose only among the cards they may play.")
    assert verdicts(line, table, state, seat=chooser) == {"must_follow": None}
    fewer = line.replace(f" {shown(plays[-1])}:", ":") if len(plays) > 1 else line.replace(
        f"holds {shown(plays[0])}", "holds ")
    assert "the maker may play" in str(verdicts(fewer, table, state, seat=chooser)["must_follow"])


def test_a_suitless_joker_offered_beside_the_suit_to_follow_is_true() -> None:
    """Railroad's Joker in a no-trump hand has no suit: it may go at any time, so the
    chooser's reminder may offer it beside the cards of the suit led."""
    actions = ["pass", "pass", "pass", "order", "discard:JS", "jambone", "give:KS", "give:KS",
               "play:QS", "play:7S"]  # seed 14: the dealer picks up the turned-up Joker
    seats = [StoredSeat(n, None, "normal") for n in range(4)]
    table = StoredTable(1, "railroad", 4, {}, 14, "playing", None, 100, 200, None, 0.0, seats,
                        [StoredAction(i, 0, a, float(i + 1)) for i, a in enumerate(actions)])
    state = replay(table)[-1]
    assert state.public["trump"] in (None, "N") and "play:BJ" in state.legal
    plays = [a.split(":")[1] for a in state.legal]
    led = next(c for c in plays if c != "BJ")[-1]
    line = (f"🚫 The maker must follow {SUIT_WORDS[led]} and holds "
            f"{' '.join('Joker' if c == 'BJ' else shown(c) for c in plays)}: you choose only "
            "among the cards they may play.")
    assert verdicts(line, table, state, seat=state.acting) == {"must_follow": None}


COUNT_HELP = ("Bid the count you will capture (14s and 10s are worth 10, 5s are worth 5: 100 in "
              "all). The high bidder takes the nest and names trump.")


def over_the_top_hand() -> tuple[StoredTable, list[Snapshot]]:
    """An Over the Top game played by its first legal actions through one whole hand."""
    game = new_game("over_the_top", 2, 3, {"target": 200})
    actions: list[str] = []
    while not any(e["type"] == "hand_scored" for e in game.events):
        actions.append(game.legal_actions()[0])
        game.apply(actions[-1])
    seats = [StoredSeat(0, None, "normal"), StoredSeat(1, None, "normal")]
    table = StoredTable(1, "over_the_top", 2, {"target": 200}, 3, "playing", None, 100, 200,
                        None, 0.0, seats,
                        [StoredAction(i, 0, a, float(i + 1)) for i, a in enumerate(actions)])
    return table, replay(table)


def test_over_the_tops_count_cards_are_held_to_the_engines_deck() -> None:
    table, snapshots = over_the_top_hand()
    bidding = snapshots[0]
    seat = bidding.acting
    assert verdicts(COUNT_HELP, table, bidding, seat=seat) == {
        "choice_offered": None, "choice_count": None, "choice_nest": None}
    five_worth_ten = COUNT_HELP.replace("5s are worth 5", "5s are worth 10")
    assert verdicts(five_worth_ten, table, bidding, seat=seat)["choice_count"] == (
        "a 5 is worth 5")
    no_tens = COUNT_HELP.replace("14s and 10s", "14s")
    assert verdicts(no_tens, table, bidding, seat=seat)["choice_count"] == "a 10 is worth 10"
    more = COUNT_HELP.replace("100 in all", "120 in all")
    assert verdicts(more, table, bidding, seat=seat)["choice_count"] == (
        "the deck's count is 100 in all")
    aces = COUNT_HELP.replace("14s and 10s", "Aces and 10s")
    assert verdicts(aces, table, bidding, seat=seat)["choice_count"] == "the deck has no Aces"
    assert verdicts(COUNT_HELP, table, snapshots[-1], seat=seat)["choice_offered"]


def test_a_nest_taken_or_trump_named_by_another_than_the_high_bidder_is_reported() -> None:
    table, snapshots = over_the_top_hand()
    bidding, events = snapshots[0], snapshots[-1].all_events
    high = max((int(e["action"][4:]), e["seat"]) for e in events
               if e["type"] == "bid" and e["action"].startswith("bid:"))[1]
    other = 1 - high

    def moved(kind: str) -> Snapshot:
        changed = [dict(e, seat=other) if e["type"] == kind else e for e in events]
        return replace(bidding, all_events=changed)

    assert verdicts(COUNT_HELP, table, moved("nest"), seat=bidding.acting)["choice_nest"] == (
        f"the nest went to seat {other + 1}, the high bidder was seat {high + 1}")
    assert verdicts(COUNT_HELP, table, moved("trump"), seat=bidding.acting)["choice_nest"] == (
        f"seat {other + 1} named trump, not the high bidder")


def test_an_area_said_to_hold_the_colour_to_follow_is_checked() -> None:
    """Over the Top: ``🚫 Your hand holds 🟨 yellow: you must follow.`` when the cards of
    the hand are the ones to play (nothing elsewhere to tell of)."""
    table, snapshots = over_the_top_hand()
    state = next(s for s in snapshots if s.acting is not None and s.public.get("trick")
                 and s.views[s.acting].get("must_play_from") == "hand")
    colours = {suit_of(a[5:], "over_the_top", None) for a in state.legal}
    assert len(colours) == 1
    (colour,) = colours
    assert colour is not None
    marks = {"R": "🟥 red", "Y": "🟨 yellow", "G": "🟩 green", "B": "⬛ black"}
    line = "🚫 Your hand holds {}: you must follow."
    assert verdicts(line.format(marks[colour]), table, state, seat=state.acting) == {
        "must_follow": None}
    other = next(c for c in marks if c != colour)
    assert verdicts(line.format(marks[other]), table, state, seat=state.acting)["must_follow"]
