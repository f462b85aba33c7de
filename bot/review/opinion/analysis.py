"""The computer's opinion of a member's decisions in a finished game.

Each decision the member took with more than one legal choice is weighed again from that
seat's view at that moment (never the hands revealed since): the expected points of every
choice for the member's side this hand, by the ``hard`` player's sampled deals and
playouts (:mod:`.evaluate`). A choice that cost :data:`COSTLY` points or more against the
best (in games to more than 10 points, the same share of the target: :func:`costly_from`)
is marked, with one sentence why (:mod:`.why`). Hands small enough to solve with
every card known also get what best play would have taken (:mod:`.perfect`).

:func:`analyse_game` is pure and deterministic from the game's seed: a top-level function
of picklable arguments, for a process pool.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.ai.heuristics import heuristics_for
from bot.engine import new_game

from .evaluate import weigh
from .perfect import perfect_play
from .why import explain

COSTLY = 0.25
TARGET_UNIT = 10  # COSTLY points in a game to 10; games to more points scale it up
# Sampled deals of a decision, per game: every choice is played out in a quarter of them
# (at least 20), more for the choices still in contention, up to all of them; the leaders
# and the member's choice are weighed again in fresh deals, more while the verdict is close,
# up to three times as many (:func:`.evaluate.weigh`). A clear verdict takes few deals. Keeps
# every game under 20 s of CPU (``python -m bot.review.bench``) with verdicts that agree
# with those of fixed, larger rounds (``python -m bot.review.agreement``).
PLAYOUTS: dict[str, int] = {
    "euchre": 200,
    "cincinnati": 160,
    "railroad": 60,
    "over_the_rhine": 200,
    "over_the_top": 40,
    "flip": 60,
}


@dataclass(frozen=True)
class Choice:
    """One legal choice and its expected points for the member's side this hand."""

    action: str
    value: float


@dataclass(frozen=True)
class Decision:
    """A decision of the member: what they chose, every choice weighed, and the cost."""

    index: int
    hand: int
    action: str
    choices: tuple[Choice, ...]
    cost: float
    why: str
    threshold: float = COSTLY  # the cost from which a decision is costly in this game
    # choices that were open but not weighed (a card equal to one weighed, a bid far
    # from the hand's, a moon but the highest)
    unweighed: int = 0

    @property
    def costly(self) -> bool:
        """True if the choice cost a quarter of a point or more (scaled up in games to
        more than 10 points: see :func:`costly_from`)."""
        return self.cost >= self.threshold


@dataclass(frozen=True)
class PerfectPlay:
    """A hand solved with every card known: what the side took, what it could have."""

    hand: int
    side_tricks: int
    best_tricks: int
    from_trick: int


@dataclass(frozen=True)
class Opinion:
    """The computer's opinion of one seat's decisions in a game."""

    seat: int
    decisions: tuple[Decision, ...]
    perfect: tuple[PerfectPlay, ...]

    @property
    def costly(self) -> tuple[Decision, ...]:
        """The costly decisions, in game order."""
        return tuple(d for d in self.decisions if d.costly)

    @property
    def largest(self) -> Decision | None:
        """The costliest decision (None if none was costly)."""
        return max(self.costly, key=lambda d: d.cost, default=None)

    @property
    def given_away(self) -> float:
        """Points given away in all: the costs of the costly decisions."""
        return sum(d.cost for d in self.costly)

    def to_json(self) -> dict[str, Any]:
        """A JSON-safe dict that :meth:`from_json` turns back into this opinion."""
        return {
            "seat": self.seat,
            "decisions": [
                {
                    "index": d.index,
                    "hand": d.hand,
                    "action": d.action,
                    "choices": [[c.action, c.value] for c in d.choices],
                    "cost": d.cost,
                    "why": d.why,
                    **({} if d.threshold == COSTLY else {"threshold": d.threshold}),
                    **({"unweighed": d.unweighed} if d.unweighed else {}),
                }
                for d in self.decisions
            ],
            "perfect": [
                [p.hand, p.side_tricks, p.best_tricks, p.from_trick] for p in self.perfect
            ],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Opinion:
        """The opinion stored by :meth:`to_json`."""
        decisions = tuple(
            Decision(
                index=int(d["index"]),
                hand=int(d["hand"]),
                action=str(d["action"]),
                choices=tuple(Choice(str(a), float(v)) for a, v in d["choices"]),
                cost=float(d["cost"]),
                why=str(d["why"]),
                threshold=float(d.get("threshold", COSTLY)),
                unweighed=int(d.get("unweighed", 0)),
            )
            for d in data["decisions"]
        )
        perfect = tuple(PerfectPlay(*(int(x) for x in p)) for p in data["perfect"])
        return cls(int(data["seat"]), decisions, perfect)


def costly_from(target: int) -> float:
    """The cost from which a decision is costly in a game to ``target`` points: a quarter
    of a point in a game to 10 or less, the same share of the game above (Flip to 100:
    2.5 points), so a game scored in bigger numbers is not all costly marks."""
    return round(COSTLY * max(1.0, target / TARGET_UNIT), 4)


def judge(
    view: Mapping[str, Any], legal: Sequence[str], action: str, index: int, rng: random.Random,
    worlds: int,
) -> Decision:
    """Weigh every choice of one decision from ``view``; mark ``action`` if costly."""
    heur = heuristics_for(view["variant"])
    threshold = costly_from(int(view.get("target") or 0))
    values, ev = weigh(dict(view), legal, action, heur, rng, worlds, threshold)
    values = {a: round(v, 4) for a, v in values.items()}
    # ties: a choice weighed again in fresh deals first (not an equal card, nor one weighed
    # once whose value rounds to the same)
    order = sorted(values, key=lambda a: (-values[a], a not in ev.samples, legal.index(a)))
    best = order[0]
    cost = round(max(0.0, values[best] - values[action]), 4)
    why = explain(dict(view), heur, action, best, ev) if cost >= threshold else ""
    choices = tuple(Choice(a, values[a]) for a in order)
    unweighed = len(set(legal) - set(values))
    return Decision(index, int(view["hand_number"]), action, choices, cost, why, threshold,
                    unweighed)


def analyse_game(
    variant: str,
    players: int,
    seed: int,
    options: dict[str, Any],
    actions: list[str],
    seat: int,
    *,
    playouts: int | None = None,
    deal: Mapping[str, Any] | None = None,
) -> Opinion:
    """The opinion of ``seat``'s decisions in the game these arguments replay.

    ``playouts`` is the number of sampled deals of a decision (default :data:`PLAYOUTS`
    for the game; see :func:`.evaluate.weigh`). ``deal`` is a stacked first deal, as
    ``new_game`` takes it (for tests).
    """
    worlds = playouts if playouts is not None else PLAYOUTS.get(variant, 100)
    game = new_game(variant, players, seed, options, deal=deal)
    decisions: list[Decision] = []
    for index, action in enumerate(actions):
        if game.current_player == seat:
            legal = game.legal_actions()
            if len(legal) > 1:
                rng = random.Random(f"{seed}:{index}")
                decisions.append(judge(game.view(seat), legal, action, index, rng, worlds))
        game.apply(action)
    solved = perfect_play(variant, players, seed, options, actions, seat, deal=deal)
    return Opinion(seat, tuple(decisions), tuple(PerfectPlay(*s) for s in solved))
