"""The audit's plans: seeded, and over 300 games every variant, seat count, house option
and scenario is played."""

from bot.engine import VARIANTS
from tests.truth.playing.plans import plans, seatings


def test_the_same_seed_plans_the_same_games() -> None:
    assert plans(20, 3) == plans(20, 3)
    assert plans(20, 3) != plans(20, 4)


def test_a_short_run_sees_every_variant_and_a_long_one_every_count_and_option() -> None:
    assert {variant for variant, _ in seatings()[: len(VARIANTS)]} == set(VARIANTS)
    games = plans(300, 1)
    assert {(p.variant, p.players) for p in games} == {
        (key, n) for key, info in VARIANTS.items() for n in info.player_counts}
    for key, info in VARIANTS.items():
        for option in info.options:
            for choice in option.choices:
                assert any(p.variant == key and p.options[option.name] == choice
                           for p in games), (key, option.name, choice)
    assert {p.scenario for p in games} == {
        "table", "leaver", "replace", "play", "tournament", "tournament_end", "tournament_byes"}
    assert all(p.people == 3 and p.players == 2 for p in games
               if p.scenario == "tournament_byes")  # one of the three sits each round out
    assert any(p.review for p in games)
