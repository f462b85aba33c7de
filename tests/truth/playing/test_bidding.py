"""The audit's person bids in Over the Top as a plausible player: mostly the normal
computer's bid from their own seat's view, now and then another (odd bids still occur), so
most contracts are realistic and made; the advice holds only where the store shows that
member's turn with the bids offered; and an audit of Over the Top games bids that way and
finds nothing false."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Collection
from dataclasses import replace
from pathlib import Path
from typing import Any

from bot.ai import decide
from bot.engine import new_game
from tests.truth.playing.bidding import normal_bid
from tests.truth.playing.hints import HintingPlayer, offered_by
from tests.truth.playing.plans import plans
from tests.truth.playing.run import run
from tests.truth.stored.store import StoredAction, StoredSeat, StoredTable, read_tables

ALICE, BOB = 10, 11
TABLE = 7
FEW_CHOICES = 10  # more choices than this show as a select, as in a hand message


def controls(legal: list[str], turn: int) -> list[dict[str, Any]]:
    """A hand's action controls for ``legal``: buttons, or one select for many bids."""
    if len(legal) > FEW_CHOICES:
        return [{"type": 3, "custom_id": f"bower:pick:{TABLE}:{turn}:choice",
                 "options": [{"label": a, "value": a} for a in legal]}]
    return [{"type": 2, "custom_id": f"bower:act:{TABLE}:{turn}:{a}", "label": a}
            for a in legal]


def stored(variant: str, seed: int, actions: list[str], players: int = 2) -> StoredTable:
    """A table of alice (seat 0) and bob (seat 1) as the bot stores it after ``actions``."""
    seats = [StoredSeat(0, ALICE, None), StoredSeat(1, BOB, None),
             *(StoredSeat(s, None, "normal") for s in range(2, players))]
    return StoredTable(TABLE, variant, players, {"target": 200}, seed, "playing", None, None,
                       1, None, 0.0, seats,
                       [StoredAction(i, 0, a, 0.0) for i, a in enumerate(actions)])


def person(seed: int, log: list[str], user: int, rng_seed: int) -> HintingPlayer:
    """``user`` at the game of ``seed`` that ``log`` records, advised as if it were stored."""

    def advisor(table_id: int, offered: Collection[str]) -> str | None:
        return normal_bid(stored("over_the_top", seed, log), user, offered)

    return HintingPlayer(None, None, None, rng=random.Random(rng_seed),  # type: ignore[arg-type]
                         advisor=advisor)


def moved(person: HintingPlayer, legal: list[str], turn: int) -> str:
    """The action ``person`` takes from the controls for ``legal`` (as Player.move does)."""
    control = person.pick(controls(legal, turn))
    return offered_by(control)[0] if control["type"] == 2 else person.option(control)


def test_people_mostly_bid_as_the_normal_computer_and_make_their_contracts() -> None:
    agreed = bids = made = contracts = 0
    for seed in range(8):
        game = new_game("over_the_top", 2, seed, {"target": 200})
        log: list[str] = []
        people = [person(seed, log, user, rng_seed=seed * 2 + seat)
                  for seat, user in enumerate((ALICE, BOB))]
        while game.current_player is not None:
            seat, legal = game.current_player, game.legal_actions()
            view = game.view(seat)
            normal = decide("normal", view, legal)[0]
            if view["phase"] == "bid":
                action = moved(people[seat], legal, len(log))
                bids += 1
                agreed += action == normal
            else:
                action = normal
            game.apply(action)
            log.append(action)
        scored = [e for e in game.events if e["type"] == "hand_scored"]
        contracts += len(scored)
        made += sum(bool(e["made"]) for e in scored)
    assert 0.7 * bids < agreed < bids  # mostly normal's bid, and odd ones still
    assert made > 0.5 * contracts  # bidding at random, nine in ten contracts failed


def test_advice_holds_only_at_that_members_over_the_top_bid_as_stored() -> None:
    game = new_game("over_the_top", 2, 3, {"target": 200})
    seat, legal = game.current_player, game.legal_actions()
    assert seat is not None
    user = (ALICE, BOB)[seat]
    table = stored("over_the_top", 3, [])
    assert normal_bid(table, user, legal) == decide("normal", game.view(seat), legal)[0]
    assert normal_bid(table, ALICE + BOB - user, legal) is None  # not their turn
    assert normal_bid(table, user, legal[1:]) is None  # the store not showing this turn yet
    computer = [replace(s, computer_level="normal") for s in table.seats]
    assert normal_bid(replace(table, seats=computer), user, legal) is None  # a stand-in's
    euchre = new_game("euchre", 4, 3, {"target": 10})
    assert normal_bid(stored("euchre", 3, [], players=4), (ALICE, BOB)[0],
                      euchre.legal_actions()) is None


def person_bids(database: Path) -> list[tuple[str, str]]:
    """(bid made, the normal computer's bid there) for each bid people made."""
    with sqlite3.connect(database) as db:
        sources = {(t, i): s for t, i, s in db.execute(
            "SELECT table_id, idx, source FROM actions")}
    found = []
    for table in read_tables(database):
        game = new_game(table.variant, table.players, table.seed, dict(table.options))
        for action in table.actions:
            view = game.view(action.seat)
            if sources[table.id, action.index] == "person" and view["phase"] == "bid":
                found.append((action.action, decide("normal", view, game.legal_actions())[0]))
            game.apply(action.action)
    return found


async def test_an_audit_of_over_the_top_games_bids_plausibly_and_finds_nothing_false(
    tmp_path: Path,
) -> None:
    games = plans(4, 1, ["over_the_top"])
    report = await run(games, tmp_path)
    assert sum(report.games.values()) == len(games) and not report.scenarios["stalled"]
    assert not report.bot_errors, "\n".join(report.bot_errors)
    assert not report.false, "\n".join(
        f"{f.kind}: {f.said!r} — truth: {f.truth}" for f in report.false)
    bids = person_bids(tmp_path / "bot" / "data" / "bower.sqlite3")
    assert len(bids) >= 5
    assert sum(made == normal for made, normal in bids) > 0.6 * len(bids)
