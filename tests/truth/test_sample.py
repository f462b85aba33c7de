"""A seeded sample of the truth audit, in the test suite: every variant, a `/play` table,
a leaver, a moderator's replacement, a tournament ended during a round and a review, and
not one false statement among all Bower says, nor a request Discord would refuse, nor an
error in the bot's log."""

from __future__ import annotations

from pathlib import Path

from tests.truth.playing.plans import plans
from tests.truth.playing.run import run

SEED, GAMES = 6, 6


async def test_a_seeded_sample_of_games_says_nothing_false(tmp_path: Path) -> None:
    games = plans(GAMES, SEED)
    report = await run(games, tmp_path)
    print(report.text())
    assert sum(report.games.values()) == GAMES and not report.scenarios["stalled"]
    assert {variant for variant, _ in report.games} == {
        "over_the_rhine", "cincinnati", "over_the_top", "flip", "railroad", "euchre"}
    assert {"play", "replace", "leaver", "tournament_end"} <= set(report.scenarios)
    for kind in ("hand_cards", "last_trick", "score", "turn", "your_turn", "hand_number",
                 "trick", "tricks_taken", "maker", "title", "offered_move", "review_step",
                 "lobby_seat", "lobby_open", "lobby_full"):
        assert report.checked[kind] > 0, kind
    assert report.requests > 0 and not report.nonconforming, report.nonconforming
    assert not report.bot_errors, "\n".join(report.bot_errors)
    assert not report.false, "\n".join(
        f"{f.kind}: {f.said!r} — truth: {f.truth}" for f in report.false)
