"""Duplicate match of a Bower level against OpenSpiel's ISMCTS in classic Euchre.

``python -m bot.ai.openspiel_match --level expert --deals 20 --simulations 5000 [--install]``

OpenSpiel (``open_spiel`` on PyPI) is not a dependency of the bot: the match imports it
only when run, and ``--install`` first installs it with pip into ``--target`` (a folder of
its own, default ``~/.cache/bower-openspiel``), never into the bot's environment.

Each deal is played in OpenSpiel's Euchre (its rules decide; stick the dealer on, no lone
defender) twice, Bower's level holding each partnership once, ISMCTS (random rollouts,
``--simulations`` a move; a node's moves may differ between the deals it samples, which
its Euchre meets and would otherwise stop on) the other. Bower's player decides from the
view of a Bower game that mirrors the OpenSpiel one card for card: the same dealer, hands
and turned card. The two engines ask the dealer's discard and the maker's alone decision in opposite
orders: a discard asked first is chosen on a copy where the maker plays with partner, and
reaches the mirror after the alone decision (a dealer sitting out discards nothing). The
report is Bower's points per hand minus ISMCTS's, with a 95% interval.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.engine import new_game

from .levels import get_player
from .search import clone

SUITS = "CDHS"  # OpenSpiel's suit order in a card's id
RANKS = "9TJQKA"
PASS, ALONE, PARTNER = 24, 29, 30
DEFAULT_TARGET = Path.home() / ".cache" / "bower-openspiel"


def card_to_bower(action: int) -> str:
    """OpenSpiel's card id (rank * 4 + suit) as Bower's card: 0 -> ``9C``."""
    return RANKS[action // 4] + SUITS[action % 4]


def card_to_openspiel(card: str) -> int:
    """Bower's card as OpenSpiel's card id: ``9C`` -> 0."""
    return RANKS.index(card[0]) * 4 + SUITS.index(card[1])


def suit_action(suit: str) -> int:
    """OpenSpiel's action naming ``suit`` in the bidding."""
    return 25 + SUITS.index(suit)


