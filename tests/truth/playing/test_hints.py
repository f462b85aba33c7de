"""The audit's person bids as a person would: in an auction offering Moons they pass most
of the time and bid a Moon only now and then, and where a number must be bid (Flip) they
bid low more often than high, so that two people's wild bids cannot keep a game from ever
reaching its target; elsewhere they choose evenly."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from tests.truth.playing.hints import HintingPlayer


def buttons(*actions: str) -> list[dict[str, Any]]:
    """A hand's action buttons as the bot sends them (table 95, seat 1)."""
    return [{"type": 2, "custom_id": f"bower:act:95:1:{a}", "label": a} for a in actions]


def picks(controls: list[dict[str, Any]], times: int = 3000) -> Counter[str]:
    person = HintingPlayer(None, None, None, rng=random.Random(3))  # type: ignore[arg-type]
    return Counter(str(person.pick(controls)["custom_id"]).split(":", 4)[4]
                   for _ in range(times))


def test_a_person_passes_mostly_and_bids_a_moon_rarely_in_cincinnati() -> None:
    chosen = picks(buttons("bid:4", "bid:5", "bid:moon", "bid:double_moon", "bid:triple_moon",
                           "bid:quadruple_moon", "pass"))
    assert chosen["pass"] > 0.6 * 3000
    assert chosen["bid:4"] > 0.05 * 3000 and chosen["bid:5"] > 0.05 * 3000
    moons = sum(n for action, n in chosen.items() if action.endswith("moon"))
    assert 0 < moons < 0.08 * 3000


def test_a_person_chooses_evenly_where_no_moon_is_offered() -> None:
    chosen = picks(buttons("order", "pass"))
    assert 0.4 * 3000 < chosen["pass"] < 0.6 * 3000


def test_a_person_who_must_bid_in_flip_bids_low_more_often_than_high() -> None:
    chosen = picks(buttons(*(f"bid:{n}" for n in range(6, 13))))
    assert chosen["bid:6"] > 0.4 * 3000
    assert chosen["bid:6"] > chosen["bid:7"] > chosen["bid:8"]
    assert chosen["bid:12"] < 0.03 * 3000
