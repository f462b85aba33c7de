"""The lines explaining a call made alone or as a Jambone in one click are held to the
engine: the call open then, the partner sitting out, who picks a Jambone's cards, and the
scoring the engine gives that call at that position."""

from __future__ import annotations

from bot.engine import new_game
from tests.truth.planting import verdicts
from tests.truth.stored.store import StoredAction, StoredSeat, StoredTable
from tests.truth.stored.timeline import Snapshot, replay

EUCHRE_ALONE = ("**A suit alone**: the same, and your partner sits out this hand; all 5 "
                "tricks score 4 (3 or 4 still score 1).")
RAILROAD_ALONE = ("**A suit alone**: you give your partner one card and get one back, then "
                  "your partner sits out; points count double.")
JAMBONE = ("**A suit Jambone**: like alone, but your hand is then shown face up and the "
           "opponent on your left picks every card you play; every trick scores 28, less "
           "gives the opponents 28.")


def passed_round(variant: str, players: int) -> tuple[StoredTable, list[Snapshot]]:
    """A game whose first round of bidding everyone passed: a suit may be named now."""
    actions = ["pass"] * players
    game = new_game(variant, players, 3)
    for action in actions:
        game.apply(action)
    assert game.phase == "round2"
    seats = [StoredSeat(n, None, "normal") for n in range(players)]
    stored = [StoredAction(i, 0, a, float(i + 1)) for i, a in enumerate(actions)]
    table = StoredTable(1, variant, players, {}, 3, "playing", None, 100, 200, None, 0.0,
                        seats, stored)
    return table, replay(table)


def test_euchre_suit_alone_scoring_is_the_engines_and_false_when_misstated() -> None:
    table, snapshots = passed_round("euchre", 4)
    naming = snapshots[-1]
    assert verdicts(EUCHRE_ALONE, table, naming, seat=naming.acting) == {
        "choice_offered": None, "choice_scoring": None, "choice_sits_out": None}
    two = EUCHRE_ALONE.replace("tricks score 4", "tricks score 2")
    assert verdicts(two, table, naming, seat=naming.acting)["choice_scoring"] == (
        "5 tricks alone score 4")
    first_round = snapshots[0]  # only the turned card's suit may be ordered then
    offered = verdicts(EUCHRE_ALONE, table, first_round, seat=first_round.acting)
    assert (offered["choice_offered"] or "").startswith("open now")


def test_railroad_suit_alone_doubles_the_engines_points_and_exchanges_a_card() -> None:
    table, snapshots = passed_round("railroad", 4)
    naming = snapshots[-1]
    assert verdicts(RAILROAD_ALONE, table, naming, seat=naming.acting) == {
        "choice_offered": None, "choice_scoring": None, "choice_sits_out": None,
        "choice_give": None}
    euchre, at = passed_round("euchre", 4)  # a Euchre loner's points are not doubled
    found = verdicts(RAILROAD_ALONE, euchre, at[-1], seat=at[-1].acting)
    assert found["choice_scoring"] == "taking 0 scores [0, 2] alone, [0, 2] with the partner"
    assert found["choice_give"] == "the cards went []"


def test_railroad_jambone_scores_the_engines_28_and_its_chooser_sits_left() -> None:
    for players in (4, 6):
        table, snapshots = passed_round("railroad", players)
        naming = snapshots[-1]
        assert verdicts(JAMBONE, table, naming, seat=naming.acting) == {
            "choice_offered": None, "choice_scoring": None, "choice_sits_out": None,
            "choice_chooser": None}
    sixteen = JAMBONE.replace("every trick scores 28", "every trick scores 16")
    said = verdicts(sixteen, table, naming, seat=naming.acting)["choice_scoring"]
    assert said is not None and said.startswith("every trick scores [") and "28" in said


def test_ordering_up_jambone_is_checked_after_the_dealers_discard() -> None:
    game = new_game("railroad", 4, 3)
    seats = [StoredSeat(n, None, "normal") for n in range(4)]
    table = StoredTable(1, "railroad", 4, {}, 3, "playing", None, 100, 200, None, 0.0, seats)
    start = replay(table)[0]
    line = JAMBONE.replace("A suit Jambone", "Order up Jambone")
    assert game.legal_actions()[0] == "order"
    assert verdicts(line, table, start, seat=start.acting) == {
        "choice_offered": None, "choice_scoring": None, "choice_sits_out": None,
        "choice_chooser": None}
    assert start.acting is not None
    assert verdicts(line, table, start, seat=(start.acting + 1) % 4)["choice_offered"]
