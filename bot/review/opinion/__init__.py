"""The computer's opinion of a member's decisions in a finished game: each choice
weighed from that seat's information at that moment (:func:`analyse_game`), the costly
ones explained in a sentence, and best play with every card known where that is quick."""

from .analysis import COSTLY, Choice, Decision, Opinion, PerfectPlay, analyse_game, costly_from

__all__ = [
    "COSTLY",
    "Choice",
    "Decision",
    "Opinion",
    "PerfectPlay",
    "analyse_game",
    "costly_from",
]
