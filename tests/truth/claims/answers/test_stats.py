"""``/stats`` is judged against the counted results as they stood when it was shown: true
figures pass, a planted false one is reported with the truth."""

from __future__ import annotations

from tests.truth.claims.answers.planting import ALICE, BOB, Planted, judged
from tests.truth.claims.answers.stats import strength

ALICES = """📊 alice's stats
<@10> · {games} · {wins} won ({share}%)
Over the Rhine — {place}
Skill **{skill}** ({words} · still settling after {after})
1 game · 1 won (100%) · {hands}
Calls 0 · Moons made 0
Skill after each of the last {chart}
Skill is a cautious estimate of how well you play."""
TRUE = {"games": "1 game", "wins": "1", "share": "100", "place": "#1 of 2", "skill": "5.5",
        "words": "below the easy computer", "after": "1 game", "hands": "3 hands",
        "chart": "1 game: lowest 5.5, highest 5.5, now 5.5"}


def two_games(store: Planted) -> Planted:
    """alice beats bob at Over the Rhine (counted at 101), then loses a Euchre game to
    computers (counted at 201); bob leaves a third game, which counts as his loss."""
    store.table(1, "over_the_rhine", ALICE, "finished", 10, [(ALICE, None), (BOB, None)])
    store.result(1, "over_the_rhine", 100, 3, [(ALICE, True, 26.5), (BOB, False, 19.6)], 101)
    store.table(2, "euchre", ALICE, "finished", 110, [(ALICE, None)] + [(None, "normal")] * 3)
    store.result(2, "euchre", 200, 4, [(ALICE, False, 20.3)] + [(None, True, None)] * 3, 201)
    store.table(3, "over_the_rhine", BOB, "finished", 210, [(None, "normal"), (None, "normal")])
    store.departure(3, 0, BOB, "left", 220, mu_after=18.0)
    store.result(3, "over_the_rhine", 300, 5, [(None, True, None), (None, False, None)], 301)
    return store



def test_true_stats_pass(planted: Planted) -> None:
    found = judged(two_games(planted), ALICES.format(**TRUE), 150)
    assert found and all(truth is None for truth in found.values()), found
    assert {"stats_games", "stats_place", "stats_skill", "stats_skill_compared",
            "stats_skill_games", "stats_game_totals", "stats_hands", "stats_chart"} <= set(found)


def test_each_planted_falsehood_is_reported(planted: Planted) -> None:
    store = two_games(planted)
    wrong = {"place": ("#2 of 2", "stats_place", "#1 of 2"),
             "skill": ("6.5", "stats_skill", "5.500"),
             "words": ("between the easy and normal computers", "stats_skill_compared",
                       "below the easy computer"),
             "after": ("2 games", "stats_skill_games", "1 games counted"),
             "hands": ("2 hands", "stats_hands", "3 hands"),
             "wins": ("0", "stats_wins", "1 won"),
             "chart": ("2 games: lowest 5.5, highest 5.5, now 5.5", "stats_chart",
                       "1 games counted")}
    for field, (said, kind, truth) in wrong.items():
        found = judged(store, ALICES.format(**{**TRUE, field: said}), 150)
        assert found[kind] == truth, (field, found)


def test_figures_are_those_of_the_moment_shown(planted: Planted) -> None:
    store = two_games(planted)
    later = ALICES.format(**{**TRUE, "games": "2 games", "share": "50"})
    assert judged(store, later, 150)["stats_games"] == "1 games counted"
    assert judged(store, later, 250)["stats_games"] is None
    # Before the Euchre game was counted, it is in no figure; after, the share is 50%.
    assert judged(store, ALICES.format(**TRUE), 250)["stats_share"] == "50.0%"


def test_a_leavers_loss_counts_in_their_stats(planted: Planted) -> None:
    store = two_games(planted)
    bobs = ("📊 bob's stats\n<@11> · 2 games · 0 won (0%)\nOver the Rhine — #2 of 2\n"
            "Skill **-3.0** (below the easy computer · still settling after 2 games)\n"
            "2 games · 0 won (0%) · 4 hands\n"
            "Skill after each of the last 2 games: lowest -3.0, highest -1.4, now -3.0")
    found = judged(store, bobs, 400, member=BOB)
    assert all(truth is None for truth in found.values()), found
    assert judged(store, bobs.replace("2 games · 0 won", "1 game · 0 won"), 400,
                  member=BOB)["stats_game_totals"] == "2 games"
    assert judged(store, bobs.replace("now -3.0", "now -1.4"), 400, member=BOB)[
        "stats_chart"] == "now -3.000"


def test_strength_among_the_computers() -> None:
    assert strength(5.0) == "below the easy computer"
    assert strength(18.0) == "between the easy and normal computers"
    assert strength(23.0) == "between the normal and hard computers"
    assert strength(40.0) == "above the hard computer"


NOTE = ("Skill is a cautious estimate of how well you play: it starts at 0, rises as you win"
        " (more against strong players) and settles after about {n} games against computers,"
        " about twice that against other new players. For comparison: easy computer 15 ·"
        " normal computer 20 · hard computer 25.")


def test_the_skill_footnote_is_held_to_the_wins_and_the_settling_said(planted: Planted) -> None:
    store = two_games(planted)
    text = ALICES.format(**TRUE).replace(
        "Skill is a cautious estimate of how well you play.", NOTE.format(n=20))
    assert judged(store, text, 150)["stats_skill_note"] is None
    assert judged(store, text.replace("about 20", "about 0"), 150)["stats_skill_note"] == (
        "'Skill **5.5** (below the easy computer · still settling after 1 game)': still"
        " settling after 1 games")  # more than about twice 0 games
    store.table(4, "over_the_rhine", ALICE, "finished", 310, [(ALICE, None), (BOB, None)])
    store.result(4, "over_the_rhine", 400, 3, [(ALICE, True, 20.0), (BOB, False, 22.0)], 401)
    assert judged(store, text, 500)["stats_skill_note"] == (
        "the win at table #4 left skill at -1.00, from 5.50")


def test_settling_past_the_games_said_is_false_against_computers_only(
        planted: Planted) -> None:
    """3 games still settling: past "about 2 games against computers", within "about
    twice that against other new players"."""
    three = ("📊 alice's stats\n<@10> · 1 game · 1 won (100%)\nEuchre — #1 of 1\n"
             "Skill **5.5** (below the easy computer · still settling after 3 games)\n"
             + NOTE.format(n=2))
    with_bob = judged(two_games(planted), three.replace("Euchre —", "Over the Rhine —"), 150)
    assert with_bob["stats_skill_note"] is None
    planted.db.execute("DELETE FROM result_players WHERE table_id = 1")
    planted.db.execute("DELETE FROM results WHERE table_id = 1")
    assert judged(planted, three, 250)["stats_skill_note"] == (
        "'Skill **5.5** (below the easy computer · still settling after 3 games)': still"
        " settling after 3 games against computers only")
