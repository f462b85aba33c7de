"""``python -m bot.pictures.samples --out docs/pictures``: the pictures the README shows,
drawn from seeded games (the same files every time).

Each sample plays a seeded game with seeded random choices until a moment worth showing:
a trick under way, a hand holding the left bower while following suit; the review sample
shows a trick of a finished game's hand record; the standings sample, made-up final
standings of a Euchre night (eight players, three rounds, one bye, two tie-breaks); the
leaderboard, stats card and season samples, made-up standings
(:mod:`bot.pictures.boards.samples`).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from pathlib import Path

from bot.engine import Game, card_role, new_game
from bot.pictures import SeatTag, render_hand, render_record, render_table
from bot.pictures.boards.samples import card_sample, leaderboard_sample, season_sample
from bot.pictures.standings import draw_standings
from bot.review.record import build_record, step_view
from bot.tournaments.models import Standing
from bot.words.players import computer_short_name

NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy")


def tags(game: Game) -> list[SeatTag]:
    """Names for every hand; every third seat is a hard computer player."""
    hands = sum(len(game.seats_of(side)) for side in range(game.num_sides))
    return [
        SeatTag(computer_short_name(s), "hard") if s % 3 == 2 else SeatTag(NAMES[s])
        for s in range(hands)
    ]


def play_until(variant: str, players: int, wanted: Callable[[Game], bool]) -> Game:
    """The first moment of seeded games (seed 1, 2, …) at which ``wanted`` holds."""
    for seed in range(1, 500):
        game = new_game(variant, players, seed)
        rng = random.Random(seed)
        while not game.is_over:
            if wanted(game):
                return game
            game.apply(rng.choice(game.legal_actions()))
    raise LookupError(f"no {variant} game reached the moment wanted")


def mid_trick(game: Game) -> bool:
    """Two or more cards of a trick down, and a trick taken before."""
    view = game.public_view()
    return len(view.get("trick") or []) >= 2 and bool(view.get("last_trick"))


def left_bower_to_follow(game: Game) -> bool:
    """The acting seat holds the left bower and another trump, and must follow a plain
    suit with one of two or more cards."""
    seat = game.current_player
    if seat is None or game.phase != "play":
        return False
    view = game.view(seat)
    roles = [card_role(c, game.info.key, view.get("trump")) for c in view["hand"]]
    trumps = sum(1 for c in view["hand"] if c[-1] == view.get("trump"))
    plays = [a for a in game.legal_actions() if a.startswith("play:")]
    return ("left bower" in roles and trumps >= 1 and bool(view.get("trick"))
            and 1 < len(plays) < len(view["hand"]))


def review_sample(seed: int = 3, hand: int = 2, trick: int = 2) -> bytes:
    """A trick of a finished seeded Euchre game, as ``/review`` shows it."""
    game = new_game("euchre", 4, seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    record = build_record("euchre", 4, seed, game.options, game.log)
    return render_record(step_view(record, hand, trick), tags(game))


def standings_sample() -> bytes:
    """Made-up final standings of eight players over three rounds."""
    rows = [  # rank, rounds, rounds won, loners, bye rounds, tie-break
        (1, (10, 10, 8), 3, 2, (), ""), (2, (10, 6, 10), 2, 1, (), ""),
        (3, (7, 10, 9), 1, 0, (), "rounds won"), (4, (8, 7, 9), 1, 2, (1,), ""),
        (5, (10, 5, 9), 1, 1, (), "loners made"), (6, (6, 10, 6), 2, 0, (), ""),
        (7, (4, 7, 8), 1, 0, (), ""), (7, (9, 4, 6), 1, 0, (), ""),
    ]
    standings = [
        Standing(rank, 101 + i, scores, sum(scores), won, loners, byes, tie)
        for i, (rank, scores, won, loners, byes, tie) in enumerate(rows)
    ]
    names = {101 + i: name for i, name in enumerate(NAMES[:7])}
    names[108] = "Maximiliana Featherstonehaugh-Worthington"
    return draw_standings("Euchre night  ·  progressive  ·  round 3 of 3", standings, names,
                          final=True)


SAMPLES: dict[str, tuple[str, int, Callable[[Game], bool]]] = {
    "euchre-table": ("euchre", 4, mid_trick),
    "flip-7-table": ("flip", 7, mid_trick),
    "over-the-top-table": ("over_the_top", 2, mid_trick),
    "railroad-table": ("railroad", 4, mid_trick),
    "over-the-rhine-table": ("over_the_rhine", 2, mid_trick),
}


def main() -> None:
    """Write the sample pictures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/pictures"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name, (variant, players, wanted) in SAMPLES.items():
        game = play_until(variant, players, wanted)
        (args.out / f"{name}.png").write_bytes(render_table(game.public_view(), tags(game)))
        print(args.out / f"{name}.png")
    game = play_until("euchre", 4, left_bower_to_follow)
    seat = game.current_player
    assert seat is not None
    (args.out / "euchre-hand.png").write_bytes(render_hand(game.view(seat), game.legal_actions()))
    print(args.out / "euchre-hand.png")
    (args.out / "euchre-review.png").write_bytes(review_sample())
    print(args.out / "euchre-review.png")
    for name, draw in (("standings", standings_sample), ("leaderboard", leaderboard_sample),
                       ("stats-card", card_sample), ("season", season_sample)):
        (args.out / f"{name}.png").write_bytes(draw())
        print(args.out / f"{name}.png")


if __name__ == "__main__":
    main()
