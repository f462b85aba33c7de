"""The arena runs duplicate deals and reports; its margins are measured outside the tests."""

from __future__ import annotations

import io

import pytest

from bot.ai.arena import main, run, seatings


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
