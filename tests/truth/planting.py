"""Games to plant statements in, for the checkers' tests: a short Euchre game with a
loner, Flip Euchre games with a switch and with a flip that ends a hand, an Over the Rhine
shot at the moon, a Railroad Jambone, a three-hand Flip hand whose dead hand falls
short of its bid, and how a test reads a planted message's claims and
judges them at one state."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.engine import new_game
from tests.truth.claims.base import Context
from tests.truth.reading.names import seat_names
from tests.truth.reading.reader import read
from tests.truth.stored.store import StoredAction, StoredDeparture, StoredSeat, StoredTable
from tests.truth.stored.timeline import Snapshot, replay

ALICE, BOB = 10, 11
NAMES = {ALICE: "alice", BOB: "bob"}
BOBS_SIDE = "bob & 🤖 Dex (normal)"
OTHERS = "🤖 Ada (normal) & 🤖 Cog (normal)"


def two_hands(hand_limit: int | None = None) -> StoredTable:
    """A Euchre game of two hands in which bob (seat 2) orders up alone in the first."""
    game = new_game("euchre", 4, 5, {"target": 10})
    actions = ["order", "alone"]
    for action in actions:
        game.apply(action)
    while sum(e["type"] == "hand_scored" for e in game.events) < 2:
        action = game.legal_actions()[0]
        game.apply(action)
        actions.append(action)
    seats = [StoredSeat(0, None, "normal"), StoredSeat(1, BOB, None),
             StoredSeat(2, None, "normal"), StoredSeat(3, None, "normal")]
    stored = [StoredAction(i, 0, a, float(i + 1)) for i, a in enumerate(actions)]
    return StoredTable(1, "euchre", 4, {"target": 10}, 5, "finished", hand_limit, 100, 200,
                       None, 0.0, seats, stored)


def context(table: StoredTable, seat: int | None = None) -> Context:
    return Context(table, seat_names(table, NAMES), seat)


def verdicts(text: str, table: StoredTable, state: Snapshot, seat: int | None = None,
             narrated: bool = False) -> dict[str, str | None]:
    """Each claim kind the text makes → None if all such claims hold at ``state``, else
    the first truth that contradicts it."""
    found: dict[str, str | None] = {}
    for claim in read(text, context(table, seat), narrated=narrated).claims:
        truth = claim.test(state)
        found[claim.kind] = found.get(claim.kind) or truth
    return found


def scored(snapshots: list[Snapshot], hand: int) -> Snapshot:
    """The state right after hand ``hand`` was scored."""
    return next(s for s in snapshots if s.count("hand_scored") == hand)


def first_result(snapshots: list[Snapshot]) -> dict[str, Any]:
    return scored(snapshots, 1).latest("hand_scored")  # type: ignore[return-value]


#: A suit as a message writes it (for planting statements).
SUIT_WORDS = {"S": "♠ spades", "H": "♥ hearts", "D": "♦ diamonds", "C": "♣ clubs"}


def shown(card: str) -> str:
    """A card as a message writes it (for planting statements)."""
    rank = "10" if card[0] == "T" else card[0]
    return rank + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[1]]


def flip_with_a_switch() -> tuple[StoredTable, int, int, str]:
    """A four-hand Flip Euchre game played to the end of its first hand, in which a seat
    switched a card in: the table, that seat, the trick and the card (engine id)."""
    options = {"target": 100, "deck": 52, "zilch": False}
    for seed in range(1, 60):
        game, actions = new_game("flip", 4, seed, dict(options)), []
        switched: tuple[int | None, int, str] | None = None
        while not any(e["type"] == "hand_scored" for e in game.events):
            legal = game.legal_actions()
            action = next((a for a in legal if a.startswith("switch:")), legal[0])
            if action.startswith("switch:") and switched is None:
                tricks = sum(e["type"] == "trick" for e in game.events)
                switched = (game.current_player, tricks + 1, action.removeprefix("switch:"))
            game.apply(action)
            actions.append(action)
        if switched is not None and switched[0] is not None:
            seats = [StoredSeat(n, BOB if n == switched[0] else None,
                                None if n == switched[0] else "normal") for n in range(4)]
            stored = [StoredAction(i, 0, a, float(i + 1)) for i, a in enumerate(actions)]
            table = StoredTable(1, "flip", 4, options, seed, "finished", None, 100, 200, None,
                                0.0, seats, stored)
            return table, switched[0], switched[1], switched[2]
    raise AssertionError("no seed gave a switch")


def flip_dead_hand_short() -> StoredTable:
    """A three-hand Flip Euchre game played to the end of its first hand, in which every
    player made their bid and the dead hand fell short of its own."""
    options = {"target": 100, "deck": 50, "zilch": False}
    for seed in range(1, 300):
        game, actions = new_game("flip", 3, seed, dict(options)), []
        while not any(e["type"] == "hand_scored" for e in game.events):
            legal = game.legal_actions()
            bidding = legal[0].startswith("bid:")
            action = min(legal, key=lambda a: int(a[4:])) if bidding else legal[0]
            game.apply(action)
            actions.append(action)
        result = next(e for e in game.events if e["type"] == "hand_scored")
        made = [t >= b for b, t in zip(result["bids"], result["tricks"], strict=True)]
        if all(made[:3]) and not made[3]:
            seats = [StoredSeat(n, None, "normal") for n in range(3)]
            stored = [StoredAction(i, 0, a, float(i + 1)) for i, a in enumerate(actions)]
            return StoredTable(1, "flip", 3, options, seed, "finished", None, 100, 200, None,
                               0.0, seats, stored)
    raise AssertionError("no seed gave a dead hand short of its bid")


def flip_ending_with_a_flip() -> tuple[StoredTable, int]:
    """A Flip Euchre game in which a Charlie played to a hand's last trick flips trump, and
    that same move ends the hand and deals the next, played on to the next hand's first
    trick: the table and the number of the move that flipped."""
    options = {"target": 100, "deck": 52, "zilch": True}
    for seed in range(1, 200):
        actions: list[str] = []
        game, flipped = new_game("flip", 5, seed, dict(options)), 0
        while game.current_player is not None and len(actions) < 400:
            legal = game.legal_actions()
            action = "play:LJ" if "play:LJ" in legal and not flipped else legal[0]
            produced = game.apply(action) or []
            actions.append(action)
            kinds = [(e["type"], e.get("how")) for e in produced]
            if not flipped and ("trump", "flipped") in kinds and ("deal", None) in kinds:
                flipped = len(actions)
            elif flipped and ("trick", None) in kinds:
                seats = [StoredSeat(n, None, "normal") for n in range(5)]
                stored = [StoredAction(i, 0, a, float(i + 1)) for i, a in enumerate(actions)]
                return StoredTable(1, "flip", 5, options, seed, "playing", None, 100, 200,
                                   None, 0.0, seats, stored), flipped
    raise AssertionError("no seed ended a hand with a flip")


def shooting_the_moon(until: str = "trick") -> tuple[StoredTable, int]:
    """An Over the Rhine game in which a seat shoots the moon in the first hand, played to
    that hand's first ``trick`` (or ``hand_scored``): the table, bob in seat 2, and the
    shooter's seat."""
    for seed in range(1, 80):
        game, actions, shooter = new_game("over_the_rhine", 2, seed, {}), [], None
        while not any(e["type"] == until for e in game.events):
            legal = game.legal_actions()
            action = "shoot" if "shoot" in legal else legal[0]
            shooter = game.current_player if action == "shoot" else shooter
            game.apply(action)
            actions.append(action)
        if shooter is not None:
            seats = [StoredSeat(0, None, "normal"), StoredSeat(1, BOB, None)]
            stored = [StoredAction(i, 0, a, float(i + 1)) for i, a in enumerate(actions)]
            return StoredTable(1, "over_the_rhine", 2, {}, seed, "playing", None, 100, 200,
                               None, 0.0, seats, stored), shooter
    raise AssertionError("no seed gave a shot at the moon")


