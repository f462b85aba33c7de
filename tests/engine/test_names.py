"""Names the UI shows for cards and actions."""

from __future__ import annotations

import pytest

from bot.engine import VARIANTS, action_name, card_name, display_card


@pytest.mark.parametrize(
    ("action", "variant", "name"),
    [
        ("play:JH", None, "Play J♥"),
        ("play:TS", None, "Play 10♠"),
        ("bid:double_moon", None, "Double Moon"),
        ("bid:4", None, "Bid 4"),
        ("trump:N", None, "No trump"),
        ("trump:C", None, "Clubs"),
        ("trump:Y", None, "Yellow"),
        ("play:BJ", "flip", "Play Benny"),
        ("switch:LJ", "flip", "Switch in Charlie"),
        ("play:BJ", "railroad", "Play Joker"),
        ("discard:R14", None, "Discard 🟥 Red 14"),
        ("order", None, "Order up"),
        ("order", "over_the_rhine", "Play it"),
        ("defend_alone", None, "Defend alone"),
        ("play:XX", None, "play:XX"),
    ],
)
def test_action_names(action: str, variant: str | None, name: str) -> None:
    assert action_name(action, variant) == name


def test_card_names() -> None:
    assert card_name("9D") == "9♦"
    assert card_name("BJ") == "Big Joker"
    assert display_card("LJ", "over_the_rhine") == "Little Joker"
    assert card_name("B5") == "Black 5"


def test_every_variant_describes_itself() -> None:
    for key, info in VARIANTS.items():
        assert info.key == key and info.name and info.summary and len(info.rules) > 200
        assert info.player_counts and "target" in info.option_defaults
        assert "deal" in info.deal_shape.lower()