def deal_order(dealer: int, hands: Sequence[Sequence[str]], turn_up: str) -> list[int]:
    """OpenSpiel's chance actions for a deal: the dealer, the 20 cards (card k goes to
    seat ``(dealer + k) % 4``), then the turned card."""
    cards = [hands[(dealer + k) % 4][k // 4] for k in range(20)]
    return [dealer] + [card_to_openspiel(c) for c in cards] + [card_to_openspiel(turn_up)]


def to_openspiel(action: str, game: Any) -> int:
    """A Bower action at ``game``'s decision as OpenSpiel's action."""
    if action == "pass":
        return PASS
    if action in ("alone", "partner"):
        return ALONE if action == "alone" else PARTNER
    if action == "order":
        return suit_action(game.turn_up[1])
    if action.startswith("trump:"):
        return suit_action(action[6:])
    return card_to_openspiel(action.split(":", 1)[1])


def to_bower(action: int, game: Any) -> str:
    """OpenSpiel's action at the mirror ``game``'s decision as Bower's action."""
    if action == PASS:
        return "pass"
    if action in (ALONE, PARTNER):
        return "alone" if action == ALONE else "partner"
    if action >= 25:
        return "order" if game.phase == "round1" else f"trump:{SUITS[action - 25]}"
    card = card_to_bower(action)
    return ("discard:" if game.phase in ("discard", "alone") else "play:") + card


class Mirror:
    """A Bower game kept in step with an OpenSpiel state of the same deal."""

    def __init__(self, seed: int) -> None:
        self.game: Any = new_game("euchre", 4, seed=seed, options={"stick_dealer": True})
        self.discard: str | None = None  # a discard OpenSpiel took before the alone call

    def apply(self, action: str) -> None:
        """Apply a Bower action, holding back a discard asked before the alone call."""
        if action.startswith("discard:") and self.game.phase != "discard":
            self.discard = action
            return
        self.game.apply(action)
        if self.discard is not None and self.game.phase != "alone":
            held, self.discard = self.discard, None
            if self.game.phase == "discard":
                self.game.apply(held)

    def decide(self, player: Any, os_legal: Sequence[int]) -> str:
        """``player``'s choice at this point of the OpenSpiel game, in Bower's terms."""
        game = self.game
        if game.phase == "alone" and all(a < 24 for a in os_legal):  # OpenSpiel discards first
            game = clone(game)
            game.apply("partner")
        seat = game.current_player
        legal = [a for a in game.legal_actions() if to_openspiel(a, game) in os_legal]
        return str(player.choose(game.view(seat), legal or game.legal_actions()))


def play_deal(pyspiel: Any, bots: Any, level_player: Any, seed: int, bower_side: int) -> float:
    """One hand of a deal; Bower's side's points minus the other side's."""
    mirror = Mirror(seed)
    dealt = mirror.game.hand_dealt()
    game = pyspiel.load_game("euchre")
    state = game.new_initial_state()
    for action in deal_order(dealt["dealer"], dealt["hands"], dealt["kitty"][0]):
        state.apply_action(action)
    for bot in bots:
        bot.restart()
    while not state.is_terminal():
        player = state.current_player()
        legal = state.legal_actions()
        if player % 2 == bower_side:
            choice = mirror.decide(level_player, legal)
            action = to_openspiel(choice, mirror.game)
            if action not in legal:  # only a choice taken on the copy can differ
                action = legal[0]
                choice = to_bower(action, mirror.game)
        else:
            action = bots[player].step(state)
            choice = to_bower(action, mirror.game)
        mirror.apply(choice)
        state.apply_action(action)
    returns = state.returns()  # zero-sum: the scoring side +points, the other -points
    return float(returns[bower_side] - returns[1 - bower_side]) / 2


def install(target: Path) -> None:
    """Install ``open_spiel`` with pip into ``target`` (not the bot's environment)."""
    target.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--target", str(target), "open_spiel"],
        check=True,
    )


def load(target: Path) -> Any:
    """Import pyspiel, from ``target`` if it was installed there."""
    if target.exists():
        sys.path.insert(0, str(target))
    import pyspiel  # type: ignore[import-not-found]

    return pyspiel


def run(level: str, deals: int, simulations: int, seed: int, target: Path) -> dict[str, float]:
    """Play the match and return mean, 95% half-interval and deals."""
    pyspiel = load(target)
    import numpy as np  # type: ignore[import-not-found]
    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-not-found]

    game = pyspiel.load_game("euchre")
    state_rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=state_rng)
    bots = [
        ismcts.ISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0,
                         max_simulations=simulations, random_state=state_rng,
                         allow_inconsistent_action_sets=True)
        for _ in range(4)
    ]
    player = get_player(level, seed=seed)
    results = []
    for index in range(deals):
        deal_seed = seed * 100003 + index
        pair = [play_deal(pyspiel, bots, player, deal_seed, side) for side in (0, 1)]
        results.append(statistics.fmean(pair))
        half = 1.96 * statistics.stdev(results) / math.sqrt(len(results)) if index else math.inf
        print(f"{index + 1}/{deals} deals: {level} - ismcts({simulations}) = "
              f"{statistics.fmean(results):+.3f} ± {half:.3f} points/hand", flush=True)
    half = 1.96 * statistics.stdev(results) / math.sqrt(deals) if deals > 1 else math.inf
    return {"mean": statistics.fmean(results), "ci": half, "deals": float(deals)}


def add_install_options(parser: argparse.ArgumentParser) -> None:
    """The options that say where OpenSpiel is, and whether to install it first."""
    parser.add_argument("--target", type=Path,
                        default=Path(os.environ.get("BOWER_OPENSPIEL", DEFAULT_TARGET)))
    parser.add_argument("--install", action="store_true", help="pip install open_spiel first")


def pyspiel_from(args: argparse.Namespace) -> Any:
    """OpenSpiel's module as the options ask (installed first with ``--install``), or
    None when it is not installed."""
    if args.install:
        install(args.target)
    try:
        return load(args.target)
    except ImportError:
        return None


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description="Bower against OpenSpiel's ISMCTS (Euchre).")
    parser.add_argument("--level", default="expert")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    add_install_options(parser)
    args = parser.parse_args(argv)
    if pyspiel_from(args) is None:
        print("open_spiel is not installed: run again with --install.", file=sys.stderr)
        return 2
    run(args.level, args.deals, args.simulations, args.seed, args.target)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
