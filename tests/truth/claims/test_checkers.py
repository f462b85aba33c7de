"""The checkers catch a false statement planted in a message, and let the true one pass,
so the audit cannot pass silently; and a message's state never goes back in time."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from bot.engine import new_game
from tests.truth.claims.choices.rules import suit_of
from tests.truth.claims.controls import control_claims
from tests.truth.claims.history import history_findings
from tests.truth.claims.member import NO_GAMES, member_claims, queue_claims
from tests.truth.judging.matching import Stream
from tests.truth.planting import (
    ALICE,
    BOB,
    BOBS_SIDE,
    NAMES,
    OTHERS,
    SUIT_WORDS,
    bob_given_away,
    context,
    first_result,
    flip_ending_with_a_flip,
    flip_with_a_switch,
    scored,
    shooting_the_moon,
    shown,
    two_hands,
    verdicts,
)
from tests.truth.reading.names import seat_names
from tests.truth.reading.reader import read
from tests.truth.stored.store import (
    StoredAction,
    StoredSeat,
    StoredTable,
)
from tests.truth.stored.timeline import Snapshot, replay


def test_a_round_table_said_to_be_played_to_a_target_is_false() -> None:
    table = two_hands(hand_limit=2)
    state = replay(table)[3]
    said = f"Score: **{OTHERS}** 0 · **{BOBS_SIDE}** 0 — to 1000"
    found = verdicts(said, table, state)
    assert found["score"] is None
    assert found["target"] == "no target: the round is 2 hands"
    assert verdicts(f"Score: **{OTHERS}** 0 · **{BOBS_SIDE}** 0", table, state) == {
        "score": None}


def test_hand_over_with_the_number_of_an_earlier_hand_is_false(table: StoredTable) -> None:
    state = scored(replay(table), 2)
    assert verdicts("📊 **Hand 1 is over.**", table, state, narrated=True) == {
        "hand_number": "2"}
    assert verdicts("📊 **Hand 2 is over.**", table, state, narrated=True) == {
        "hand_number": None}


def test_calls_that_drop_going_alone_are_false(table: StoredTable) -> None:
    state = replay(table)[2]
    found = verdicts("Calls: bob: Order up", table, state)
    assert found == {"calls": None, "calls_alone": "bob went alone"}
    assert verdicts("Calls: bob: Order up alone", table, state) == {
        "calls": None, "calls_alone": None}
    assert verdicts("Calls: 🤖 Cog (normal): Order up alone", table, state)["calls"]


def test_a_loner_result_naming_the_partner_who_sat_out_is_false(table: StoredTable) -> None:
    snapshots = replay(table)
    event = first_result(snapshots)
    outcome = "euchred" if event["euchred"] is not None else "made"
    took = event["tricks"][1]
    planted = (f"📊 **Hand 1 is over.** bob went alone: **{outcome}** — {BOBS_SIDE} "
               f"took {took} tricks.")
    found = verdicts(planted, table, scored(snapshots, 1), narrated=True)
    assert found["hand_result_takers"] == "🤖 Dex (normal) sat out"
    assert found["hand_result"] is None and found["hand_result_tricks"] is None
    honest = planted.replace(BOBS_SIDE, "bob")
    assert set(verdicts(honest, table, scored(snapshots, 1), narrated=True).values()) == {None}
    wrong = honest.replace(f"**{outcome}**", "**set**" if outcome == "made" else "**made**")
    assert verdicts(wrong, table, scored(snapshots, 1), narrated=True)["hand_result"]


def test_the_last_trick_said_taken_by_another_seat_is_false(table: StoredTable) -> None:
    state = scored(replay(table), 1)
    trick = state.latest("trick")
    assert trick is not None
    names = {0: "🤖 Ada (normal)", 1: "bob", 2: "🤖 Cog (normal)", 3: "🤖 Dex (normal)"}
    plays = ", ".join(f"{names[p['seat']]} {shown(p['card'])}" for p in trick["cards"])
    winner = names[trick["winner"]]
    liar = next(n for seat, n in names.items() if seat != trick["winner"])
    assert verdicts(f"Last trick: {plays} → **{winner}** took it", table, state) == {
        "last_trick": None}
    assert verdicts(f"Last trick: {plays} → **{liar}** took it", table, state)["last_trick"]


def test_a_private_hand_with_a_card_it_does_not_hold_is_false(table: StoredTable) -> None:
    state = replay(table)[3]
    held = state.views[1]["hand"]
    said = "**Your hand:** " + " ".join(shown(c) for c in held)
    assert verdicts(said, table, state, seat=1) == {"hand_cards": None}
    other = next(c for c in state.views[0]["hand"])
    planted = "**Your hand:** " + " ".join(shown(c) for c in [*held[:-1], other])
    assert verdicts(planted, table, state, seat=1)["hand_cards"]


def test_a_turn_given_to_the_wrong_seat_is_false(table: StoredTable) -> None:
    state = replay(table)[3]
    names = {0: "🤖 Ada (normal)", 1: "bob", 2: "🤖 Cog (normal)", 3: "🤖 Dex (normal)"}
    acting = state.acting
    assert acting is not None
    wrong = names[(acting + 1) % 4]
    assert verdicts(f"⏳ **{names[acting]}** to play", table, state) == {"turn": None}
    assert verdicts(f"⏳ **{wrong}** to play", table, state)["turn"]
    mine = "👉 **Your turn:** play a card."
    assert verdicts(mine, table, state, seat=acting) == {"your_turn": None}
    assert verdicts(mine, table, state, seat=(acting + 1) % 4)["your_turn"]


def test_a_message_is_judged_at_a_state_it_could_show_and_never_goes_back(
        table: StoredTable) -> None:
    snapshots = replay(table)
    stream = Stream(snapshots, [a.stored_at for a in table.actions])
    first_scored = scored(snapshots, 1).k
    claims = read("📊 **Hand 1 is over.**", context(table), narrated=True).claims
    assert stream.judge(claims, at=first_scored + 0.5)[0].truth is None
    assert stream.k == first_scored
    # Shown before any hand was over: no state in its window bears it out.
    early = Stream(snapshots, [a.stored_at for a in table.actions])
    assert early.judge(claims, at=2.5)[0].truth == "no hand is over"
    # Once hand 2 is over, a later version cannot go back to hand 1.
    later = scored(snapshots, 2).k
    stream.judge(read("📊 **Hand 2 is over.**", context(table), narrated=True).claims,
                 at=later + 0.5)
    assert stream.judge(claims, at=later + 0.5)[0].truth == "2"


def test_lines_no_checker_reads_are_listed_not_counted(table: StoredTable) -> None:
    reading = read("🚫 You must follow ♥ hearts.\nHost: bob\nScore: nonsense", context(table))
    assert reading.claims == []
    assert [label for label, _ in reading.unchecked] == ["You must follow", "Host", "Score"]


def test_telling_a_member_who_finished_a_game_they_have_none_is_false(
        table: StoredTable) -> None:
    said = "You have not finished a game in this server yet. Play one first."
    assert member_claims(said, BOB, [table], at=1e9) == [
        ("finished_games", NO_GAMES, "they finished table(s) [1]")]
    assert member_claims(said, ALICE, [table], at=1e9) == [("finished_games", NO_GAMES, None)]
    empty = f"<@{BOB}> hasn't finished a game in this server yet."
    assert member_claims(empty, ALICE, [table], at=1e9)[0][2] == "they finished table(s) [1]"
    table.departed[1] = ALICE  # a member who left the game finished it too
    assert member_claims(said, ALICE, [table], at=1e9)[0][2] == "they finished table(s) [1]"


def test_a_move_offered_that_is_not_allowed_or_a_choice_left_out_is_false(
        table: StoredTable) -> None:
    state = replay(table)[3]
    seat = state.acting
    assert seat is not None
    legal = list(state.legal)
    honest = tuple((f"bower:act:1:3:{action}", action) for action in legal)
    found = [(c.kind, c.test(state)) for c in control_claims(honest, context(table, seat))]
    assert found and {truth for _, truth in found} == {None}
    planted = (*honest[1:], ("bower:act:1:3:play:XX", "XX"))
    found = [(c.kind, c.test(state)) for c in control_claims(planted, context(table, seat))]
    assert ("offered_move", f"play:XX is not allowed now: {legal}") in found
    assert ("offered_all", f"{legal[:1]} may be chosen too") in found
    stale = [c.test(replay(table)[4]) for c in control_claims(honest, context(table, seat))]
    assert stale[0] == "drawn for turn 3, shown at 4"


def test_a_rematch_offered_at_a_tournament_round_table_is_false() -> None:
    round_table, game = two_hands(hand_limit=2), two_hands()
    controls = (("bower:table:1:rematch", "Rematch"),)
    at_round = control_claims(controls, context(round_table, 1))
    assert [c.test(replay(round_table)[-1]) for c in at_round] == [
        "a tournament round's table has no rematch"]
    assert [c.test(replay(game)[-1]) for c in control_claims(controls, context(game, 1))] == [
        None]


def must_follow(s: Snapshot) -> bool:
    """Whether some card the acting seat holds may not be played now."""
    held = s.views[s.acting]["hand"] if s.acting is not None else []
    return any(a.startswith("play:") for a in s.legal) and any(
        f"play:{c}" not in s.legal for c in held)


def test_a_hint_to_play_a_card_that_may_not_be_played_is_false(table: StoredTable) -> None:
    state = next(s for s in replay(table) if must_follow(s))
    seat = state.acting
    assert seat is not None
    playable = next(a for a in state.legal if a.startswith("play:")).split(":")[1]
    other = next(c for c in state.views[seat]["hand"] if f"play:{c}" not in state.legal)
    honest = f"💡 **Hint:** Play {shown(playable)}: it is the best card."
    assert verdicts(honest, table, state, seat=seat) == {"hint": None}
    planted = f"💡 **Hint:** Play {shown(other)}: it is the best card."
    assert verdicts(planted, table, state, seat=seat)["hint"] == f"play:{other} is not allowed now"
    assert verdicts(honest, table, state, seat=(seat + 1) % 4)["hint"]
    small_print = ("-# Simulated: about +1.2 points a hand over 40 deals, against +0.9 for Play "
                   f"{shown(playable)}.")
    assert verdicts(small_print, table, state, seat=seat) == {"hint": None}
    assert verdicts(small_print.replace(shown(playable), shown(other)), table, state,
                    seat=seat)["hint"] == f"play:{other} is not allowed now"


def test_a_suit_said_to_be_followed_that_is_not_the_one_led_is_false(
        table: StoredTable) -> None:
    state = next(s for s in replay(table) if must_follow(s))
    seat = state.acting
    led = state.public["trick"][0]["card"]
    trump = state.public["trump"]
    suit = suit_of(led, "euchre", trump)
    assert suit is not None
    names = {"S": "♠ spades", "H": "♥ hearts", "D": "♦ diamonds", "C": "♣ clubs"}
    other = next(x for x in "SHDC" if x != suit)
    assert verdicts(f"🚫 You must follow {names[suit]}.", table, state, seat=seat) == {
        "must_follow": None}
    assert verdicts(f"🚫 You must follow {names[other]}.", table, state, seat=seat)[
        "must_follow"]


def test_history_with_a_wrong_score_or_a_win_that_was_not_is_false(table: StoredTable) -> None:
    snapshots = replay(table)
    final = snapshots[-1].public
    truth = SimpleNamespace(table=table, names=seat_names(table, NAMES), snapshots=snapshots)
    ours, theirs = final["scores"][1], final["scores"][0]  # bob's side is side 1
    line = (f"❌ **Euchre** #1 · <@{BOB}> & 🤖 Dex (normal): **{ours}** — "
            f"{OTHERS}: {theirs} · skill -1.0")
    assert history_findings(line, BOB, {1: truth}, NAMES) == [
        ("history_scores", line, None), ("history_result", line, None)]
    planted = line.replace(f"**{ours}**", f"**{ours + 1}**").replace("❌", "✅")
    found = dict((kind, wrong) for kind, _, wrong in
                 history_findings(planted, BOB, {1: truth}, NAMES))
    assert found["history_scores"] and found["history_result"] == "they did not win"


def test_alone_chosen_ahead_is_true_before_it_is_applied(table: StoredTable) -> None:
    ordered = replay(table)[1]  # bob ordered up; going alone is his next step
    said = "Hand 1 · dealer 🤖 Ada (normal) · made by bob (alone)"
    assert verdicts(said, table, ordered)["alone"] is None
    second = scored(replay(table), 1)  # hand 2: nobody goes alone
    assert not any(e["type"] == "alone" for e in second.whole_hand())
    assert verdicts(said, table, second)["alone"] == "not alone"


def test_calls_shown_are_the_latest_in_order_and_a_title_names_its_table(
        table: StoredTable) -> None:
    passes = StoredTable(2, "euchre", 4, {"target": 10}, 5, "playing", None, 100, 200, None,
                         0.0, table.seats, [StoredAction(i, 0, "pass", float(i + 1))
                                            for i in range(3)])
    state = replay(passes)[3]
    seats = [e["seat"] for e in state.hand_events() if e["type"] == "bid"]
    names = {0: "🤖 Ada (normal)", 1: "bob", 2: "🤖 Cog (normal)", 3: "🤖 Dex (normal)"}
    latest = ", ".join(f"{names[x]}: Pass" for x in seats[1:])
    assert verdicts(f"Calls: {latest}", passes, state)["calls"] is None
    wrong = ", ".join(f"{names[x]}: Pass" for x in seats[:-1])
    assert verdicts(f"Calls: {wrong}", passes, state)["calls"]
    title = "Euchre · tournament round of 2 hands · game to 5 · table #1"
    round_table = two_hands(hand_limit=2)
    assert verdicts(title, round_table, replay(round_table)[0]) == {"title": None}
    assert verdicts(title, table, state) == {"title": "the round is None hands"}
    assert verdicts("Flip Euchre · table #1 · your hand", table, state) == {
        "title": "the game is Euchre"}


def test_a_queue_message_left_saying_they_wait_once_seated_is_false(table: StoredTable) -> None:
    table.created_at = 10.0
    waiting = "⏳ You're in the queue"
    assert queue_claims(waiting, BOB, [table], at=5.0, last=True) == [
        ("queue_wait", waiting, "table #1 seated them; the message still says they wait")]
    assert queue_claims(waiting, BOB, [table], at=5.0, last=False) == []  # replaced later
    assert queue_claims(waiting, ALICE, [table], at=5.0, last=True) == [
        ("queue_wait", waiting, None)]


def test_alone_left_unsaid_until_it_is_made_is_true(table: StoredTable) -> None:
    ordered, alone = replay(table)[1], replay(table)[2]
    said = "Hand 1 · dealer 🤖 Ada (normal) · made by bob"
    assert verdicts(said, table, ordered)["alone"] is None
    assert verdicts(said, table, alone)["alone"] == "alone"


def test_a_flip_told_with_the_end_of_the_hand_it_ended_is_true() -> None:
    table, move = flip_ending_with_a_flip()
    snapshots = replay(table)
    ended = snapshots[move]
    flip = next(e for e in reversed(ended.events)
                if e["type"] == "trump" and e.get("how") == "flipped")
    suits = {"S": "♠ spades", "H": "♥ hearts", "D": "♦ diamonds", "C": "♣ clubs", None: "no trump"}
    card = {"BJ": "Benny", "LJ": "Charlie"}.get(flip["card"]) or shown(flip["card"])
    honest = f"Trump flipped: the calling card {card} makes **{suits[flip['trump']]}** trump."
    other = next(c for c in ("9♠", "9♥") if c != card)
    planted = honest.replace(f"card {card} ", f"card {other} ")
    # Told with the end of the hand, even once the next hand's first move is stored.
    for state in (ended, snapshots[move + 1]):
        assert verdicts(honest, table, state, narrated=True) == {"trump_made": None}
        assert verdicts(planted, table, state, narrated=True)["trump_made"]
    later = next(s for s in snapshots[move:] if s.hand_events()[-1]["type"] == "trick")
    assert verdicts(honest, table, later, narrated=True)["trump_made"]


def test_a_table_said_hosted_by_another_seat_is_false() -> None:
    hosted = replace(two_hands(), host_id=BOB)
    state = replay(hosted)[0]
    assert verdicts("Host: bob", hosted, state) == {"host": None}
    assert verdicts("Host: 🤖 Ada (normal)", hosted, state) == {"host": "the host is bob"}


def test_a_game_won_by_a_jamboree_before_its_first_hand_is_played_lasted_one_hand() -> None:
    """A Railroad Jamboree that reaches the target ends the game before the play, with no
    scored hand after it: "won the game after 1 hand" is true, "after 0 hands" false."""
    actions = ["order", "discard:8S", "jambone", "give:8D", "give:8H"]
    seats = [StoredSeat(0, BOB, None)] + [StoredSeat(n, None, "normal") for n in range(1, 4)]
    stored = [StoredAction(i, 0, a, float(i + 1)) for i, a in enumerate(actions)]
    table = StoredTable(1, "railroad", 4, {"target": 16}, 3183586545243772302, "finished",
                        None, 100, 200, None, 0.0, seats, stored)
    state = replay(table)[-1]
    assert state.latest("jamboree") is not None and state.public["winner"] == 1
    names = {seat: name for name, seat in seat_names(table, NAMES).by_name.items()}
    winners = f"{names[1]} & {names[3]}"
    assert verdicts(f"🏆 **{winners}** won the game after 1 hand!", table, state) == {
        "winner": None}
    assert verdicts(f"🏆 **{winners}** won the game after 2 hands!", table, state) == {
        "winner": "1"}


def test_flips_calling_card_said_turned_must_be_the_one_dealt() -> None:
    table, _, _, _ = flip_with_a_switch()
    start = replay(table)[0]
    calling = start.public["calling_card"]
    line = f"The calling card {shown(calling)} makes **{SUIT_WORDS[calling[-1]]}** trump."
    assert verdicts(line, table, start, narrated=True) == {"trump_made": None}
    other = next(c for c in ("9S", "9H") if c != calling)
    assert verdicts(line.replace(shown(calling), shown(other)), table, start,
                    narrated=True)["trump_made"]


def test_a_round_tables_hand_over_names_the_rounds_hands() -> None:
    round_table = two_hands(hand_limit=2)
    first = scored(replay(round_table), 1)
    told = "📊 **Hand 1 of 2 is over.**"
    assert verdicts(told, round_table, first, narrated=True) == {"hand_number": None}
    assert verdicts(told.replace("of 2", "of 3"), round_table, first, narrated=True)[
        "hand_number"] == "the game is not a round of 3 hands"



def test_over_the_rhines_play_it_names_the_maker_and_trump() -> None:
    table, _ = shooting_the_moon()
    state = replay(table)[-1]
    made = next(e for e in state.events if e["type"] == "trump")
    names = {0: "🤖 Ada (normal)", 1: "bob"}
    line = f"**{names[made['seat']]}** plays it: trump is **{SUIT_WORDS[made['trump']]}**."
    assert verdicts(line, table, state, narrated=True) == {"trump_made": None}
    other = line.replace(names[made["seat"]], names[1 - made["seat"]])
    assert verdicts(other, table, state, narrated=True)["trump_made"] == (
        f"{names[made['seat']]} made trump")


def test_a_greeting_to_a_member_without_a_seat_or_a_turn_not_theirs_is_false(
        table: StoredTable) -> None:
    start = replay(table)[0]  # bob, left of the dealer, decides first
    mine = f"<@{BOB}>: your game at table #1 is on, and it's your turn."
    assert verdicts(mine, table, start, narrated=True) == {"game_on": None, "turn_ping": None}
    wrong = f"<@{ALICE}> <@{BOB}>: your game at table #1 is on! <@{ALICE}>, it's your turn."
    found = verdicts(wrong, table, start, narrated=True)
    assert found["game_on"] == f"[{ALICE}] have no seat here"
    assert found["turn_ping"] == "bob acts now"


def test_a_seat_said_given_up_another_way_or_to_another_computer_is_false() -> None:
    plain, table, state = bob_given_away(BOB)
    gave = "A moderator gave bob's seat 2 to 🤖 a normal computer."
    assert verdicts(gave, table, state, narrated=True) == {"departure": None}
    assert verdicts(gave.replace("a normal", "a hard"), table, state, narrated=True)[
        "departure"] == "a normal computer holds the seat"
    left = "bob left the game: 🤖 a normal computer plays on in their seat."
    assert verdicts(left, table, state, narrated=True)["departure"] == (
        "the seat was not given up that way (['replaced'])")
    assert verdicts(left, plain, replay(plain)[-1], narrated=True)["departure"]


def test_a_shot_at_the_moon_or_a_free_for_all_said_of_another_is_false() -> None:
    table, shooter = shooting_the_moon()
    state = replay(table)[-1]
    names = {0: "🤖 Ada (normal)", 1: "bob"}
    shot = f"**{names[shooter]}** shoots the moon!"
    assert verdicts(shot, table, state, narrated=True) == {"alone": None}
    assert verdicts(f"**{names[1 - shooter]}** shoots the moon!", table, state,
                    narrated=True)["alone"] == "nobody shot the moon"
    free = "Nobody played it: a free-for-all with {} trump."
    assert verdicts(free.format("no"), table, state, narrated=True)["trump_made"] == (
        "the hand is not a free-for-all")
    for seed in range(1, 60):
        game = new_game("over_the_rhine", 2, seed)
        while game.legal_actions() == ["order", "pass"]:
            game.apply("pass")
        made = [e for e in game.events if e["type"] == "trump"]
        if made and made[-1]["how"] == "free_for_all" and made[-1]["trump"] in SUIT_WORDS:
            break
    passed = replace(table, seed=seed, actions=[StoredAction(0, 0, "pass", 1.0),
                                                StoredAction(1, 0, "pass", 2.0)])
    after = replay(passed)[-1]
    honest = free.format(f"**{SUIT_WORDS[made[-1]['trump']]}**")
    assert verdicts(honest, passed, after, narrated=True) == {"trump_made": None}
    assert verdicts(free.format("no"), passed, after, narrated=True)["trump_made"]

