"""The review's calls (``**Calls:**`` at the deal, ``During the trick:`` at a trick) are
checked against the stored actions of that hand: the true sentence passes, a wrong card,
a call given to the wrong seat or a call left out is reported false."""

from __future__ import annotations

from tests.truth.planting import flip_with_a_switch, shown, verdicts
from tests.truth.stored.store import StoredTable
from tests.truth.stored.timeline import replay


def test_the_calls_at_the_deal_are_checked(table: StoredTable) -> None:
    final = replay(table)[-1]
    hands = sum(e["type"] == "deal" for e in final.events)
    turned = shown(next(e["card"] for e in final.events if e["type"] == "turn_up"))
    discarded = table.actions[2].action.removeprefix("discard:")
    other = "9H" if discarded != "9H" else "TH"
    title = f"🔎 Euchre #1 · hand 1 of {hands} · deal and auction"
    line = "**Calls:** {} ordered up the {} and went alone, 🤖 Ada (normal) picked up the {} " \
           "and discarded the {}."
    honest = f"{title}\n{line.format('bob', turned, turned, shown(discarded))}"
    assert verdicts(honest, table, final, seat=1)["review_calls"] is None
    wrong_card = f"{title}\n{line.format('bob', turned, turned, shown(other))}"
    assert verdicts(wrong_card, table, final, seat=1)["review_calls"]
    wrong_seat = f"{title}\n{line.format('🤖 Cog (normal)', turned, turned, shown(discarded))}"
    assert verdicts(wrong_seat, table, final, seat=1)["review_calls"]
    left_out = f"{title}\n**Calls:** bob ordered up the {turned} and went alone."
    assert verdicts(left_out, table, final, seat=1)["review_calls"]


def test_a_switch_during_a_trick_is_checked() -> None:
    table, _, trick, card = flip_with_a_switch()
    final = replay(table)[-1]
    hands = sum(e["type"] == "deal" for e in final.events)
    tricks = sum(e["type"] == "trick" for e in final.events)
    title = f"🔎 Flip Euchre #1 · hand 1 of {hands} · trick {trick} of {tricks}"
    honest = f"{title}\nDuring the trick: bob switched in the {shown(card)} as calling card."
    assert verdicts(honest, table, final, seat=1)["review_calls"] is None
    planted = f"{title}\nDuring the trick: bob did not switch."
    assert verdicts(planted, table, final, seat=1)["review_calls"]
    elsewhere = title.replace(f"trick {trick} of", f"trick {trick + 1} of")
    moved = f"{elsewhere}\nDuring the trick: bob switched in the {shown(card)} as calling card."
    assert verdicts(moved, table, final, seat=1)["review_calls"]
