"""Words for what a seat is being asked to do in each phase of a hand."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

PHASE_TASKS = {
    "order": "order it up or pass",
    "round1": "order up or pass",
    "round2": "name trump or pass",
    "bid": "bid",
    "trump": "name trump",
    "discard": "discard",
    "alone": "play with their partner or go alone",
    "declare": "play with their partner, go alone or Jambone",
    "defend": "defend alone or pass",
    "give": "give a card",
    "shoot": "decide whether to shoot the moon",
    "switch": "switch the calling card or not",
    "play": "play",
}


def task(view: Mapping[str, Any]) -> str:
    """``to play``, ``to bid``…: what the current player must do now."""
    phase = str(view.get("phase", ""))
    if phase == "play" and view.get("chooser") is not None:
        return "choose the Jambone maker's card"
    return PHASE_TASKS.get(phase, phase.replace("_", " "))