def jambone_table() -> StoredTable:
    """A four-player Railroad game whose first speaker orders up and calls Jambone,
    played to the first trick."""
    for seed in range(1, 200):
        game, actions = new_game("railroad", 4, seed), []
        while not any(e["type"] == "trick" for e in game.events):
            legal = game.legal_actions()
            action = next((a for a in ("order", "jambone") if a in legal), legal[0])
            game.apply(action)
            actions.append(action)
        if any(e["type"] == "jambone" for e in game.events):
            seats = [StoredSeat(n, None, "normal") for n in range(4)]
            stored = [StoredAction(i, 0, a, float(i + 1)) for i, a in enumerate(actions)]
            return StoredTable(1, "railroad", 4, {}, seed, "playing", None, 100, 200, None,
                               0.0, seats, stored)
    raise AssertionError("no seed gave a Jambone")


def bob_given_away(user: int | None) -> tuple[StoredTable, StoredTable, Snapshot]:
    """Two hands played, and the same with bob's seat 2 given by a moderator to a normal
    computer (``user``: who the seat row names then); the latter's last state."""
    plain = two_hands()
    seats = [StoredSeat(1, user, "normal") if s.seat == 1 else s for s in plain.seats]
    gone = StoredDeparture(1, BOB, "replaced", 1, "normal", 1.5)
    table = replace(plain, seats=seats, departed={1: BOB}, departures=[gone])
    return plain, table, replay(table)[-1]
