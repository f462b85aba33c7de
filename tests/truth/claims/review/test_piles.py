"""The review's piles line at a deal is checked against the replayed game: the turn-up
and what became of it, the cards discarded, and that no card of the kitty was dealt to
a seat; a wrong card or a wrong fate is reported false."""

from __future__ import annotations

from bot.engine import new_game
from tests.truth.planting import shown, verdicts
from tests.truth.stored.store import StoredTable
from tests.truth.stored.timeline import replay

DECK = [rank + suit for rank in "9TJQKA" for suit in "SHDC"]


def test_the_piles_at_the_deal_are_checked(table: StoredTable) -> None:
    final = replay(table)[-1]
    hands = sum(e["type"] == "deal" for e in final.events)
    game = new_game(table.variant, table.players, table.seed, dict(table.options))
    dealt = [c for seat in range(4) for c in game.view(seat)["hand"]]
    turned = game.view(0)["turn_up"]
    kitty = [c for c in DECK if c not in dealt and c != turned]
    discarded = table.actions[2].action.removeprefix("discard:")
    title = f"🔎 Euchre #1 · hand 1 of {hands} · deal and auction"

    def line(turn: str, fate: str, hidden: list[str], thrown: str) -> str:
        cards = " ".join(shown(c) for c in hidden)
        return (f"{title}\nTurn-up: {shown(turn)} ({fate}) · Kitty: {cards} (face down) · "
                f"Discarded: {shown(thrown)} (face down)")

    assert verdicts(line(turned, "picked up", kitty, discarded), table, final)[
        "review_piles"] is None
    wrong_turn = kitty[0]
    assert verdicts(line(wrong_turn, "picked up", kitty, discarded), table, final)[
        "review_piles"] == f"the turn-up was {turned}"
    assert verdicts(line(turned, "turned down", kitty, discarded), table, final)[
        "review_piles"] == "the turn-up was picked up"
    dealt_card = [c for c in dealt if c != discarded][0]
    assert "were dealt to a seat" in str(verdicts(
        line(turned, "picked up", [dealt_card, *kitty[1:]], discarded), table, final)[
        "review_piles"])
    assert str(verdicts(line(turned, "picked up", kitty, dealt_card), table, final)[
        "review_piles"]).startswith("discarded")
