"""Glue between stored tables and engine games: replay, whose move it is, the result."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from bot.engine import Game, IllegalAction, new_game
from bot.store.database import utc_now
from bot.store.results import ResultPlayer, ResultRecord
from bot.store.tables import ActionRecord, SeatRecord, TableRecord

#: Joins the engine actions that one click applies together, stored as separate actions.
STEP_JOIN = "+"
MAX_STEPS = 2
#: (variant, phase, first step) → the steps a click may hold for the same seat's next
#: turn: Railroad's maker says partner, alone or Jambone only after the dealer's discard,
#: so "Order up alone" (``order+alone``) orders now and goes alone when that turn comes.
HELD_AFTER: dict[tuple[str, str, str], frozenset[str]] = {
    ("railroad", "round1", "order"): frozenset({"partner", "alone", "jambone"}),
}


class ReplayError(RuntimeError):
    """A stored action log no longer replays (a gap, or an action the engine refuses)."""


def start_game(record: TableRecord) -> Game:
    """A fresh game for a table: variant, players, seed and options as stored."""
    return new_game(record.variant, record.players, record.seed, dict(record.options))


def replay(record: TableRecord, actions: Sequence[ActionRecord]) -> Game:
    """The table's game rebuilt from its action log."""
    game = start_game(record)
    for expected, stored in enumerate(actions):
        if stored.index != expected:
            raise ReplayError(f"Table {record.id}: action {expected} is missing from the log.")
        if acting_seat(game) != stored.seat:
            raise ReplayError(
                f"Table {record.id}: action {expected} was stored for seat {stored.seat}, "
                f"but seat {acting_seat(game)} was to act."
            )
        try:
            game.apply(stored.action)
        except ValueError as exc:
            raise ReplayError(
                f"Table {record.id}: action {expected} {stored.action!r}: {exc}"
            ) from exc
    return game


def rebuilt(record: TableRecord, actions: Sequence[str]) -> Game:
    """The table's game rebuilt from actions already checked and stored (kept in memory)."""
    game = start_game(record)
    for action in actions:
        game.apply(action)
    return game


def action_steps(action: str) -> list[str]:
    """The engine actions one click stands for, in order: ``order+alone`` is ``order`` then
    ``alone`` (Euchre's "Order up alone"); a plain action is one step."""
    return action.split(STEP_JOIN)


def check_steps(game: Game, steps: Sequence[str]) -> str | None:
    """Raise :class:`IllegalAction` unless every step can be applied in order by the seat
    acting now, none of them handing the turn to anyone else (tried on a copy, so a refused
    click changes nothing). Where :data:`HELD_AFTER` allows it the last step may instead
    wait for that seat's next turn: it is returned (None when every step is made now). One
    step is left to the engine's own check."""
    if len(steps) == 1:
        return None
    if len(steps) > MAX_STEPS or not all(steps):
        raise IllegalAction("That is not one of your choices.")
    holdable = HELD_AFTER.get((game.info.key, game.phase, steps[0]), frozenset())
    trial = copy.deepcopy(game)
    seat = acting_seat(trial)
    for number, step in enumerate(steps):
        waits = acting_seat(trial) != seat or step not in trial.legal_actions()
        if number == len(steps) - 1 and step in holdable and waits:
            return step
        if acting_seat(trial) != seat:
            raise IllegalAction("That is not one of your choices now.")
        trial.apply(step)
    return None


def acting_seat(game: Game) -> int | None:
    """The seat whose owner chooses the current action, or None once the game is over.

    That is the engine's ``current_player``, unless the game names another chooser through
    an ``acting_seat`` attribute (Railroad's Jambone: the opponent at the maker's left picks
    the maker's cards).
    """
    if game.current_player is None:
        return None
    chooser = getattr(game, "acting_seat", None)
    if callable(chooser):
        chooser = chooser()
    return chooser if isinstance(chooser, int) else game.current_player


def public_view(game: Game) -> dict[str, Any]:
    """What every seat sees: the parts equal in all the seats' views, the rest None.

    Safe by construction (anything kept is visible to every seat), so it can be shown to
    spectators; hidden cards come out as None (a hand of five unknown cards: five Nones).
    """
    common = _common([game.view(seat) for seat in range(game.players)])
    assert isinstance(common, dict)
    return common


def round_view(record: TableRecord, view: dict[str, Any]) -> dict[str, Any]:
    """A view as the table shows it: a tournament round's table is played to its hands
    (``hand_limit``), not to a target."""
    if record.hand_limit is None:
        return view
    return {**view, "target": None, "hand_limit": record.hand_limit}


def _common(values: Sequence[Any]) -> Any:
    first = values[0]
    if all(value == first for value in values[1:]):
        return first
    if all(isinstance(value, dict) for value in values):
        keys = [key for key in first if all(key in value for value in values)]
        return {key: _common([value[key] for value in values]) for key in keys}
    if all(isinstance(value, list) and len(value) == len(first) for value in values):
        return [_common(items) for items in zip(*values, strict=True)]
    return None


def hand_scores(game: Game) -> tuple[tuple[int, ...], ...]:
    """The points of each scored hand so far, per side (misdeals are not hands)."""
    return tuple(
        tuple(int(p) for p in event["points"])
        for event in game.events
        if event["type"] == "hand_scored"
    )


def game_ended(record: TableRecord, game: Game) -> bool:
    """The game is over, or a tournament round's table has played its hands."""
    return game.is_over or (
        record.hand_limit is not None and len(hand_scores(game)) >= record.hand_limit
    )


def leading_side(scores: Sequence[int]) -> int | None:
    """The side that scored strictly the most, or None when the lead is shared."""
    best = max(scores, default=0)
    leaders = [side for side, score in enumerate(scores) if score == best]
    return leaders[0] if len(leaders) == 1 else None


def winner_of(game: Game) -> int | None:
    """The game's winner; for a round ended at its hands, the side ahead (None if level)."""
    return game.winner if game.is_over else leading_side(game.scores)


def result_of(record: TableRecord, seats: Sequence[SeatRecord], game: Game) -> ResultRecord:
    """The result of a finished game (or a round played to its hands), every seat marked
    as a person or a computer."""
    winner = winner_of(game)
    players = tuple(
        ResultPlayer(
            seat=seat.seat,
            side=game.side_of(seat.seat),
            user_id=seat.user_id,
            computer_level=None if seat.user_id is not None else seat.computer_level,
            won=winner is not None and game.side_of(seat.seat) == winner,
            standin=seat.standin,
        )
        for seat in seats
    )
    scores = hand_scores(game)
    return ResultRecord(
        table_id=record.id,
        guild_id=record.guild_id,
        variant=record.variant,
        players=record.players,
        winner_side=winner,
        final_scores=tuple(game.scores),
        hands_played=len(scores),
        hand_scores=scores,
        seats=players,
        finished_at=utc_now(),
    )
