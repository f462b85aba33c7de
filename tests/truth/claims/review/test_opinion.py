"""The review's opinion lines are checked against the seat's decisions in the stored game:
how many there were (up to a leaver's departure), that the largest named was made in that
hand, that the choices weighed were open then, and that a step said to hold no decision
of the member's held none."""

from __future__ import annotations

from dataclasses import replace

from bot.engine import new_game
from tests.truth.planting import BOB, two_hands, verdicts
from tests.truth.stored.store import StoredDeparture, StoredTable
from tests.truth.stored.timeline import replay

BOBS_SEAT = 1


def bobs_decisions(table: StoredTable) -> list[tuple[int, str]]:
    """(hand, action) of each of bob's moves with more than one legal action, replayed
    here through the engine."""
    game = new_game(table.variant, table.players, table.seed, dict(table.options))
    found = []
    for stored in table.actions:
        hand = sum(e["type"] == "deal" for e in game.events)
        if game.current_player == BOBS_SEAT and len(game.legal_actions()) > 1:
            found.append((hand, stored.action))
        game.apply(stored.action)
    return found


def title(table: StoredTable, trick: int = 0) -> str:
    """The title of a step of the first hand."""
    final = replay(table)[-1]
    hands = sum(e["type"] == "deal" for e in final.events)
    tricks = sum(e["type"] == "trick" for e in final.events[: next(
        i for i, e in enumerate(final.events) if e["type"] == "hand_scored")])
    moment = f"trick {trick} of {tricks}" if trick else "deal and auction"
    return f"🔎 Euchre #1 · hand 1 of {hands} · {moment}"


def test_the_summary_counts_the_seats_decisions_and_names_one_it_made(
        table: StoredTable) -> None:
    final, made = replay(table)[-1], len(bobs_decisions(table))
    summary = (f"{title(table)}\n-# 🤖 2 costly decisions of {made}, about 3.0 points given "
               "away in all; the largest: Order up in hand 1 (2.0).")
    assert verdicts(summary, table, final, seat=BOBS_SEAT) == {
        "review_step": None, "review_decisions": None, "review_largest": None}
    miscounted = summary.replace(f"of {made},", f"of {made + 1},")
    assert verdicts(miscounted, table, final, seat=BOBS_SEAT)["review_decisions"] == (
        f"the seat made {made} decisions with a choice")
    never_made = summary.replace("Order up in hand 1", "Pass in hand 1")
    assert "decisions in hand 1" in str(
        verdicts(never_made, table, final, seat=BOBS_SEAT)["review_largest"])
    none_costly = f"{title(table)}\n-# 🤖 {made} decisions looked at: none was costly. Well played!"
    assert verdicts(none_costly, table, final, seat=BOBS_SEAT)["review_decisions"] is None
    assert verdicts(none_costly.replace(f"{made} decisions", f"{made - 1} decisions"), table,
                    final, seat=BOBS_SEAT)["review_decisions"]


def test_a_leavers_decisions_end_when_they_left() -> None:
    table = two_hands()
    final = replay(table)[-1]
    second_deal = [i for i, e in enumerate(final.events) if e["type"] == "deal"][1]
    first_of_second = final.action_of(second_deal) or 0  # the action that dealt hand 2
    left = table.actions[first_of_second - 1].stored_at + 0.5
    gone = replace(table, departures=[StoredDeparture(BOBS_SEAT, BOB, "left", 2, "normal",
                                                      left)])
    theirs = sum(1 for hand, _ in bobs_decisions(table) if hand == 1)
    assert theirs < len(bobs_decisions(table))
    line = f"{title(gone)}\n-# 🤖 {{}} decisions looked at: none was costly. Well played!"
    assert verdicts(line.format(theirs), gone, final, seat=BOBS_SEAT)["review_decisions"] is None
    assert verdicts(line.format(len(bobs_decisions(table))), gone, final,
                    seat=BOBS_SEAT)["review_decisions"]


def test_the_choices_weighed_must_have_been_open_at_that_decision(table: StoredTable) -> None:
    final = replay(table)[-1]
    decided = f"{title(table)}\n✅ **Order up**: the computer agrees.\n"
    honest = f"{decided}-# Expected points for your side this hand: Order up +1.2 · Pass -0.3"
    assert verdicts(honest, table, final, seat=BOBS_SEAT)["review_choices"] is None
    not_open = honest.replace("Pass -0.3", "Go alone -0.3")
    assert "choices open" in str(verdicts(not_open, table, final, seat=BOBS_SEAT)[
        "review_choices"])
    too_many = f"{honest} · 3 more"
    assert verdicts(too_many, table, final, seat=BOBS_SEAT)["review_choices"]
    never_chosen = honest.replace("**Order up**", "**Pass**")
    assert "decisions at this step" in str(verdicts(never_chosen, table, final,
                                                    seat=BOBS_SEAT)["review_choices"])


def test_no_decision_is_said_only_of_a_step_without_a_choice(table: StoredTable) -> None:
    final = replay(table)[-1]
    tricks = title(table, 1).rsplit(" ", 1)[-1]
    last = f"{title(table, int(tricks))}\nNo decision of yours at this step."
    assert verdicts(last, table, final, seat=BOBS_SEAT)["review_no_decision"] is None
    first = f"{title(table, 1)}\nNo decision of yours at this step."
    led = next(e for e in final.events if e["type"] == "trick")["cards"][0]
    assert led["seat"] == BOBS_SEAT  # bob led the first trick, from a full hand
    assert verdicts(first, table, final, seat=BOBS_SEAT)["review_no_decision"] == (
        f"the seat chose ['play:{led['card']}'] here")
