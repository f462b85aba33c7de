"""The downloadable JSON record replays with the engine to the game's final score, for
every game; a file that is not a Bower game record, or whose actions were tampered with,
is refused with a message saying why; the replay command's exit status tells whether the
replay matches the recorded score. A tournament round's table records as its winner the
side the tournament counts as having won the round (none when it ended level)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from bot.engine import new_game
from bot.review.record import GameRecord, build_record
from bot.review.record.export import record_json, replay
from bot.review.replay import main
from bot.tables.games import hand_scores
from bot.tournaments.models import PlayedRound, RoundSeating, TableResult
from bot.tournaments.rounds import layout_of, round_options
from bot.tournaments.standings import standings
from tests.review.helpers import ONE_EACH, finished, names_for, record_of


def downloaded(variant: str = "euchre", players: int = 4) -> dict[str, Any]:
    """The record of a finished game as a member downloads it (through JSON text)."""
    record = record_of(variant, players)
    result: dict[str, Any] = json.loads(json.dumps(record_json(record, names_for(record))))
    return result


@pytest.mark.parametrize("variant, players", ONE_EACH)
def test_the_download_replays_to_the_games_final_score(variant: str, players: int) -> None:
    game = finished(variant, players)
    data = downloaded(variant, players)
    assert data["format"] == "bower-game" and data["version"] == 1
    assert (data["variant"], data["players"], data["seed"]) == (variant, players, 1)
    assert data["options"] == game.options and data["actions"] == game.log
    assert data["seats"] == names_for(record_of(variant, players))
    assert (data["final_scores"], data["winner"]) == (game.scores, game.winner)
    assert replay(data) == (game.scores, game.winner)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"format": "chess-game"}, "not a Bower game record"),
        ({"version": 7}, "version 7"),
        ({"variant": "bridge"}, "'bridge' is not one Bower plays"),
        ({"players": 5}, "player count 5"),
        ({"seed": "one"}, "seed 'one'"),
        ({"actions": "pass pass"}, "not a list of action ids"),
        ({"options": {"target": -4}}, "settings are not valid"),
    ],
)
def test_a_file_that_is_not_a_game_record_is_refused(change: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        replay(downloaded() | change)


def test_a_tampered_action_is_refused_saying_which() -> None:
    data = downloaded()
    data["actions"][3] = "play:XX"
    with pytest.raises(ValueError, match=r"Action 4 of \d+ \('play:XX'\) is not legal there"):
        replay(data)
    data = downloaded()
    data["actions"].append("pass")
    with pytest.raises(ValueError, match="comes after the game is over"):
        replay(data)


def test_the_replay_command_checks_the_recorded_score(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(downloaded()))
    assert main([str(good)]) == 0
    out = capsys.readouterr()
    hands = len(record_of("euchre", 4).hands)
    assert out.out.count("\nhand ") == hands and "Final score: Alice & Carol" in out.out
    assert "matches" in out.out and not out.err

    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(downloaded() | {"final_scores": [99, 0]}))
    assert main([str(forged)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "MISMATCH" in err and "[99, 0]" in err

    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    assert main([str(broken)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"Cannot replay {broken}")


def round_table(seed: int, hands: int) -> GameRecord:
    """A tournament round's Euchre table played to ``hands`` hands by seeded random choices."""
    game = new_game("euchre", 4, seed, round_options("euchre", {}))
    rng = random.Random(seed)
    while len(hand_scores(game)) < hands:
        game.apply(rng.choice(game.legal_actions()))
    return build_record("euchre", 4, seed, game.options, game.log, hand_limit=hands)


def rounds_won(record: GameRecord) -> set[int]:
    """The seats the tournament credits with the round won at this table."""
    players = (1, 2, 3, 4)  # seat s is player s + 1
    played = PlayedRound(RoundSeating((players,)), (TableResult(record.scores),))
    won = standings(players, [played], layout_of("euchre", 4))
    return {line.user_id - 1 for line in won if line.rounds_won}


@pytest.mark.parametrize("seed, hands", [(2, 3), (3, 2)], ids=["won", "level"])
def test_a_round_tables_download_names_the_side_the_tournament_counts_as_winning(
    seed: int, hands: int
) -> None:
    record = round_table(seed, hands)
    data = json.loads(json.dumps(record_json(record, names_for(record))))
    assert data["hand_limit"] == hands and data["final_scores"] == list(record.scores)
    winner = data["winner"]
    credited = set(record.sides[winner]) if winner is not None else set()
    assert credited == rounds_won(record)
    assert (winner is None) is (record.scores[0] == record.scores[1])
    assert replay(data) == (list(record.scores), winner)


def test_the_replay_command_checks_a_round_tables_winner(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = round_table(2, 3)  # 4 to 2: Alice & Carol ahead
    data = record_json(record, names_for(record))
    good = tmp_path / "round.json"
    good.write_text(json.dumps(data))
    assert main([str(good)]) == 0
    out = capsys.readouterr().out
    assert "Final score: Alice & Carol 4 · Bob & Dave 2; round winner: Alice & Carol" in out

    short = tmp_path / "short.json"
    short.write_text(json.dumps(data | {"hand_limit": 4}))
    assert main([str(short)]) == 2
    err = capsys.readouterr().err
    assert "a tournament round's table of 4 hands, but its actions play 3" in err
