"""The game record to download as JSON, and replaying such a file with the engine.

The file holds what the engine needs to play the game again exactly (variant, players,
options, seed, the action log) and what it should come to (final scores, winner), with
the seats' names for people to read. A tournament round's table, played to a number of
hands (``hand_limit``) rather than a target, records as its winner the side ahead when
it ended, as the tournament counts a round won (None when the round ended level).
:func:`replay` checks a file and plays it again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine import VARIANTS, Game, IllegalAction, new_game
from bot.tables.games import hand_scores, leading_side

from .hands import GameRecord

FORMAT, VERSION = "bower-game", 1


def record_json(record: GameRecord, names: Sequence[str]) -> dict[str, Any]:
    """The JSON-safe record of a game: enough to replay it with the engine."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "variant": record.variant,
        "players": record.players,
        "options": dict(record.options),
        "seed": record.seed,
        "seats": list(names),
        "actions": list(record.actions),
        "final_scores": list(record.scores),
        "winner": record.round_winner,
        "hand_limit": record.hand_limit,
    }


def replay(data: Mapping[str, Any]) -> tuple[list[int], int | None]:
    """Play the recorded game again with the engine: its final scores and winning side
    (None if it did not finish, or a round's table ended level). ValueError, with a
    message saying what is wrong, if ``data`` is not a Bower game record, one of its
    actions is not legal, or a round's table does not play its hands."""
    game = replayed_game(data)
    limit = hand_limit(data)
    if limit is None:
        return list(game.scores), game.winner
    played = len(hand_scores(game))
    if played != limit and not game.is_over:
        raise ValueError(
            f"The record is a tournament round's table of {limit} hands, "
            f"but its actions play {played}."
        )
    return list(game.scores), leading_side(game.scores)


def hand_limit(data: Mapping[str, Any]) -> int | None:
    """The hands a tournament round's table played to (None: a game to its target)."""
    limit = data.get("hand_limit")
    if limit is not None and not (_is_int(limit) and limit > 0):
        raise ValueError(f"The record's hand_limit {limit!r} is not a positive whole number.")
    return limit


def replayed_game(data: Mapping[str, Any]) -> Game:
    """The game of a checked record, replayed to its last action."""
    variant, players, seed, options, actions = checked(data)
    try:
        game = new_game(variant, players, seed=seed, options=options)
    except ValueError as error:
        raise ValueError(f"The record's game settings are not valid: {error}") from None
    for index, action in enumerate(actions):
        where = f"Action {index + 1} of {len(actions)} ({action!r})"
        if game.is_over:
            raise ValueError(f"{where} comes after the game is over.")
        try:
            game.apply(action)
        except IllegalAction as error:
            raise ValueError(f"{where} is not legal there: {error}") from None
    return game


def checked(data: Any) -> tuple[str, int, int, dict[str, Any], list[str]]:
    """The variant, players, seed, options and actions of a record, each checked."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise ValueError(f'This is not a Bower game record (no "format": "{FORMAT}").')
    if data.get("version") != VERSION:
        raise ValueError(
            f"This Bower game record is version {data.get('version')!r}; "
            f"this Bower reads version {VERSION}."
        )
    variant, players, seed = data.get("variant"), data.get("players"), data.get("seed")
    if variant not in VARIANTS:
        raise ValueError(f"The record's game {variant!r} is not one Bower plays.")
    if not _is_int(players) or players not in VARIANTS[variant].player_counts:
        raise ValueError(f"The record's player count {players!r} does not fit {variant}.")
    if not _is_int(seed):
        raise ValueError(f"The record's seed {seed!r} is not a whole number.")
    options, actions = data.get("options", {}), data.get("actions")
    if not isinstance(options, Mapping):
        raise ValueError("The record's options are not a JSON object.")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ValueError("The record's actions are not a list of action ids.")
    assert isinstance(players, int) and isinstance(seed, int)  # checked above
    return str(variant), players, seed, dict(options), list(actions)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
