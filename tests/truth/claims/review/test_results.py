"""The review's result lines (how the hand ended, the count taken so far, who won) are
checked by the table's own checkers at the step they belong to: the true lines pass, a
wrong outcome, count or winner is reported false."""

from __future__ import annotations

from dataclasses import replace

from bot.engine import new_game
from tests.truth.planting import (
    ALICE,
    BOBS_SIDE,
    OTHERS,
    first_result,
    flip_dead_hand_short,
    flip_ending_with_a_flip,
    flip_with_a_switch,
    scored,
    shooting_the_moon,
    two_hands,
    verdicts,
)
from tests.truth.reading.names import COMPUTER_NAMES
from tests.truth.stored.store import StoredAction, StoredSeat, StoredTable
from tests.truth.stored.timeline import replay


def test_a_hands_result_in_the_review_is_judged_at_that_hands_end(table: StoredTable) -> None:
    snapshots = replay(table)
    final, result = snapshots[-1], first_result(snapshots)
    hands = sum(e["type"] == "deal" for e in final.events)
    tricks = result["tricks"][1]
    failed = result.get("euchred") is not None or result.get("made") is False
    title = f"🔎 Euchre #1 · hand 1 of {hands} · trick 5 of 5"
    line = "📊 bob went alone: **{}** — bob took {} tricks."
    honest = f"{title}\n{line.format('euchred' if failed else 'made', tricks)}"
    assert set(verdicts(honest, table, final, seat=1).values()) == {None}
    planted = f"{title}\n{line.format('made' if failed else 'euchred', tricks)}"
    assert verdicts(planted, table, final, seat=1)["review_hand_result"]
    wrong_count = f"{title}\n{line.format('euchred' if failed else 'made', tricks - 1)}"
    assert verdicts(wrong_count, table, final, seat=1)["review_hand_result_tricks"]


def finished_euchre() -> StoredTable:
    """A short Euchre game (to 3) played to its end, bob in seat 2."""
    game, actions = new_game("euchre", 4, 5, {"target": 3}), []
    while not game.is_over:
        action = game.legal_actions()[0]
        game.apply(action)
        actions.append(action)
    seats = [StoredSeat(0, None, "normal"), StoredSeat(1, 11, None),
             StoredSeat(2, None, "normal"), StoredSeat(3, None, "normal")]
    return StoredTable(1, "euchre", 4, {"target": 3}, 5, "finished", None, 100, 200, None,
                       0.0, seats, [StoredAction(i, 0, a, float(i + 1))
                                    for i, a in enumerate(actions)])


def test_the_winner_in_the_review_is_checked() -> None:
    table = finished_euchre()
    final = replay(table)[-1]
    hands = sum(e["type"] == "deal" for e in final.events)
    scores, winner = final.public["scores"], final.public["winner"]
    sides = [OTHERS, BOBS_SIDE]
    title = f"🔎 Euchre #1 · hand {hands} of {hands} · trick 5 of 5"
    said = f"{sides[winner]} {scores[winner]} · {sides[1 - winner]} {scores[1 - winner]}"
    honest = f"{title}\n🏆 **{sides[winner]}** won the game: {said}."
    assert verdicts(honest, table, final, seat=1)["review_winner"] is None
    planted = f"{title}\n🏆 **{sides[1 - winner]}** won the game: {said}."
    assert verdicts(planted, table, final, seat=1)["review_winner"]


def test_the_count_taken_so_far_is_judged_at_the_steps_trick() -> None:
    game, actions = new_game("over_the_top", 2, 3, {}), []
    while sum(e["type"] == "trick" for e in game.events) < 3:
        action = game.legal_actions()[0]
        game.apply(action)
        actions.append(action)
    seats = [StoredSeat(0, None, "normal"), StoredSeat(1, 11, None)]
    table = StoredTable(1, "over_the_top", 2, {}, 3, "playing", None, 100, 200, None, 0.0,
                        seats, [StoredAction(i, 0, a, float(i + 1)) for i, a in
                                enumerate(actions)])
    snapshots = replay(table)
    after_first = next(s for s in snapshots if s.count("trick") == 1)
    taken = after_first.public["points_taken"]
    assert taken != game.view(0)["points_taken"]  # the count moved on after trick 1
    title = "🔎 Over the Top #1 · hand 1 of 1 · trick 1 of 10"
    honest = f"{title}\nCount taken so far: 🤖 Ada (normal): {taken[0]} · bob: {taken[1]}"
    final = snapshots[-1]
    assert verdicts(honest, table, final, seat=1)["review_count_taken"] is None
    now = game.view(0)["points_taken"]
    planted = f"{title}\nCount taken so far: 🤖 Ada (normal): {now[0]} · bob: {now[1]}"
    assert verdicts(planted, table, final, seat=1)["review_count_taken"]


