"""The commentary's no-trump calls (``**X** named **no trump**.``, ``**X** ordered it up: a
**no-trump** hand.``, ``**X** picks it up: …``) are held to the game's trump event: the
maker, no trump, named or taken up, and by the dealer when picked up."""

from __future__ import annotations

from bot.engine import new_game
from tests.truth.planting import NAMES, verdicts
from tests.truth.reading.names import seat_names
from tests.truth.stored.store import StoredAction, StoredSeat, StoredTable
from tests.truth.stored.timeline import Snapshot, replay


def played(variant: str, seed: int, actions: list[str]) -> tuple[StoredTable, Snapshot]:
    """A table of ``variant`` after ``actions``, and its state then."""
    seats = [StoredSeat(n, None, "normal") for n in range(4)]
    stored = [StoredAction(i, 0, a, float(i + 1)) for i, a in enumerate(actions)]
    table = StoredTable(1, variant, 4, {}, seed, "playing", None, 100, 200, None, 0.0, seats,
                        stored)
    return table, replay(table)[-1]


def name_of(table: StoredTable, seat: int) -> str:
    return next(name for name, number in seat_names(table, NAMES).by_name.items()
                if number == seat)


def test_a_turned_up_joker_ordered_up_is_told_as_a_no_trump_hand_ordered() -> None:
    seed = next(n for n in range(1, 400) if new_game("railroad", 4, n).view(0)["turn_up"] == "BJ")
    game = new_game("railroad", 4, seed)
    orderer, dealer = game.current_player, game.view(0)["dealer"]
    assert orderer is not None and orderer != dealer
    table, state = played("railroad", seed, ["order"])
    who = name_of(table, orderer)
    ordered = f"**{who}** ordered it up: a **no-trump** hand."
    assert verdicts(ordered, table, state, narrated=True) == {"trump_made": None}
    picked = f"**{who}** picks it up: a **no-trump** hand."
    assert verdicts(picked, table, state, narrated=True)["trump_made"] == (
        "a seat not the dealer ordered it")
    named = f"**{who}** named **no trump**."
    assert verdicts(named, table, state, narrated=True)["trump_made"] == "trump was ordered"
    suit = f"**{who}** ordered it up: trump is **♠ spades**."
    assert verdicts(suit, table, state, narrated=True)["trump_made"] == "None"


def test_the_dealer_taking_a_turned_up_joker_picks_it_up() -> None:
    seed = next(n for n in range(1, 400) if new_game("railroad", 4, n).view(0)["turn_up"] == "BJ")
    dealer = new_game("railroad", 4, seed).view(0)["dealer"]
    table, state = played("railroad", seed, ["pass", "pass", "pass", "order"])
    trump = state.latest("trump")
    assert trump is not None and trump["seat"] == dealer
    picked = f"**{name_of(table, dealer)}** picks it up: a **no-trump** hand."
    assert verdicts(picked, table, state, narrated=True) == {"trump_made": None}
    assert verdicts(picked.replace("picks it up", "ordered it up"), table, state,
                    narrated=True)["trump_made"] == "the dealer picked it up"


def test_a_no_trump_bid_named_is_told_as_named_no_trump() -> None:
    game, actions = new_game("cincinnati", 4, 7), []
    while game.phase != "trump":
        actions.append(game.legal_actions()[0])
        game.apply(actions[-1])
    maker = game.current_player
    assert maker is not None
    table, state = played("cincinnati", 7, [*actions, "trump:N"])
    named = f"**{name_of(table, maker)}** named **no trump**."
    assert verdicts(named, table, state, narrated=True) == {"trump_made": None}
    table, state = played("cincinnati", 7, [*actions, "trump:H"])
    assert verdicts(named, table, state, narrated=True)["trump_made"] == "H"
