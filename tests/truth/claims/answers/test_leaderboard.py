"""``/leaderboard show`` is judged against the counted results as they stood when it was
shown: true rows, moves and counts pass, a planted false one is reported with the truth."""

from __future__ import annotations

from tests.truth.claims.answers import read_kept
from tests.truth.claims.answers.leaderboard import leaderboard_findings
from tests.truth.claims.answers.planting import BOB, Planted, judged, rival_games

DAY = 86400.0
CAROL = 12
BOARD = """🏆 Euchre leaderboard · Season 1
🥇 <@11> — skill **{bob}** · {bob_games} · 50% won · {bob_move}
🥈 <@10> — skill **-0.7** · 2 games · {alice_share}% won · ▼ 1
Page 1 of {pages} · {ranked} ranked
▲▼ Places moved {window} (new: not on the board then).
Skill is a cautious estimate of how well you play: it starts at 0, rises as you win (more\
 against strong players) and settles after about 20 games against computers, about twice\
 that against other new players. For comparison: easy computer 5."""
TRUE = {"bob": "7.0", "bob_games": "2 games", "bob_move": "▲ 1", "alice_share": "50",
        "pages": "1", "ranked": "2", "window": "since just before your last game on this board"}


def test_a_true_board_passes(planted: Planted) -> None:
    found = judged(rival_games(planted), BOARD.format(**TRUE), 250)
    assert found and all(truth is None for truth in found.values()), found
    assert {"leaderboard_title", "leaderboard_rows", "leaderboard_place", "leaderboard_skill",
            "leaderboard_games", "leaderboard_moved", "leaderboard_ranked",
            "leaderboard_moves_window", "leaderboard_skill_note"} <= set(found)


def test_each_planted_falsehood_is_reported(planted: Planted) -> None:
    store = rival_games(planted)
    wrong = {"bob": ("8.0", "leaderboard_skill", "7.000"),
             "bob_games": ("3 games", "leaderboard_games", "2 games counted"),
             "alice_share": ("100", "leaderboard_games", "50.0%"),
             "bob_move": ("new", "leaderboard_moved", "▲ 1"),
             "ranked": ("3", "leaderboard_ranked", "2 ranked"),
             "pages": ("2", "leaderboard_ranked", "1 pages"),
             "window": ("in the last 7 days", "leaderboard_moves_window",
                        "the asking member's last game here finished in the last 7 days")}
    for field, (said, kind, truth) in wrong.items():
        found = judged(store, BOARD.format(**{**TRUE, field: said}), 250)
        assert found[kind] == truth, (field, found)


def test_a_wrong_place_or_order_is_reported(planted: Planted) -> None:
    store = rival_games(planted)
    third = BOARD.format(**TRUE).replace("🥈 <@10>", "🥉 <@10>")
    assert judged(store, third, 250)["leaderboard_place"] == "2 place"
    lines = BOARD.format(**TRUE).splitlines()
    swapped = "\n".join([lines[0], lines[2], lines[1], *lines[3:]])
    assert judged(store, swapped, 250)["leaderboard_rows"] == "listed: <@11>, <@10>"


def test_figures_are_those_of_the_moment_shown(planted: Planted) -> None:
    # Before the second game was counted, alice led and bob had one game.
    found = judged(rival_games(planted), BOARD.format(**TRUE), 150)
    assert found["leaderboard_place"] == "2 place"
    assert found["leaderboard_games"] == "1 games counted"


def test_moves_of_a_member_who_has_not_played_this_week(planted: Planted) -> None:
    # carol asks nine days on: she has no game, so the moves are the last 7 days'
    # (both games older: nobody moved), and there is no "Your place".
    store = rival_games(planted)
    board = BOARD.format(**{**TRUE, "bob_move": "same place", "window": "in the last 7 days"})
    board = board.replace("▼ 1", "same place")
    found = judged(store, board, 9 * DAY, member=CAROL)
    assert all(truth is None for truth in found.values()), found
    assert judged(store, board.replace("same place", "▲ 1", 1), 9 * DAY,
                  member=CAROL)["leaderboard_moved"] == "same place"


def test_the_members_own_place_under_the_page(planted: Planted) -> None:
    board = "\n".join(BOARD.format(**TRUE).splitlines()[:3] + [
        "Your place: 🥈 <@10> — skill **-0.7** · 2 games · 50% won · ▼ 1"])
    store = rival_games(planted)
    assert judged(store, board, 250)["leaderboard_place"] is None
    assert judged(store, board.replace("Your place: 🥈", "Your place: 🥇"),
                  250)["leaderboard_place"] == "2 place"
    assert judged(store, board, 250, member=BOB)[
        "leaderboard_place"] == "it is not the asking member's row"


def test_inactive_members_are_left_out(planted: Planted) -> None:
    # With a 3-day window, nine days on, nobody is listed: the empty text must say so.
    store = rival_games(planted)
    store.setting("inactive_days", 3)
    empty = ("🏆 Euchre leaderboard · Season 1\nNobody has finished a game of Euchre this"
             " season in the last {days}. Open a table with `/table create` to get on the board!"
             "\nPage 1 of 1 · {ranked} ranked\nPlayers with no game in the last {days} are not"
             " listed.")
    true = {"days": "3 days", "ranked": "0"}
    found = judged(store, empty.format(**true), 9 * DAY)
    assert {"leaderboard_empty", "leaderboard_inactive", "leaderboard_ranked"} <= set(found)
    assert all(truth is None for truth in found.values()), found
    assert judged(store, empty.format(**{**true, "days": "30 days"}), 9 * DAY)[
        "leaderboard_inactive"] == "3 days set"
    # Two days after the second game, both are still listed.
    assert judged(store, empty.format(**true), 2 * DAY)["leaderboard_empty"] == "2 ranked"


def test_an_empty_board_without_inactivity(planted: Planted) -> None:
    empty = ("🏆 Euchre leaderboard · All time\nNobody has finished a game of Euchre in this"
             " server yet. Open a table with `/table create` to be the first!\n"
             "Page 1 of 1 · 0 ranked")
    found = judged(planted, empty, 50)
    assert found["leaderboard_empty"] is None and found["leaderboard_ranked"] is None
    assert judged(rival_games(planted), empty, 250)["leaderboard_empty"] == "2 ranked"


def test_every_statement_names_words_of_the_message(planted: Planted) -> None:
    # The audit lists a line no statement came from as not checked: a statement said in
    # no words would pass every line off as read.
    empty = ("🏆 Euchre leaderboard · Season 1\nNobody has finished a game of Euchre this"
             " season yet. Open a table with `/table create` to be the first!\n"
             "Page 1 of 1 · 0 ranked\nSomething new")
    path = rival_games(planted).done()
    found = leaderboard_findings(empty, BOB, read_kept(path).ledger, 250)
    assert ("leaderboard_rows", "(no rows)", "listed: <@11>, <@10>") in found
    assert all(said and said in empty or said == "(no rows)" for _, said, _ in found)
    assert not any("Something new" in said for _, said, _ in found)
