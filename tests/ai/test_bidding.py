"""Classic Euchre's trained calls: the shipped table is the command's, and it is obeyed."""

from __future__ import annotations

import json
from importlib import resources

from bot.ai.bidding import FOLLOWED, MIN_TRIALS, bucket_key, call_bucket, policy, trained_call
from bot.ai.bidding_train import main, train
from bot.ai.players import NormalPlayer
from bot.engine import new_game


def _shipped() -> dict:  # type: ignore[type-arg]
    text = resources.files("bot.ai").joinpath("data", "euchre_bidding.json").read_text()
    table: dict = json.loads(text)  # type: ignore[type-arg]
    return table


def test_the_shipped_table_starts_as_the_command_makes_it() -> None:
    """Training its first chunk again from the file's seed gives the same statistics."""
    shipped = _shipped()
    again = train(shipped["seed"], shipped["chunk"], shipped["chunk"])
    assert again["chunk_digests"][0] == shipped["chunk_digests"][0]
    assert len(shipped["chunk_digests"]) * shipped["chunk"] >= shipped["deals"]
    assert shipped["command"].startswith("python -m bot.ai.bidding_train --seed")


def test_the_command_writes_the_table(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The command line writes the same table as the function, seed and all."""
    out = tmp_path / "table.json"
    assert main(["--seed", "2", "--deals", "6", "--chunk", "3", "--out", str(out)]) == 0
    written = json.loads(out.read_text())
    assert written == json.loads(json.dumps(train(2, 6, 3)))
    assert len(written["chunk_digests"]) == 2 and written["buckets"]


def test_worker_processes_train_the_same_table() -> None:
    """Chunks shared among processes give the table trained in one process."""
    assert train(2, 6, 3, jobs=2) == train(2, 6, 3)


def _calls(seeds: range) -> list[tuple[dict, list[str]]]:  # type: ignore[type-arg]
    """Every call met in the first hands of seeded games between normal players."""
    found = []
    for seed in seeds:
        game = new_game("euchre", 4, seed=seed)
        player = NormalPlayer(seed)
        while game.hand_number == 1:
            seat = game.current_player
            assert seat is not None
            view, legal = game.view(seat), game.legal_actions()
            if call_bucket(view, legal) is not None:
                found.append((view, legal))
            game.apply(player.choose(view, legal))
    return found


def test_calls_follow_the_table() -> None:
    """Where a bucket was tried enough, the call (or going alone) is made exactly when it
    gained, and the reason gives the gain; rarer buckets are left to the careful rule."""
    rows = policy()["buckets"]
    checked = {True: 0, False: 0}
    alone_checked = 0
    for view, legal in _calls(range(120)):
        bucket, action, _ = call_bucket(view, legal)  # type: ignore[misc]
        row = rows.get(bucket_key(bucket))
        choice = trained_call(view, legal)
        if row is None or row["trials"] < MIN_TRIALS or bucket[0] not in FOLLOWED:
            assert choice is None
            continue
        assert choice is not None
        calls = row["gain"] > 0
        assert (choice[0] == action) == calls
        assert choice[0] in ((action, "partner") if bucket[0] == "alone" else (action, "pass"))
        assert f"{abs(row['gain']):.2f}" in choice[1]
        checked[calls] += 1
        alone_checked += bucket[0] == "alone"
    assert checked[True] and checked[False]
    assert alone_checked
