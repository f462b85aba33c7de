"""``/stats``' records and partners lines are judged against games replayed from their
stored moves: the line Bower renders for a real game passes, a figure changed is
reported with the count, and a game counted after the message is in no figure."""

from __future__ import annotations

import random
import re

from bot.engine import new_game
from bot.engine.game import Game
from bot.ratings.records import seat_records
from bot.ui.stats.message import records_text
from tests.truth.claims.answers.planting import ALICE, BOB, Planted, judged

CAROL = 12
HEAD = "📊 alice's stats\n<@10> · {games} · {wins} won ({share}%)\n{game} — #1 of 2\n"


def played(variant: str, players: int, seed: int, hands: int = 1_000
           ) -> tuple[list[str], Game]:
    """A game of random legal moves, to its end or the end of hand ``hands``."""
    game, rng, actions = new_game(variant, players, seed), random.Random(seed), []
    scored = 0
    while not game.is_over and scored < hands:
        action = rng.choice(game.legal_actions())
        scored += sum(e["type"] == "hand_scored" for e in game.apply(action))
        actions.append(action)
    return actions, game


def plant_game(store: Planted, number: int, variant: str, players: int, seed: int,
               people: dict[int, int], counted_at: float, hands: int = 1_000) -> Game:
    """A game played out and counted at ``counted_at``: ``people`` seat → member, the
    other seats computers."""
    actions, game = played(variant, players, seed, hands)
    seats = [(people.get(s), None if s in people else "normal") for s in range(players)]
    store.table(number, variant, ALICE, "finished", counted_at - 1000, seats)
    store.db.execute("UPDATE tables SET seed = ? WHERE id = ?", (seed, number))
    store.plays(number, actions, counted_at - 900)
    sides = [game.side_of(s) for s in range(players)]
    winner = game.view(0).get("winner")
    store.result(number, variant, counted_at - 10, 1,
                 [(people.get(s), sides[s] == winner, 25.0 if s in people else None)
                  for s in range(players)], counted_at, sides=sides)
    return game


def bowers_line(variant: str, games: list[Game], seat: int) -> str:
    """The records line Bower renders for the seat over these games."""
    total = None
    for game in games:
        sides = [game.side_of(s) for s in range(game.players)]
        mine = seat_records(game.events, game.players, sides)[seat]
        total = mine if total is None else type(mine)(**{
            k: v + mine.as_dict()[k] for k, v in total.as_dict().items()})
    assert total is not None
    return records_text(variant, total, (len(games), len(games)))


def bump(line: str, label: str) -> str:
    """The line with the figure after ``label`` one higher."""
    return re.sub(rf"{label} (\d+)", lambda m: f"{label} {int(m.group(1)) + 1}", line, count=1)


def test_true_records_pass_and_changed_ones_are_reported(planted: Planted) -> None:
    games = [plant_game(planted, n, "euchre", 4, seed, {0: ALICE, 2: BOB}, 100 * n)
             for n, seed in ((1, 3), (2, 8))]
    line = bowers_line("euchre", games, 0)
    text = HEAD.format(games="2 games", wins=0, share=0, game="Euchre") + line
    found = judged(planted, text, 500)
    records = {k: v for k, v in found.items() if k in (
        "stats_calls", "stats_loners", "stats_euchred", "stats_euchring")}
    assert len(records) == 4 and all(v is None for v in records.values()), (line, found)
    calls = int(re.search(r"Calls (\d+)", line).group(1))  # type: ignore[union-attr]
    assert judged(planted, text.replace(line, bump(line, "Calls")), 500)[
        "stats_calls"] == str(calls)
    assert judged(planted, text.replace(line, bump(line, "Times euchred")), 500)[
        "stats_euchred"] is not None
    made = re.search(r"Calls \d+ \((\d+) made\)", line)
    if made:
        wrong = line.replace(f"({made.group(1)} made)", f"({int(made.group(1)) + 1} made)", 1)
        assert "made" in (judged(planted, text.replace(line, wrong), 500)["stats_calls"] or "")


