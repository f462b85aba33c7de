"""The arena runs duplicate deals and reports; its margins are measured outside the tests."""

from __future__ import annotations

import io
import json

import pytest

from bot.ai.arena import main, run, seatings
from bot.engine import new_game


def test_seatings_give_each_level_every_seat() -> None:
    """Partnerships swap; six-player Railroad rotates; individual games alternate seats."""
    assert seatings("euchre", 4, True) == [([0], [1]), ([1], [0])]
    assert seatings("railroad", 6, True) == [([0], [1, 2]), ([1], [0, 2]), ([2], [0, 1])]
    assert seatings("flip", 5, False) == [([0, 2, 4], [1, 3]), ([1, 3], [0, 2, 4])]


@pytest.mark.parametrize(("variant", "players"), [("euchre", 4), ("flip", 5), ("railroad", 6)])
def test_short_run_reports(variant: str, players: int) -> None:
    """A few deals give a summary with the interval, share won and decision times."""
    out = io.StringIO()
    summary = run(variant, "normal", "easy", deals=3, seed=2, players=players, out=out)
    assert summary["deals"] == 3
    assert summary["hands"] == 3 * len(seatings(variant, players, variant != "flip"))
    assert {"mean", "ci", "won", "A_p50", "A_p95", "B_p95", "A_cpu_p99"} <= set(summary)
    assert "p50/p95/p99" in out.getvalue()
    assert "normal vs easy" in out.getvalue()


def test_worker_processes_give_the_same_deals_and_log_each() -> None:
    """Shared among processes, every deal scores as when played in one process, and the
    log holds each deal's seed, seatings' results and actions in deal order."""
    alone, shared = io.StringIO(), io.StringIO()
    one = run("euchre", "normal", "easy", deals=4, seed=3, every=2, log=alone)
    two = run("euchre", "normal", "easy", deals=4, seed=3, every=2, jobs=2, log=shared)
    assert (one["mean"], one["won"], one["hands"]) == (two["mean"], two["won"], two["hands"])
    assert alone.getvalue() == shared.getvalue()
    records = [json.loads(line) for line in shared.getvalue().splitlines()]
    assert [r["deal"] for r in records] == [3, 4, 5, 6]
    assert all(len(r["results"]) == 2 and len(r["actions"]) == 2 for r in records)
    game = new_game("euchre", 4, seed=3)
    for action in records[0]["actions"][0]:
        game.apply(action)
    assert game.hand_number == 2 or game.is_over


def test_a_stopped_match_resumes_from_its_log(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Resumed from the log of its first deals, a match plays only the rest, and ends with
    the summary and the log of the match played in one go."""
    whole = io.StringIO()
    full = run("euchre", "normal", "easy", deals=4, seed=5, every=2, log=whole)
    log = tmp_path / "match.jsonl"
    main(["--game", "euchre", "--a", "normal", "--b", "easy", "--deals", "2", "--seed", "5",
          "--log", str(log)])
    main(["--game", "euchre", "--a", "normal", "--b", "easy", "--deals", "4", "--seed", "5",
          "--log", str(log), "--resume"])
    assert log.read_text() == whole.getvalue()
    records = [json.loads(line) for line in log.read_text().splitlines()]
    resumed = run("euchre", "normal", "easy", deals=4, seed=5, done=records)
    assert (resumed["mean"], resumed["won"], resumed["hands"], resumed["deals"]) == (
        full["mean"], full["won"], full["hands"], 4)


def test_resuming_another_matchs_log_is_refused(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A log from another seed is not counted as this match's deals."""
    log = tmp_path / "match.jsonl"
    main(["--game", "euchre", "--a", "normal", "--b", "easy", "--deals", "1", "--seed", "5",
          "--log", str(log)])
    with pytest.raises(SystemExit):
        main(["--game", "euchre", "--a", "normal", "--b", "easy", "--deals", "2", "--seed", "6",
              "--log", str(log), "--resume"])
    assert len(log.read_text().splitlines()) == 1


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m bot.ai.arena`` prints one summary line."""
    assert (
        main(
            [
                "--game",
                "over_the_rhine",
                "--a",
                "hard",
                "--b",
                "easy",
                "--deals",
                "1",
                "--playouts",
                "8",
            ]
        )
        == 0
    )
    assert "over_the_rhine (2p) hard vs easy" in capsys.readouterr().out
