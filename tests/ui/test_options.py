"""Game options in a player's words, the same wherever Bower says them."""

from __future__ import annotations

from bot.engine import VARIANTS
from bot.engine.variant import OptionSpec
from bot.ui.options import option_words
from bot.ui.rules import rules_footer
from bot.ui.table.message import options_text
from tests.ui.helpers import lobby_table

FLIP = {spec.name: spec for spec in VARIANTS["flip"].options}


def test_a_setting_with_a_phrase_is_said_by_it_standard_or_not() -> None:
    assert option_words(FLIP["deck"], 50) == "50-card deck (one of each joker)"
    assert option_words(FLIP["deck"], 52) == "52-card deck (two of each joker)"
    assert option_words(FLIP["zilch"], True) == "Zilch: no bids, fewest tricks wins"


def test_any_other_setting_is_its_description_and_value() -> None:
    spec = OptionSpec("jokers", default=False, description="Jokers wild", choices=(False, True))
    assert option_words(spec, True) == "Jokers wild: yes"
    assert option_words(OptionSpec("target", 10, "Points needed to win"), 15) == (
        "Points needed to win: 15"
    )


def test_the_table_and_rules_say_a_house_rule_alike() -> None:
    phrase = option_words(FLIP["zilch"], True)
    assert phrase in rules_footer(VARIANTS["flip"])
    assert options_text(lobby_table("flip", options={"zilch": True})) == f"House rules: {phrase}"