def test_a_game_counted_later_is_in_no_figure(planted: Planted) -> None:
    first = plant_game(planted, 1, "euchre", 4, 3, {0: ALICE}, 100)
    second = plant_game(planted, 2, "euchre", 4, 8, {0: ALICE}, 200)
    line, both = bowers_line("euchre", [first], 0), bowers_line("euchre", [first, second], 0)
    assert line != both
    text = HEAD.format(games="1 game", wins=0, share=0, game="Euchre")
    assert judged(planted, text + line, 150)["stats_calls"] is None
    assert judged(planted, text + line, 250)["stats_calls"] is not None
    assert judged(planted, text + both, 250)["stats_calls"] is None


def test_flip_bids_and_their_hits(planted: Planted) -> None:
    game = plant_game(planted, 1, "flip", 3, 5, {1: ALICE}, 100, hands=6)
    line = bowers_line("flip", [game], 1)
    assert line.startswith("Bids ")
    text = HEAD.format(games="1 game", wins=0, share=0, game="Flip Euchre") + line
    found = judged(planted, text, 150)
    assert found["stats_calls"] is None and found["stats_euchred"] is None, (line, found)
    assert judged(planted, text.replace(line, bump(line, "Bids")), 150)["stats_calls"]


def test_railroad_records(planted: Planted) -> None:
    game = plant_game(planted, 1, "railroad", 4, 11, {0: ALICE}, 100)
    line = bowers_line("railroad", [game], 0)
    text = HEAD.format(games="1 game", wins=0, share=0, game="Railroad Euchre") + line
    found = judged(planted, text, 150)
    assert {"stats_calls", "stats_jambones", "stats_jamborees"} <= set(found)
    assert all(v is None for k, v in found.items() if k.startswith("stats_") and k not in (
        "stats_place", "stats_games", "stats_wins", "stats_share")), (line, found)


def test_partners(planted: Planted) -> None:
    plant_game(planted, 1, "euchre", 4, 3, {0: ALICE, 2: BOB, 1: CAROL}, 100)
    plant_game(planted, 2, "euchre", 4, 8, {0: ALICE, 2: BOB}, 200)
    won = planted.db.execute("SELECT SUM(won) FROM result_players WHERE user_id = ?",
                             (ALICE,)).fetchone()[0]
    said = f"Partners: <@11> 2 games · {won} won ({50 * won}%)"
    text = HEAD.format(games="2 games", wins=won, share=50 * won, game="Euchre") + said
    found = judged(planted, text, 500)
    assert found["stats_partner"] is None and found["stats_partners_named"] is None, found
    # Before the second game was counted, they had played one game together.
    assert (judged(planted, text, 150)["stats_partner"] or "").startswith("1 games")
    wrong = text.replace("<@11> 2 games", "<@11> 3 games")
    assert judged(planted, wrong, 500)["stats_partner"] == "2 games"
    assert judged(planted, text.replace("<@11>", "<@12>"), 500)["stats_partners_named"] == (
        "the partners with most games: [11]")



def test_a_moon_made_and_the_bids_won(planted: Planted) -> None:
    game = plant_game(planted, 1, "cincinnati", 4, 1, {0: ALICE}, 100, hands=30)
    line = bowers_line("cincinnati", [game], 0)
    assert "Moons made 1" in line and line.startswith("Bids won ")
    text = HEAD.format(games="1 game", wins=0, share=0, game="Cincinnati Euchre") + line
    found = judged(planted, text, 150)
    assert found["stats_moons"] is None and found["stats_calls"] is None, (line, found)
    assert judged(planted, text.replace("Moons made 1", "Moons made 0"), 150)[
        "stats_moons"] == "1"
    assert judged(planted, text.replace(line, bump(line, "Makers euchred")), 150)[
        "stats_euchring"] is not None
