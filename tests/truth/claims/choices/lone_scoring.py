"""What the engine scores for a call made alone (or as a Jambone) at a stored position:
the position replayed, the call made there, the exchanges done, and the hand scored by the
engine's own scoring with the maker's side taking a given number of tricks."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from bot.engine import load_game, new_game
from tests.truth.stored.store import StoredTable

#: Steps that only bring a call on to play: the dealer's discard, a loner's exchange
#: (and, after the call, nobody defending alone).
BETWEEN = ("discard:", "give:")


def position(table: StoredTable, k: int) -> dict[str, Any]:
    """The game after the table's first ``k`` stored actions, saved."""
    moves = tuple(stored.action for stored in table.actions[:k])
    return _replayed(table.variant, table.players, table.seed,
                     json.dumps(table.options, sort_keys=True), moves)


@lru_cache(maxsize=64)
def _replayed(variant: str, players: int, seed: int, options: str,
              moves: tuple[str, ...]) -> dict[str, Any]:
    game = new_game(variant, players, seed, json.loads(options))
    for move in moves:
        game.apply(move)
    return game.to_json()


def called(table: StoredTable, k: int, steps: tuple[str, ...]) -> Any | None:
    """The game at action ``k`` with ``steps`` made (say ``trump:H`` then ``alone``), a
    dealer's discard and the exchanges between and after them done, up to the first card;
    None if the engine refuses a step (or the game ends first)."""
    game = load_game(position(table, k))
    for step in steps:
        while step not in game.legal_actions():
            if not fill(game, BETWEEN):
                return None
        game.apply(step)
    while game.phase != "play":
        if not fill(game, BETWEEN + ("pass",)):
            return None
    return game


def fill(game: Any, kinds: tuple[str, ...]) -> bool:
    """Take the first step of one of ``kinds`` open now; False if there is none."""
    if game.current_player is None:
        return False
    step = next((a for a in game.legal_actions() if a.startswith(kinds)), None)
    if step is not None:
        game.apply(step)
    return step is not None


def score_taking(game: Any, taken: int) -> list[int]:
    """The points each side scores, by the engine, when the maker's side takes ``taken``
    of the hand's tricks and the next side round the table the rest."""
    copy: Any = load_game(game.to_json())
    copy.stop_after_hand = True
    maker_side = copy.side_of(copy.maker)
    total = tricks_of_hand(copy)
    other = next(s for s in range(copy.players) if copy.side_of(s) != maker_side
                 and copy.active[s])
    copy.tricks_won = [0] * copy.players
    copy.tricks_won[copy.maker] = taken
    copy.tricks_won[other] = total - taken
    copy._score_hand()
    scored = [e for e in copy.events if e["type"] == "hand_scored"]
    return list(scored[-1]["points"])


def tricks_of_hand(game: Any) -> int:
    """The tricks of the hand: as many as an active seat holds cards."""
    return len(game.hands[game.maker])
