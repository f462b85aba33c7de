"""The hand record of a finished game and each step of its review: every hand as dealt,
its calls, its tricks, the score after it (:func:`build_record`); one step as a JSON-safe
view (:func:`step_view`); the record as text and as a JSON file that replays it."""

from .build import build_record
from .hands import GameRecord, HandRecord, TrickRecord
from .steps import last_trick, step_view, steps

__all__ = [
    "GameRecord",
    "HandRecord",
    "TrickRecord",
    "build_record",
    "last_trick",
    "step_view",
    "steps",
]