def test_a_zilch_hand_in_the_review_is_checked() -> None:
    zilch, _ = flip_ending_with_a_flip()
    final = replay(zilch)[-1]
    title = "🔎 Flip Euchre #1 · hand 1 of 2 · trick 4 of 4"
    line = "📊 Zilch: every trick taken costs 5 points."
    assert verdicts(f"{title}\n{line}", zilch, final)["review_zilch"] is None
    assert verdicts(f"{title}\n{line}", finished_euchre(), replay(finished_euchre())[-1])[
        "review_zilch"] == "the hand was not played as Zilch"


def test_a_shot_at_the_moon_in_the_review_is_checked() -> None:
    table, shooter = shooting_the_moon(until="hand_scored")
    final = replay(table)[-1]
    result = first_result(replay(table))
    name = ["🤖 Ada (normal)", "bob"][shooter]
    failed = result.get("made") is False or bool(result.get("set")) or result.get(
        "euchred") is not None
    took = result["tricks"][shooter]
    title = "🔎 Over the Rhine #1 · hand 1 of 1 · trick 5 of 5"
    line = f"📊 {name} shot the moon: **{{}}** — {name} took {took} tricks."
    honest = f"{title}\n{line.format('set' if failed else 'made')}"
    assert verdicts(honest, table, final)["review_hand_result"] is None
    planted = f"{title}\n{line.format('made' if failed else 'set')}"
    assert verdicts(planted, table, final)["review_hand_result"]


def test_the_winner_of_a_rounds_table_in_the_review_is_checked() -> None:
    round_table = two_hands(hand_limit=2)
    snapshots = replay(round_table)
    scores = scored(snapshots, 2).latest("hand_scored")["scores"]  # type: ignore[index]
    assert scores[0] != scores[1]
    ahead, behind = (OTHERS, BOBS_SIDE) if scores[0] > scores[1] else (BOBS_SIDE, OTHERS)
    said = f"{OTHERS} {scores[0]} · {BOBS_SIDE} {scores[1]}"
    title = "🔎 Euchre #1 · hand 2 of 2 · trick 5 of 5"
    honest = f"{title}\n🏆 **{ahead}** won the round: {said}."
    assert verdicts(honest, round_table, snapshots[-1], seat=1)["review_winner"] is None
    planted = f"{title}\n🏆 **{behind}** won the round: {said}."
    assert verdicts(planted, round_table, snapshots[-1], seat=1)["review_winner"]


def test_flips_euchred_players_are_the_lowest_of_the_hand() -> None:
    table, bob, _, _ = flip_with_a_switch()
    snapshots = replay(table)
    result = first_result(snapshots)
    low = min(result["points"])
    lowest = [seat for seat, points in enumerate(result["points"]) if points == low]
    assert low < 0 and bob not in lowest  # the game these checks are planted in
    names = {seat: "bob" if seat == bob else f"🤖 {COMPUTER_NAMES[seat]} (normal)"
             for seat in range(table.players)}
    honest = f"Euchred (lowest this hand): {', '.join(names[s] for s in lowest)}."
    title = "🔎 Flip Euchre #1 · hand 1 of 1 · trick 10 of 10"
    final = snapshots[-1]
    assert verdicts(f"{title}\n📊 {honest}", table, final)["review_hand_euchred"] is None
    channel = scored(snapshots, 1)
    told = f"📊 **Hand 1 is over.** {honest}"
    assert verdicts(told, table, channel, narrated=True)["hand_euchred"] is None
    wrong = f"📊 **Hand 1 is over.** Euchred (lowest this hand): {names[bob]}."
    assert "the lowest" in str(verdicts(wrong, table, channel, narrated=True)["hand_euchred"])
    all_made = "📊 **Hand 1 is over.** Everyone made their bid."
    assert "took fewer than they bid" in str(
        verdicts(all_made, table, channel, narrated=True)["hand_euchred"])


