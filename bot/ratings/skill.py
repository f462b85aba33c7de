"""Skill ratings from finished games, with openskill's Plackett-Luce model.

Pure: no SQL, no Discord. A game is a list of :class:`Entrant` (one per seat, grouped into
sides: partnerships rate as a team, each-for-themselves games as single-player sides) and
the sides' places; :func:`rate_game` returns everyone's new :class:`Skill`.

Computer players are entrants of a fixed strength per level (:data:`COMPUTER_SKILL`): they
take part in the calculation like anyone else — beating a hard computer is worth more than
beating a random one — but their own skill never moves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from openskill.models import PlackettLuce

from bot.store.standings.values import DEFAULT_MU, DEFAULT_SIGMA, Skill

NEW_PLAYER = Skill()

#: The fixed strength of each computer level. Small sigmas: these are known quantities.
COMPUTER_SKILL: Mapping[str, Skill] = {
    "random": Skill(12.0, 1.0),
    "easy": Skill(20.0, 1.0),
    "normal": Skill(25.0, 1.0),
    "hard": Skill(29.0, 1.0),
}


def computer_skill(level: str) -> Skill:
    """The fixed skill of a computer level (an unknown level counts as ``normal``)."""
    return COMPUTER_SKILL.get(level, COMPUTER_SKILL["normal"])


@dataclass(frozen=True)
class Entrant:
    """One seat of a game: its side, its skill before the game, and whether it is fixed."""

    seat: int
    side: int
    skill: Skill
    fixed: bool = False


def side_places(final_scores: Sequence[int], winner_side: int | None) -> list[int]:
    """Each side's place (1 = first; equal scores share a place), the winner always first.

    The other sides are ordered by final score, higher first.
    """
    places = []
    for side, score in enumerate(final_scores):
        if side == winner_side:
            places.append(1)
            continue
        better = sum(
            1
            for other, theirs in enumerate(final_scores)
            if other != side and (other == winner_side or theirs > score)
        )
        places.append(better + 1)
    return places


@cache
def _model() -> PlackettLuce:
    return PlackettLuce(mu=DEFAULT_MU, sigma=DEFAULT_SIGMA)


def rate_game(entrants: Sequence[Entrant], places: Sequence[int]) -> dict[int, Skill]:
    """Every seat's skill after the game (fixed entrants unchanged), by seat.

    ``places`` is indexed by side; sides without entrants (a dead hand) are left out.
    """
    sides = sorted({e.side for e in entrants})
    if len(sides) < 2:
        return {e.seat: e.skill for e in entrants}
    model = _model()
    teams = [[e for e in entrants if e.side == side] for side in sides]
    rated = model.rate(
        [[model.rating(mu=e.skill.mu, sigma=e.skill.sigma) for e in team] for team in teams],
        ranks=[float(places[side]) for side in sides],
    )
    after: dict[int, Skill] = {}
    for team, new_team in zip(teams, rated, strict=True):
        for entrant, new in zip(team, new_team, strict=True):
            after[entrant.seat] = (
                entrant.skill if entrant.fixed else Skill(float(new.mu), float(new.sigma))
            )
    return after
