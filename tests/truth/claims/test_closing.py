"""A closed table's lines: the game is over with a rematch offered to its player, or it was
ended early and nothing rated; true lines pass, planted false ones are reported."""

from __future__ import annotations

from dataclasses import replace

from bot.engine import new_game
from tests.truth.claims.base import Context
from tests.truth.planting import BOB, BOBS_SIDE, NAMES, OTHERS, two_hands
from tests.truth.reading.names import seat_names
from tests.truth.reading.reader import read
from tests.truth.stored.store import StoredAction, StoredSeat, StoredTable
from tests.truth.stored.timeline import replay

OVER = ("Euchre · table #1\n🏁 **The game is over.**\n"
        "Press **Rematch** to play again with the same seats.")
ENDED = "This game was ended before its finish: it is not rated."
REMATCH = (("bower:table:1:rematch", "Rematch"), ("bower:table:1:review", "Review"))


def finished() -> StoredTable:
    """A Euchre game to 3 played to its end, bob in seat 2, its result stored."""
    game, actions = new_game("euchre", 4, 5, {"target": 3}), []
    while game.current_player is not None:
        action = game.legal_actions()[0]
        game.apply(action)
        actions.append(action)
    seats = [StoredSeat(n, BOB if n == 1 else None, None if n == 1 else "normal")
             for n in range(4)]
    stored = [StoredAction(i, 0, a, float(i + 1)) for i, a in enumerate(actions)]
    return StoredTable(1, "euchre", 4, {"target": 3}, 5, "finished", None, 100, 200, None, 0.0,
                       seats, stored, result_at=float(len(actions)))


def judged(text: str, table: StoredTable, member: int | None = BOB,
           controls: tuple[tuple[str, str], ...] = REMATCH) -> dict[str, str | None]:
    """Each kind → the first truth against it at the table's last state."""
    ctx = Context(table, seat_names(table, NAMES), None, member, controls)
    state = replay(table)[-1]
    found: dict[str, str | None] = {}
    for claim in read(text, ctx).claims:
        found[claim.kind] = found.get(claim.kind) or claim.test(state)
    return found


def test_a_finished_game_with_its_rematch_passes() -> None:
    assert judged(OVER, finished()) == {"title": None, "game_over": None, "rematch_line": None}


def test_a_game_not_over_is_reported() -> None:
    table = replace(two_hands(), result_at=None)
    assert judged(OVER, table)["game_over"] == "the game is still being played"


def test_a_rematch_without_its_button_or_for_a_stranger_is_reported() -> None:
    assert judged(OVER, finished(), controls=())["rematch_line"] == (
        "the message has no Rematch button")
    assert judged(OVER, finished(), member=99)["rematch_line"] == (
        "<@99> has no seat at the table: only its players can rematch")
    round_table = replace(finished(), hand_limit=2)
    assert judged(OVER, round_table)["rematch_line"] == (
        "a tournament round's table: its round ends, not a game")


def test_a_game_ended_early_and_unrated() -> None:
    ended = replace(two_hands(), status="abandoned")
    assert judged(ENDED, ended) == {"ended_early": None}
    assert judged(ENDED, finished()) == {"ended_early": "the table is finished"}
    rated = replace(ended, result_at=5.0)
    assert judged(ENDED, rated) == {"ended_early": "a result was stored: it was rated"}


def test_the_score_a_game_ended_at() -> None:
    ended = replace(two_hands(), status="abandoned")
    scores = replay(ended)[-1].public["scores"]
    said = f"Score when it ended: **{OTHERS}** {scores[0]} · **{BOBS_SIDE}** {scores[1]}"
    assert judged(f"{said}\n{ENDED}", ended) == {"ended_score": None, "ended_early": None}
    wrong = said.replace(f"** {scores[1]}", f"** {scores[1] + 1}")
    assert judged(wrong, ended) == {"ended_score": f"{scores[1]}, not {scores[1] + 1}"}
