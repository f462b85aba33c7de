"""The table's text and the hand recap name the card that took the last trick where its
winner played two cards of it (Over the Rhine, Over the Top)."""

from __future__ import annotations

from bot.engine import card_named, winning_play
from bot.ui.table.message import trick_lines
from bot.ui.table.recap import hand_recap
from tests.engine.area_helpers import random_states

LABELS = ["Ann", "Ben"]


def first_card_wins(variant: str) -> dict:
    """A public view whose last trick its winner took with the first of their two cards."""
    for game in random_states(variant, 6, every=1):
        view = game.public_view()
        last = view.get("last_trick")
        if last and not view.get("trick"):
            mine = [i for i, p in enumerate(last["cards"]) if p["seat"] == last["winner"]]
            if len(mine) == 2 and winning_play(last) == mine[0]:
                return view
    raise LookupError(variant)


def test_the_table_text_names_the_winners_first_card_when_it_won() -> None:
    for variant in ("over_the_rhine", "over_the_top"):
        view = first_card_wins(variant)
        last = view["last_trick"]
        card = last["cards"][winning_play(last)]["card"]
        line = next(x for x in trick_lines(view, LABELS, variant) if x.startswith("Last trick"))
        assert line.endswith(f"→ **{LABELS[last['winner']]}** took it with "
                             f"{card_named(card, variant, last['trump'])}")


def test_the_recap_names_the_card_that_took_the_last_trick() -> None:
    view = first_card_wins("over_the_rhine")
    last = view["last_trick"]
    scored = {"points": [1, 0], "scores": [1, 0], "maker": 0, "tricks": [3, 2],
              "trump": last["trump"]}
    lines = hand_recap(scored, last, "over_the_rhine", [[0], [1]], LABELS)
    card = card_named(last["cards"][winning_play(last)]["card"], "over_the_rhine",
                      last["trump"])
    assert any(line.endswith(f"took it with {card}.") for line in lines)
