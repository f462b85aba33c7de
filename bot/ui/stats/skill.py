"""The skill number in words: how strong it says a player is, measured against Bower's
computer players, and how sure it is yet."""

from __future__ import annotations

from bot.ratings import COMPUTER_SKILL

SETTLED_SIGMA = 4.0  # below this the estimate moves little from game to game
#: Games a new player takes to get there against computer players (against other new
#: players, whose skill is as unsure as theirs, about twice as many).
SETTLING_GAMES = 20
LEVELS = ("easy", "normal", "hard")
SKILL_NOTE = (
    "Skill is a cautious estimate of how well you play: it starts at 0, rises as you win "
    f"(more against strong players) and settles after about {SETTLING_GAMES} games against "
    "computers, about twice that against other new players. "
    "For comparison: "
    + " · ".join(f"{level} computer {COMPUTER_SKILL[level].ordinal:.0f}" for level in LEVELS)
    + "."
)


def count_of(number: int, noun: str) -> str:
    """``1 game``, ``3 games``."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def skill_words(ordinal: float, sigma: float, games: int) -> str:
    """``between the easy and normal computers · still settling after 3 games``."""
    marks = [(level, COMPUTER_SKILL[level].ordinal) for level in LEVELS]
    if ordinal < marks[0][1]:
        strength = f"below the {marks[0][0]} computer"
    elif ordinal >= marks[-1][1]:
        strength = f"above the {marks[-1][0]} computer"
    else:
        low, high = next((a, b) for a, b in zip(marks, marks[1:], strict=False) if ordinal < b[1])
        strength = f"between the {low[0]} and {high[0]} computers"
    sureness = (
        "settled" if sigma < SETTLED_SIGMA else f"still settling after {count_of(games, 'game')}"
    )
    return f"{strength} · {sureness}"
