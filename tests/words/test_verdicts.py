"""A hand's verdict and tricks line name who played it: a loner, never the partner who
sat out."""

from __future__ import annotations

from bot.engine import new_game
from bot.words.verdicts import sitting_out, tricks_text, verdict

LABELS = ["Alice", "Bob", "Carol", "Dave"]
TEAMS = [[0, 2], [1, 3]]


def test_point_11_a_euchred_loner_is_named_alone() -> None:
    scored = {"points": [0, 4], "scores": [3, 9], "maker": 0, "tricks": [2, 3],
              "euchred": 0, "alone": True}
    assert verdict(scored, "euchre", TEAMS, LABELS) == (
        "Alice went alone: **euchred** — Alice took only 2 tricks.")
    assert tricks_text(scored, TEAMS, LABELS) == "Alice 2 · Bob & Dave 3"
    made = {**scored, "euchred": None, "tricks": [5, 0], "points": [4, 0]}
    assert verdict(made, "euchre", TEAMS, LABELS) == (
        "Alice went alone: **made** — Alice took 5 tricks, every one!")


def test_point_11_a_lone_defender_and_a_jambone_leave_their_partners_out() -> None:
    scored = {"points": [0, 8], "scores": [0, 8], "maker": 0, "tricks": [3, 4],
              "made": False, "euchred": 0, "declaration": "alone", "defender": 1}
    assert sitting_out(scored, TEAMS) == {2, 3}
    assert tricks_text(scored, TEAMS, LABELS) == "Alice 3 · Bob 4"
    assert "— Alice took only 3 tricks." in verdict(scored, "railroad", TEAMS, LABELS)
    partners = {**scored, "declaration": "partner", "defender": None}
    assert tricks_text(partners, TEAMS, LABELS) == "Alice & Carol 3 · Bob & Dave 4"


def test_point_11_a_played_loner_hand_never_names_the_partner() -> None:
    game = new_game("euchre", 4, 1, {})
    dealer = game.dealer
    for action in ["pass", "pass", "pass", "order", "alone"]:
        game.apply(action)
    while game.hand_number == 1:
        game.apply(game.legal_actions()[0])
    scored = next(e for e in game.events if e["type"] == "hand_scored")
    sides = [game.seats_of(side) for side in range(game.num_sides)]
    partner = LABELS[(dealer + 2) % 4]
    assert partner not in verdict(scored, "euchre", sides, LABELS)
    assert partner not in tricks_text(scored, sides, LABELS)
    assert LABELS[dealer] in verdict(scored, "euchre", sides, LABELS)