def test_everyone_made_their_bid_speaks_of_the_players_not_the_dead_hand() -> None:
    """Three-hand Flip deals a dead hand, scored beside the players for comparison: when
    every player made their bid, ``Everyone made their bid.`` is true even if the dead
    hand fell short of its own."""
    table = flip_dead_hand_short()
    channel = scored(replay(table), 1)
    told = "📊 **Hand 1 is over.** Everyone made their bid."
    assert verdicts(told, table, channel, narrated=True)["hand_euchred"] is None


def test_a_euchred_player_who_left_is_read_with_the_leavers_label() -> None:
    """``alice (left, 🤖 plays on)`` is one name, not two parts split at its comma."""
    table, bob, _, _ = flip_with_a_switch()
    snapshots = replay(table)
    points = first_result(snapshots)["points"]
    lowest = [seat for seat, taken in enumerate(points) if taken == min(points)]
    left = lowest[0]
    table = replace(table, departed={left: ALICE})
    names = {seat: "bob" if seat == bob else f"🤖 {COMPUTER_NAMES[seat]} (normal)"
             for seat in range(table.players)}
    names[left] = "alice (left, 🤖 plays on)"
    honest = f"Euchred (lowest this hand): {', '.join(names[s] for s in lowest)}."
    title = "🔎 Flip Euchre #1 · hand 1 of 1 · trick 10 of 10"
    final = snapshots[-1]
    assert verdicts(f"{title}\n📊 {honest}", table, final)["review_hand_euchred"] is None
    channel = scored(snapshots, 1)
    assert verdicts(f"📊 **Hand 1 is over.** {honest}", table, channel, narrated=True)[
        "hand_euchred"] is None
    wrong = honest.replace(names[left], names[bob]) if bob not in lowest else honest.replace(
        names[left], "🤖 Ada (normal)")
    assert "the lowest" in str(verdicts(f"{title}\n📊 {wrong}", table, final)[
        "review_hand_euchred"])


def level_round() -> StoredTable:
    """A Euchre round's table of two hands that ends level."""
    for seed in range(1, 200):
        game, actions = new_game("euchre", 4, seed, {"target": 10}), []
        while sum(e["type"] == "hand_scored" for e in game.events) < 2:
            actions.append(game.legal_actions()[0])
            game.apply(actions[-1])
        if game.scores[0] == game.scores[1]:
            seats = [StoredSeat(n, None, "normal") for n in range(4)]
            stored = [StoredAction(i, 0, a, float(i + 1)) for i, a in enumerate(actions)]
            return StoredTable(1, "euchre", 4, {"target": 10}, seed, "finished", 2, 100, 200,
                               None, 0.0, seats, stored)
    raise AssertionError("no seed gave a level round")


def test_a_round_said_to_end_level_shares_the_top_at_its_final_score() -> None:
    round_table = level_round()
    final = replay(round_table)[-1]
    scores = final.latest("hand_scored")["scores"]  # type: ignore[index]
    sides = ["🤖 Ada (normal) & 🤖 Cog (normal)", "🤖 Bolt (normal) & 🤖 Dex (normal)"]
    title = "🔎 Euchre #1 · hand 2 of 2 · trick 5 of 5"
    said = f"{sides[0]} {scores[0]} · {sides[1]} {scores[1]}"
    honest = f"{title}\nThe round ended, level: {said}."
    assert verdicts(honest, round_table, final) == {
        "review_step": None, "review_winner": None, "review_score": None}
    wrong = honest.replace(f"{sides[0]} {scores[0]}", f"{sides[0]} {scores[0] + 1}")
    assert verdicts(wrong, round_table, final)["review_score"] == (
        f"{scores[0]}, not {scores[0] + 1}")
    two = two_hands(hand_limit=2)  # a round one side won
    won = replay(two)[-1].latest("hand_scored")["scores"]  # type: ignore[index]
    told = f"{title}\nThe round ended, level: {OTHERS} {won[0]} · {BOBS_SIDE} {won[1]}."
    assert (verdicts(told, two, replay(two)[-1], seat=1)["review_winner"] or "").startswith(
        "a side is ahead")
