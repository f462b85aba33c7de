"""The checkers catch a false statement planted in a message, and let the true one pass,
so the audit cannot pass silently; and a message's state never goes back in time."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from bot.engine import new_game
from tests.truth.claims.base import Context
from tests.truth.claims.controls import control_claims
from tests.truth.claims.history import history_findings
from tests.truth.claims.member import NO_GAMES, member_claims, queue_claims
from tests.truth.claims.rules import suit_of
from tests.truth.claims.tournament import (
    Tournament,
    ended_claims,
    round_table_claims,
    standing_claims,
)
from tests.truth.matching import Stream
from tests.truth.names import seat_names
from tests.truth.reader import read
from tests.truth.store import StoredAction, StoredRound, StoredSeat, StoredTable
from tests.truth.timeline import Snapshot, replay

ALICE, BOB = 10, 11
NAMES = {ALICE: "alice", BOB: "bob"}
BOBS_SIDE = "bob & 🤖 Dex (normal)"
OTHERS = "🤖 Ada (normal) & 🤖 Cog (normal)"


def two_hands(hand_limit: int | None = None) -> StoredTable:
    """A Euchre game of two hands in which bob (seat 2) orders up alone in the first."""
    game = new_game("euchre", 4, 5, {"target": 10})
    actions = ["order", "alone"]
    for action in actions:
        game.apply(action)
    while sum(e["type"] == "hand_scored" for e in game.events) < 2:
        action = game.legal_actions()[0]
        game.apply(action)
        actions.append(action)
    seats = [StoredSeat(0, None, "normal"), StoredSeat(1, BOB, None),
             StoredSeat(2, None, "normal"), StoredSeat(3, None, "normal")]
    stored = [StoredAction(i, 0, a, float(i + 1)) for i, a in enumerate(actions)]
    return StoredTable(1, "euchre", 4, {"target": 10}, 5, "finished", hand_limit, 100, 200,
                       None, 0.0, seats, stored)


@pytest.fixture
def table() -> StoredTable:
    return two_hands()


def context(table: StoredTable, seat: int | None = None) -> Context:
    return Context(table, seat_names(table, NAMES), seat)


def verdicts(text: str, table: StoredTable, state: Snapshot, seat: int | None = None,
             narrated: bool = False) -> dict[str, str | None]:
    """Each claim kind the text makes → None if all such claims hold at ``state``, else
    the first truth that contradicts it."""
    found: dict[str, str | None] = {}
    for claim in read(text, context(table, seat), narrated=narrated).claims:
        truth = claim.test(state)
        found[claim.kind] = found.get(claim.kind) or truth
    return found


def scored(snapshots: list[Snapshot], hand: int) -> Snapshot:
    """The state right after hand ``hand`` was scored."""
    return next(s for s in snapshots if s.count("hand_scored") == hand)


def first_result(snapshots: list[Snapshot]) -> dict[str, Any]:
    return scored(snapshots, 1).latest("hand_scored")  # type: ignore[return-value]


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


def shown(card: str) -> str:
    """A card as a message writes it (for planting statements)."""
    rank = "10" if card[0] == "T" else card[0]
    return rank + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[1]]


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


def test_a_review_opinion_on_a_card_played_in_another_trick_is_false(
        table: StoredTable) -> None:
    snapshots = replay(table)
    final = snapshots[-1]
    hands = sum(e["type"] == "deal" for e in final.events)
    tricks = [e for e in scored(snapshots, 1).events if e["type"] == "trick"]
    bobs = [next(p["card"] for p in t["cards"] if p["seat"] == 1) for t in tricks]
    title = f"🔎 Euchre #1 · hand 1 of {hands} · trick 2 of {len(tricks)}"
    honest = f"{title}\n✅ **Play {shown(bobs[1])}**: the computer agrees."
    assert verdicts(honest, table, final, seat=1) == {"review_step": None,
                                                      "review_opinion": None}
    planted = f"{title}\n⚠️ **Play {shown(bobs[0])}** was costly (about 1.0 points): why."
    assert str(verdicts(planted, table, final, seat=1)["review_opinion"]).startswith(
        f"{bobs[0]} was played in trick [1]")
    wrong_title = f"🔎 Euchre #1 · hand 1 of {hands + 1} · trick 2 of {len(tricks)}"
    assert verdicts(wrong_title, table, final, seat=1)["review_step"]


def test_a_round_tables_review_counts_only_the_hands_of_its_round() -> None:
    round_table = two_hands(hand_limit=2)
    final = replay(round_table)[-1]
    assert sum(e["type"] == "deal" for e in final.events) == 3  # dealt, never played
    second = final.events[[i for i, e in enumerate(final.events) if e["type"] == "deal"][1]:]
    tricks = sum(e["type"] == "trick" for e in second)
    honest = f"🔎 Euchre #1 · hand 2 of 2 · trick 1 of {tricks}"
    assert verdicts(honest, round_table, final, seat=1) == {"review_step": None}
    assert verdicts(honest.replace("2 of 2", "2 of 3"), round_table, final, seat=1)[
        "review_step"] == "the game had 2 hands"
    assert verdicts(honest.replace(f"of {tricks}", f"of {tricks + 1}"), round_table, final,
                    seat=1)["review_step"] == f"hand 2 had {tricks} tricks"


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


def test_tournament_standings_with_a_wrong_total_round_score_or_place_are_false(
        table: StoredTable) -> None:
    final = replay(table)[-1]
    side = next(n for n, seats in enumerate(final.public["sides"]) if 1 in seats)
    score = final.public["scores"][side]
    won = int(score > max(s for n, s in enumerate(final.public["scores"]) if n != side))
    rounds = [StoredRound(1, 1, 1, 1, [None, BOB, None, None]),
              StoredRound(1, 2, 1, 7, [ALICE, None, None, None])]  # round 2 not counted
    tournament = Tournament(rounds, {1: final}, {"bob": BOB}, upto=1)
    plural = "round" if won == 1 else "rounds"
    honest = f"` 1.` **bob** — {score} ({score}) · {won} {plural} won"
    assert {truth for _, truth in standing_claims(honest, tournament) or []} == {None}
    planted = f"` 2.` **bob** — {score + 1} ({score - 1}) · {won + 1} rounds won"
    assert dict(standing_claims(planted, tournament) or []) == {
        "standing_total": f"{score}", "standing_rounds": f"[{score}]",
        "standing_won": f"{won}", "standing_place": "place 1 (level with 0)"}
    assert round_table_claims("🏆 **Night · round 2 · table 1** (table #1) is on", rounds) == [
        ("round_table", "round 1, table 1")]


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


def test_best_play_said_to_take_fewer_tricks_than_were_taken_is_false(
        table: StoredTable) -> None:
    final = replay(table)[-1]
    hands = sum(e["type"] == "deal" for e in final.events)
    tricks = [e for e in scored(replay(table), 1).events if e["type"] == "trick"]
    took = sum(1 for t in tricks if t["winner"] in (1, 3))
    title = f"🔎 Euchre #1 · hand 1 of {hands} · trick {len(tricks)} of {len(tricks)}"
    line = ("🃏 With every card known, best play would have given your side {} tricks; "
            "it took {} tricks.")
    assert verdicts(f"{title}\n{line.format(took, took)}", table, final, seat=1) == {
        "review_step": None, "review_tricks": None, "review_best": None}
    found = verdicts(f"{title}\n{line.format(took, took + 1)}", table, final, seat=1)
    assert found["review_best"] and found["review_tricks"] == f"{took}"


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


def test_a_tournament_said_ended_after_a_round_still_under_way_is_false(
        table: StoredTable) -> None:
    final = replay(table)[-1]
    rounds = [StoredRound(1, 1, 1, 1, [None, BOB, None, None]),
              StoredRound(1, 2, 1, 7, [ALICE, None, None, None])]
    tournament = Tournament(rounds, {1: final}, {"bob": BOB}, finished=frozenset({1}))
    known = {"Night": tournament}
    assert ended_claims("Night is ended after round 1: its final standings are posted.",
                        known) == [("tournament_ended", None)]
    assert ended_claims("Night is ended after round 2: its final standings are posted.",
                        known) == [("tournament_ended",
                                    "1 round(s) were played out; round 2 was under way")]
    assert ended_claims("🏁 **Night** is over (ended after round 2 of 2).", known)


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


def test_a_review_heading_with_the_wrong_dealer_or_a_dropped_alone_is_false(
        table: StoredTable) -> None:
    final = replay(table)[-1]
    hands = sum(e["type"] == "deal" for e in final.events)
    deal = next(e for e in final.events if e["type"] == "deal")
    names = {0: "🤖 Ada (normal)", 1: "bob", 2: "🤖 Cog (normal)", 3: "🤖 Dex (normal)"}
    title = f"🔎 Euchre #1 · hand 1 of {hands} · deal and auction"
    trump = {"S": "♠ spades", "H": "♥ hearts", "D": "♦ diamonds", "C": "♣ clubs"}[
        first_result(replay(table))["trump"]]
    honest = f"**Hand 1 of {hands}** · {names[deal['dealer']]} deals · trump {trump} · " \
             "maker **bob**, alone"
    assert verdicts(f"{title}\n{honest}", table, final, seat=1) == {
        "review_step": None, "review_hand": None}
    wrong_dealer = honest.replace(f"{names[deal['dealer']]} deals",
                                  f"{names[(deal['dealer'] + 1) % 4]} deals")
    assert verdicts(f"{title}\n{wrong_dealer}", table, final, seat=1)["review_hand"]
    dropped = honest.removesuffix(", alone")
    assert verdicts(f"{title}\n{dropped}", table, final, seat=1)["review_hand"] == "alone"


def test_a_review_trick_with_a_card_or_taker_changed_is_false(table: StoredTable) -> None:
    final = replay(table)[-1]
    hands = sum(e["type"] == "deal" for e in final.events)
    tricks = [e for e in scored(replay(table), 1).events if e["type"] == "trick"]
    names = {0: "🤖 Ada (normal)", 1: "bob", 2: "🤖 Cog (normal)", 3: "🤖 Dex (normal)"}
    title = f"🔎 Euchre #1 · hand 1 of {hands} · trick 2 of {len(tricks)}"
    second = tricks[1]
    said = ", ".join(f"{names[p['seat']]} {shown(p['card'])}" for p in second["cards"])
    honest = f"**Trick 2 of {len(tricks)}:** {said} → **{names[second['winner']]}** took it."
    assert verdicts(f"{title}\n{honest}", table, final, seat=1) == {
        "review_step": None, "review_trick": None}
    other = names[(second["winner"] + 2) % 4]
    taker = honest.replace(f"**{names[second['winner']]}** took", f"**{other}** took")
    assert verdicts(f"{title}\n{taker}", table, final, seat=1)["review_trick"]


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


def test_a_review_result_with_the_wrong_points_is_false(table: StoredTable) -> None:
    snapshots = replay(table)
    final = snapshots[-1]
    hands = sum(e["type"] == "deal" for e in final.events)
    event = first_result(snapshots)
    title = f"🔎 Euchre #1 · hand 1 of {hands} · trick 5 of 5"
    ours, theirs = event["points"][1], event["points"][0]
    said = f"Points this hand: {BOBS_SIDE} +{ours} · {OTHERS} +{theirs}"
    assert verdicts(f"{title}\n{said}", table, final, seat=1)["review_result"] is None
    wrong = f"Points this hand: {BOBS_SIDE} +{ours + 1} · {OTHERS} +{theirs}"
    found = verdicts(f"{title}\n{wrong}", table, final, seat=1)["review_result"]
    assert found == f"{ours}, not {ours + 1}"


def flip_with_a_switch() -> tuple[StoredTable, int, int, str]:
    """A four-hand Flip Euchre game played to the end of its first hand, in which a seat
    switched a card in: the table, that seat, the trick and the card (engine id)."""
    options = {"target": 100, "deck": 52, "zilch": False}
    for seed in range(1, 60):
        game, actions = new_game("flip", 4, seed, dict(options)), []
        switched: tuple[int, int, str] | None = None
        while not any(e["type"] == "hand_scored" for e in game.events):
            legal = game.legal_actions()
            action = next((a for a in legal if a.startswith("switch:")), legal[0])
            if action.startswith("switch:") and switched is None:
                tricks = sum(e["type"] == "trick" for e in game.events)
                switched = (game.current_player, tricks + 1, action.removeprefix("switch:"))
            game.apply(action)
            actions.append(action)
        if switched is not None and switched[0] is not None:
            seats = [StoredSeat(n, BOB if n == switched[0] else None,
                                None if n == switched[0] else "normal") for n in range(4)]
            stored = [StoredAction(i, 0, a, float(i + 1)) for i, a in enumerate(actions)]
            table = StoredTable(1, "flip", 4, options, seed, "finished", None, 100, 200, None,
                                0.0, seats, stored)
            return table, switched[0], switched[1], switched[2]
    raise AssertionError("no seed gave a switch")


def test_a_flip_switch_is_judged_at_the_trick_it_was_made_in() -> None:
    table, seat, trick, card = flip_with_a_switch()
    final = replay(table)[-1]
    hands = sum(e["type"] == "deal" for e in final.events)
    tricks = sum(e["type"] == "trick" for e in scored(replay(table), 1).events)
    step = f"🔎 Flip Euchre #1 · hand 1 of {hands} · "
    name = {"BJ": "Benny", "LJ": "Charlie"}.get(card) or shown(card)
    honest = f"{step}trick {trick} of {tricks}\n✅ **Switch in {name}**: the computer agrees."
    assert verdicts(honest, table, final, seat=seat) == {"review_step": None,
                                                         "review_opinion": None}
    other = 2 if trick == 1 else 1
    elsewhere = honest.replace(f"trick {trick} of", f"trick {other} of")
    assert verdicts(elsewhere, table, final, seat=seat)["review_opinion"] == (
        f"that call was made in trick [{trick}]")
    at_deal = honest.replace(f"trick {trick} of {tricks}", "deal and auction")
    assert verdicts(at_deal, table, final, seat=seat)["review_opinion"]
    kept = honest.replace(f"Switch in {name}", "Don't switch")
    assert verdicts(kept, table, final, seat=seat)["review_opinion"]
    ordered = honest.replace(f"Switch in {name}", "Order up")
    assert verdicts(ordered, table, final, seat=seat)["review_opinion"] == (
        "a call is judged at a trick")


def flip_ending_with_a_flip() -> tuple[StoredTable, int]:
    """A Flip Euchre game in which a Charlie played to a hand's last trick flips trump, and
    that same move ends the hand and deals the next: the table and that move's number."""
    options = {"target": 100, "deck": 52, "zilch": True}
    for seed in range(1, 200):
        game, actions = new_game("flip", 5, seed, dict(options)), []
        while game.current_player is not None and len(actions) < 400:
            legal = game.legal_actions()
            action = "play:LJ" if "play:LJ" in legal else legal[0]
            produced = game.apply(action) or []
            actions.append(action)
            kinds = [(e["type"], e.get("how")) for e in produced]
            if ("trump", "flipped") in kinds and ("deal", None) in kinds:
                seats = [StoredSeat(n, None, "normal") for n in range(5)]
                stored = [StoredAction(i, 0, a, float(i + 1)) for i, a in enumerate(actions)]
                return StoredTable(1, "flip", 5, options, seed, "playing", None, 100, 200,
                                   None, 0.0, seats, stored), len(actions)
    raise AssertionError("no seed ended a hand with a flip")


