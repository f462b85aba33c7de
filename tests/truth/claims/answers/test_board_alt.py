"""The leaderboard picture's alt text is judged as the rows of the text beside it are:
true figures pass, a planted false one is reported with the truth."""

from __future__ import annotations

from tests.truth.claims.answers import read_kept
from tests.truth.claims.answers.board_alt import board_alt_findings, is_board_alt
from tests.truth.claims.answers.planting import ALICE, BOB, Planted, rival_games

NAMES = {ALICE: "alice", BOB: "bob"}
TEXT = "🏆 Euchre leaderboard · Season 1\nPage 1 of 1 · 2 ranked"
ALT = ("Euchre leaderboard, Season 1: #1 bob, skill {bob}, {games}, 50% won, {move}; #2 alice,"
       " skill -0.7, 2 games, 50% won, down 1 place. ▲▼ Places moved since just before your"
       " last game on this board (new: not on the board then).")
TRUE = {"bob": "7.0", "games": "2 games", "move": "up 1 place"}


def judged(store: Planted, alt: str, at: float = 250, text: str = TEXT,
           names: dict[int, str] = NAMES) -> dict[str, str | None]:
    """Each kind of statement of the alt → the first truth against it (None: all true)."""
    ledger = read_kept(store.done()).ledger
    found: dict[str, str | None] = {}
    for kind, _, truth in board_alt_findings(alt, text, ALICE, ledger, at, names):
        found[kind] = found.get(kind) or truth
    return found


def test_a_true_alt_passes(planted: Planted) -> None:
    alt = ALT.format(**TRUE)
    assert is_board_alt(alt) and not is_board_alt("Euchre table #1, as the message describes it")
    found = judged(rival_games(planted), alt)
    assert {"leaderboard_alt_title", "leaderboard_alt_rows", "leaderboard_alt_place",
            "leaderboard_alt_skill", "leaderboard_alt_games", "leaderboard_alt_moved",
            "leaderboard_alt_moves_window"} <= set(found)
    assert all(truth is None for truth in found.values()), found


def test_each_planted_falsehood_is_reported(planted: Planted) -> None:
    store = rival_games(planted)
    wrong = {"bob": ("9.0", "leaderboard_alt_skill", "7.000"),
             "games": ("1 game", "leaderboard_alt_games", "2 games counted"),
             "move": ("same place", "leaderboard_alt_moved", "▲ 1")}
    for field, (said, kind, truth) in wrong.items():
        assert judged(store, ALT.format(**{**TRUE, field: said}))[kind] == truth, field
    alt = ALT.format(**TRUE)
    assert judged(store, alt.replace("#2 alice", "#3 alice"))["leaderboard_alt_place"] == (
        "2 place")
    assert judged(store, alt.replace("#2 alice", "#2 zoe"))["leaderboard_alt_place"] == (
        "no member is called that")
    assert judged(store, alt, text=TEXT.replace("Season 1", "All time"))[
        "leaderboard_alt_title"] == "the message shows 🏆 Euchre leaderboard · All time"


def test_a_member_whose_name_is_not_known_is_named_by_their_ids_digits(
        planted: Planted) -> None:
    store = rival_games(planted)
    alt = ALT.format(**TRUE).replace("#1 bob", "#1 Member …11")
    assert all(truth is None for truth in judged(store, alt).values())
    assert judged(store, alt.replace("…11", "…12"))[
        "leaderboard_alt_place"] == "no member is called that"


def test_an_empty_alt_of_a_ranked_board_is_false(planted: Planted) -> None:
    empty = ("Euchre leaderboard, Season 1: Nobody has finished a game of Euchre this season"
             " yet. Open a table with `/table create` to be the first!")
    assert judged(planted, empty, text=TEXT.replace("2 ranked", "0 ranked"))[
        "leaderboard_alt_empty"] is None
    assert judged(rival_games(planted), empty)["leaderboard_alt_empty"] == "2 ranked"
