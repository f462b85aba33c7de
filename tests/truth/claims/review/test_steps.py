"""The review's checkers catch a false statement planted in a step of ``/review`` (its
hand and trick, the computer's opinion, the heading, the trick, the result, the tricks so
far, Flip's calling card), and let the true one pass."""

from __future__ import annotations

from bot.engine import new_game
from tests.truth.planting import (
    BOBS_SIDE,
    OTHERS,
    first_result,
    flip_ending_with_a_flip,
    flip_with_a_switch,
    scored,
    shown,
    two_hands,
    verdicts,
)
from tests.truth.stored.store import StoredAction, StoredSeat, StoredTable
from tests.truth.stored.timeline import Snapshot, replay


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


def test_the_tricks_taken_and_best_play_compared_with_them_are_checked(
        table: StoredTable) -> None:
    final = replay(table)[-1]
    hands = sum(e["type"] == "deal" for e in final.events)
    tricks = [e for e in scored(replay(table), 1).events if e["type"] == "trick"]
    took = sum(1 for t in tricks if t["winner"] in (1, 3))
    title = f"🔎 Euchre #1 · hand 1 of {hands} · trick {len(tricks)} of {len(tricks)}"
    opening = "🃏 With every card known and everyone playing their best, your side would " \
              "have taken {} tricks"
    as_it_did = f"{title}\n{opening.format(took)}, as it did."
    assert verdicts(as_it_did, table, final, seat=1) == {
        "review_step": None, "review_tricks": None, "review_best": None}
    fewer = f"{title}\n{opening.format(took + 2)}; it took {took}, 2 fewer."
    assert verdicts(fewer, table, final, seat=1)["review_best"] is None
    more = (f"{title}\n{opening.format(took - 1)}; it took {took}: 1 more than the other side "
            "would have allowed with their best play.")
    assert verdicts(more, table, final, seat=1)["review_best"] is None
    wrong_count = f"{title}\n{opening.format(took + 1)}; it took {took + 1}, 1 fewer."
    found = verdicts(wrong_count, table, final, seat=1)
    assert found["review_best"] and found["review_tricks"] == f"{took}"
    wrong_taken = f"{title}\n{opening.format(took + 1)}, as it did."
    assert verdicts(wrong_taken, table, final, seat=1)["review_tricks"] == f"{took}"


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


def flip_switch_step() -> tuple[StoredTable, Snapshot, int, int, str, str, int]:
    """A Flip game with a switch: the table, its final state, the switching seat, the
    trick of the switch, the card switched in, that trick's review title and the hand's
    tricks."""
    table, seat, trick, card = flip_with_a_switch()
    final = replay(table)[-1]
    hands = sum(e["type"] == "deal" for e in final.events)
    tricks = sum(e["type"] == "trick" for e in scored(replay(table), 1).events)
    title = f"🔎 Flip Euchre #1 · hand 1 of {hands} · trick {trick} of {tricks}"
    return table, final, seat, trick, card, title, tricks


def flip_name(card: str) -> str:
    """A Flip card as the review names it (the jokers by name)."""
    return {"BJ": "Benny", "LJ": "Charlie"}.get(card) or shown(card)


def test_a_flip_switch_is_judged_at_the_trick_it_was_made_in() -> None:
    table, final, seat, trick, card, title, tricks = flip_switch_step()
    honest = f"{title}\n✅ **Switch in {flip_name(card)}**: the computer agrees."
    assert verdicts(honest, table, final, seat=seat) == {"review_step": None,
                                                         "review_opinion": None}
    other = 2 if trick == 1 else 1
    elsewhere = honest.replace(f"trick {trick} of", f"trick {other} of")
    assert verdicts(elsewhere, table, final, seat=seat)["review_opinion"] == (
        f"that call was made in trick [{trick}]")
    at_deal = honest.replace(f"trick {trick} of {tricks}", "deal and auction")
    assert verdicts(at_deal, table, final, seat=seat)["review_opinion"]
    kept = honest.replace(f"Switch in {flip_name(card)}", "Don't switch")
    assert verdicts(kept, table, final, seat=seat)["review_opinion"]
    ordered = honest.replace(f"Switch in {flip_name(card)}", "Order up")
    assert verdicts(ordered, table, final, seat=seat)["review_opinion"] == (
        "a call is judged at a trick")


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
    table, final, seat, _, card, title, _ = flip_switch_step()
    switch = next(e for e in final.events if e["type"] == "trump" and e.get("how") == "switched")
    honest = f"{title}\nCalling card now: {flip_name(card)}"
    assert verdicts(honest, table, final, seat=seat) == {"review_step": None,
                                                         "review_calling_card": None}
    before = f"{title}\nCalling card now: {flip_name(switch['took'])}"
    assert verdicts(before, table, final, seat=seat)["review_calling_card"] == card


def test_the_dead_hand_named_plainly_in_a_review_is_read() -> None:
    table, _ = flip_ending_with_a_flip()
    final = replay(table)[-1]
    first = [e for e in final.events if e["type"] == "trick"][0]
    names = [f"🤖 {n} (normal)" for n in ("Ada", "Bolt", "Cog", "Dex", "Echo")] + ["Dead hand"]
    title = "🔎 Flip Euchre #1 · hand 1 of 9 · trick 1 of 7"
    counts = [int(first["winner"] == seat) for seat in range(6)]
    honest = "Tricks so far: " + " · ".join(f"{n} {c}" for n, c in zip(names, counts,
                                                                        strict=True))
    assert verdicts(f"{title}\n{honest}", table, final)["review_so_far"] is None
    planted = honest.replace(f"Dead hand {counts[5]}", f"Dead hand {counts[5] + 1}")
    assert verdicts(f"{title}\n{planted}", table, final)["review_so_far"] == str(counts[5])


def railroad_jambone() -> tuple[StoredTable, int, int]:
    """A Railroad Euchre hand played to its end in which a seat called Jambone: the table,
    the maker and the chooser who picked the maker's cards."""
    for seed in range(1, 100):
        game, actions = new_game("railroad", 4, seed, {"target": 100}), []
        while not any(e["type"] == "hand_scored" for e in game.events):
            legal = game.legal_actions()
            action = "jambone" if "jambone" in legal else "order" if "order" in legal else (
                legal[0])
            game.apply(action)
            actions.append(action)
        called = [e for e in game.events if e["type"] == "jambone"]
        if called:
            seats = [StoredSeat(n, None, "normal") for n in range(4)]
            stored = [StoredAction(i, 0, a, float(i + 1)) for i, a in enumerate(actions)]
            table = StoredTable(1, "railroad", 4, {"target": 100}, seed, "finished", None, 100,
                                200, None, 0.0, seats, stored)
            return table, called[0]["seat"], called[0]["chooser"]
    raise AssertionError("no seed gave a Jambone")


def test_a_jambone_choosers_pick_of_the_makers_card_is_theirs() -> None:
    table, maker, chooser = railroad_jambone()
    final = replay(table)[-1]
    tricks = [e for e in final.events if e["type"] == "trick"]
    picked = next(p["card"] for p in tricks[0]["cards"] if p["seat"] == maker)
    title = f"🔎 Railroad Euchre #1 · hand 1 of 2 · trick 1 of {len(tricks)}"
    said = f"{title}\n✅ **Play {shown(picked)}**: the computer agrees."
    assert verdicts(said, table, final, seat=chooser)["review_opinion"] is None
    bystander = next(s for s in range(4) if s not in (maker, chooser))
    assert verdicts(said, table, final, seat=bystander)["review_opinion"]