def test_a_flip_told_with_the_end_of_the_hand_it_ended_is_true() -> None:
    table, move = flip_ending_with_a_flip()
    state = replay(table)[move]
    flip = next(e for e in reversed(state.last_move())
                if e["type"] == "trump" and e.get("how") == "flipped")
    suits = {"S": "♠ spades", "H": "♥ hearts", "D": "♦ diamonds", "C": "♣ clubs", None: "no trump"}
    card = {"BJ": "Benny", "LJ": "Charlie"}.get(flip["card"]) or shown(flip["card"])
    honest = f"Trump flipped: the calling card {card} makes **{suits[flip['trump']]}** trump."
    assert verdicts(honest, table, state, narrated=True) == {"trump_made": None}
    other = next(c for c in ("9♠", "9♥") if c != card)
    planted = honest.replace(f"card {card} ", f"card {other} ")
    assert verdicts(planted, table, state, narrated=True)["trump_made"]


def test_review_tricks_so_far_with_a_wrong_count_or_a_sitting_out_side_is_false(
        table: StoredTable) -> None:
    final = replay(table)[-1]
    hands = sum(e["type"] == "deal" for e in final.events)
    tricks = [e for e in scored(replay(table), 1).events if e["type"] == "trick"]
    bobs = sum(t["winner"] in (1, 3) for t in tricks[:2])
    title = f"🔎 Euchre #1 · hand 1 of {hands} · trick 2 of {len(tricks)}"
    honest = f"Tricks so far: bob {bobs} · {OTHERS} {2 - bobs}"
    assert verdicts(f"{title}\n{honest}", table, final, seat=1) == {
        "review_step": None, "review_so_far": None}
    swapped = f"Tricks so far: bob {2 - bobs} · {OTHERS} {bobs}"
    if bobs != 1:
        assert verdicts(f"{title}\n{swapped}", table, final, seat=1)["review_so_far"] == str(
            bobs)
    more = f"Tricks so far: bob {bobs + 1} · {OTHERS} {2 - bobs}"
    assert verdicts(f"{title}\n{more}", table, final, seat=1)["review_so_far"] == str(bobs)
    later = f"🔎 Euchre #1 · hand 2 of {hands} · trick 2 of {len(tricks)}"
    assert verdicts(f"{later}\n{honest}", table, final, seat=1)["review_so_far"] == (
        "no side is seats [2] in hand 2")


def test_a_flip_review_with_the_calling_card_before_a_switch_is_false() -> None:
    table, seat, trick, card = flip_with_a_switch()
    final = replay(table)[-1]
    hands = sum(e["type"] == "deal" for e in final.events)
    tricks = sum(e["type"] == "trick" for e in scored(replay(table), 1).events)
    title = f"🔎 Flip Euchre #1 · hand 1 of {hands} · trick {trick} of {tricks}"
    switch = next(e for e in final.events if e["type"] == "trump" and e.get("how") == "switched")

    def named(card: str) -> str:
        return {"BJ": "Benny", "LJ": "Charlie"}.get(card) or shown(card)

    honest = f"{title}\nCalling card now: {named(card)}"
    assert verdicts(honest, table, final, seat=seat) == {"review_step": None,
                                                         "review_calling_card": None}
    before = f"{title}\nCalling card now: {named(switch['took'])}"
    assert verdicts(before, table, final, seat=seat)["review_calling_card"] == card
