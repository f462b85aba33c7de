"""The /review game choices: each finished game as the member played it, one they left
included (point 2: it reads as left, with their side's result)."""

from __future__ import annotations

from bot.store.results import PlayedGame, ResultPlayer, ResultRecord
from cogs.review import game_label


def result(table_id: int, winner: int) -> ResultRecord:
    seats = tuple(
        ResultPlayer(s, s % 2, None, "easy", s % 2 == winner) for s in range(4)
    )
    scores = (10, 7) if winner == 0 else (7, 10)
    return ResultRecord(table_id, 7, "euchre", 4, winner, scores, 9, (), seats)


def test_a_game_played_to_the_end_reads_won_or_lost() -> None:
    assert game_label(PlayedGame(result(12, 0), seat=2)) == "#12 · Euchre · won 10–7"
    assert game_label(PlayedGame(result(12, 0), seat=1)) == "#12 · Euchre · lost 7–10"


def test_point_2_a_game_the_member_left_reads_left_with_their_sides_result() -> None:
    label = game_label(PlayedGame(result(13, 1), seat=0, left=True))
    assert label == "#13 · Euchre · left · your side lost 7–10"
