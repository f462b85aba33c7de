"""Every hand ends with a recap a player can read at a glance."""

from __future__ import annotations

from bot.engine import new_game
from bot.tables.events import ActionApplied
from bot.ui.table.narration import narrate
from bot.ui.table.recap import hand_recap
from tests.engine.helpers import events_of, play_hand
from tests.ui.helpers import NAMES, PEOPLE, playing_table

LABELS = ["Ann", "Ben", "Cat", "Dan"]
TEAMS = [[0, 2], [1, 3]]


def test_a_made_euchre_hand_tells_the_last_trick_tricks_points_and_score() -> None:
    scored = {"type": "hand_scored", "points": [1, 0], "scores": [7, 4], "maker": 2,
              "tricks": [3, 2], "euchred": None, "alone": False, "trump": "H"}
    trick = {"type": "trick", "winner": 2,
             "cards": [{"seat": 1, "card": "QC"}, {"seat": 2, "card": "JD"},
                       {"seat": 3, "card": "9C"}, {"seat": 0, "card": "AC"}]}
    lines = hand_recap(scored, trick, "euchre", TEAMS, LABELS, hand_number=5, target=10)
    assert lines[0] == (
        "📊 **Hand 5 is over.** Cat called trump: **made** — Ann & Cat took 3 tricks."
    )
    assert lines[1] == ("Last trick: Ben Q♣, Cat J♦ (left), Dan 9♣, Ann A♣ → **Cat** "
                        "took it.")
    assert "Tricks: Ann & Cat 3 · Ben & Dan 2" in lines
    assert "Points this hand: Ann & Cat +1 · Ben & Dan 0" in lines
    assert lines[-1] == "Score: **Ann & Cat** 7 · **Ben & Dan** 4 — to 10"


def test_a_euchred_maker_a_failed_bid_and_a_failed_jambone_are_called_so() -> None:
    euchred = {"points": [0, 2], "scores": [3, 9], "maker": 1, "tricks": [4, 1],
               "euchred": 1, "alone": False}
    line = hand_recap(euchred, None, "euchre", TEAMS, LABELS)[0]
    assert "Ben called trump: **euchred** — Ben & Dan took only 1 trick." in line
    moon = {"points": [2, -12], "scores": [2, -12], "maker": 1, "bid": "moon", "made": False,
            "tricks": [2, 4], "alone": True}
    assert ("Ben bid Moon (alone): **failed** — Ben took 4 of the 6 tricks, not every "
            "one.") in hand_recap(moon, None, "cincinnati", TEAMS, LABELS)[0]
    swept = {**euchred, "tricks": [5, 0]}
    assert "**euchred** — Ben & Dan took no tricks." in hand_recap(swept, None, "euchre", TEAMS,
                                                                  LABELS)[0]
    jambone = {"points": [28, 0], "scores": [28, 9], "maker": 1, "tricks": [2, 5],
               "made": False, "euchred": 1, "declaration": "jambone"}
    line = hand_recap(jambone, None, "railroad", TEAMS, LABELS)[0]
    assert "Ben called Jambone: **failed** — Ben took 5 of the 7 tricks" in line
    assert "euchred" not in line and "only" not in line


def test_flip_lists_each_players_tricks_against_their_bid_and_who_was_euchred() -> None:
    scored = {"points": [30, -5, 25], "scores": [30, -5, 25], "bids": [3, 2, 1],
              "tricks": [3, 1, 2], "euchred": [1], "zilch": False}
    lines = hand_recap(scored, None, "flip", [], ["Ann", "Ben", "Cat"])
    assert "Euchred (lowest this hand): Ben." in lines[0]
    assert "Tricks: Ann 3 (bid 3) · Ben 1 (bid 2) · Cat 2 (bid 1)" in lines
    assert lines[-1] == "Score: **Ann** 30 · **Cat** 25 · **Ben** -5"  # by score


def test_narration_of_the_last_card_gives_the_recap_of_the_hand_it_ends() -> None:
    game = new_game("euchre", 4, seed=2)
    while game.phase != "play":
        game.apply(game.legal_actions()[0])
    before = len(game.events)
    play_hand(game)
    events = tuple(game.events[before:])
    table = playing_table(game)
    lines = narrate(ActionApplied(table, 0, 0, "play:x", "person", PEOPLE[0], events), NAMES)
    recap = "\n".join(lines)
    last = events_of(game, "trick")[-1]
    assert "Hand 1 is over." in recap
    assert f"→ **{NAMES[PEOPLE[last['winner']]]}** took it." in recap
    assert "Score: **Player1 & Player3**" in recap and "— to 10" in recap
