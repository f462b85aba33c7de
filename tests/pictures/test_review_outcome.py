"""The review picture's band says how a hand ended in the game's words: a Jambone or a
moon that missed a trick failed (it was not euchred), a short call is euchred or set."""

from __future__ import annotations

from bot.pictures.review.header import outcome


def test_a_failed_jambone_or_moon_is_failed_not_euchred() -> None:
    jambone = {"points": [28, 0], "made": False, "euchred": 0, "declaration": "jambone"}
    assert outcome({"variant": "railroad", "result": jambone}) == "failed"
    moon = {"points": [-12, 2], "made": False, "bid": "moon", "alone": True}
    assert outcome({"variant": "cincinnati", "result": moon}) == "failed"
    short = {"points": [0, 2], "made": False, "euchred": 0}
    assert outcome({"variant": "euchre", "result": short}) == "euchred"
    assert outcome({"variant": "over_the_top", "result": short}) == "set"
    assert outcome({"variant": "railroad", "result": {**jambone, "made": True}}) == "made"
