"""/rules says a game's options in words, as the table footer does."""

from __future__ import annotations

from bot.engine import VARIANTS
from bot.ui.rules import rules_footer


def test_euchre_options_are_said_in_words() -> None:
    footer = rules_footer(VARIANTS["euchre"])
    assert footer.splitlines() == [
        "Players: 4",
        "Standard rules: game to 10 points · stick the dealer: if all pass, the dealer must "
        "name trump",
        "House rules, chosen with /table create: another score to play to (1 to 1000) · "
        "No stick-the-dealer: if all pass, the cards are dealt again",
    ]


def test_no_game_shows_option_ids_or_python_values() -> None:
    for info in VARIANTS.values():
        footer = rules_footer(info)
        for spec in info.options:
            assert f"{spec.name} (default" not in footer
        assert "True" not in footer and "False" not in footer and "_" not in footer
    assert rules_footer(VARIANTS["flip"]).startswith("Players: 2 to 10\n")
    assert rules_footer(VARIANTS["railroad"]).startswith("Players: 4 or 6\n")
