"""Alt texts of a tournament's standings picture and of a table's picture are judged
against the games played; an alt text no checker reads is handed back unread."""

from __future__ import annotations

from tests.truth.claims.answers import Kept
from tests.truth.claims.events.standings import Tournament
from tests.truth.claims.pictures import alt_findings
from tests.truth.planting import ALICE, BOB, NAMES
from tests.truth.playing.recorder import Shown
from tests.truth.stored.ratings import Ledger
from tests.truth.stored.store import StoredRound, StoredTable
from tests.truth.stored.timeline import replay

FINAL = "🏆 Night — final standings"


def findings(alts: tuple[str, ...], title: str, tournament: Tournament
             ) -> tuple[dict[str, str | None], list[tuple[str, str]]]:
    """Each kind found in the alts → its first truth (None: true), and the alts unread."""
    version = Shown(1, 2, None, 0, 1e9, "", title, alts=alts)
    found, unread = alt_findings(version, Kept(Ledger(), {}), NAMES, {"Night": tournament},
                                 {1: "euchre"})
    kinds: dict[str, str | None] = {}
    for kind, _, truth in found:
        kinds[kind] = kinds.get(kind) or truth
    return kinds, unread


def night(table: StoredTable) -> tuple[Tournament, int, int]:
    """bob and alice on opposite sides of table #1 in round 1; their final scores."""
    final = replay(table)[-1]
    scores = [final.public["scores"][next(n for n, seats in enumerate(final.public["sides"])
                                          if seat in seats)] for seat in (0, 1)]
    rounds = [StoredRound(1, 1, 1, 1, [ALICE, BOB, None, None])]
    return Tournament(rounds, {1: final}, {"alice": ALICE, "bob": BOB}), scores[0], scores[1]


def test_true_final_standings_alt_passes(table: StoredTable) -> None:
    tournament, alice, bob = night(table)
    first, second = sorted([("alice", alice), ("bob", bob)], key=lambda p: -p[1])
    alt = f"Final standings of Night: 1. {first[0]} {first[1]}; 2. {second[0]} {second[1]}"
    found, unread = findings((alt,), FINAL, tournament)
    assert unread == [] and {"alt_standings_moment", "alt_standing_total",
                             "alt_standing_place"} <= set(found)
    assert all(truth is None for truth in found.values()), found


def test_a_wrong_total_place_or_moment_in_the_standings_alt_is_false(
        table: StoredTable) -> None:
    tournament, _, bob = night(table)
    found, _ = findings((f"Final standings of Night: 1. bob {bob + 5}",), FINAL, tournament)
    assert found["alt_standing_total"] == f"{bob}"
    found, _ = findings((f"Standings so far of Night: 1. bob {bob}",), FINAL, tournament)
    assert found["alt_standings_moment"] == f"the message shows {FINAL}"
    found, _ = findings(("Final standings of Night: 1. zoe 3",), FINAL, tournament)
    assert found["alt_standing_place"] == "no such member takes part"


def test_a_table_pictures_alt_names_the_table_and_its_game(table: StoredTable) -> None:
    tournament, _, _ = night(table)
    true = "Euchre table #1, as the message describes it"
    found, unread = findings((true,), "Euchre · table #1", tournament)
    assert found == {"alt_table": None} and unread == []
    assert findings((true.replace("Euchre", "Flip Euchre"),), "", tournament)[0] == {
        "alt_table": "it plays Euchre"}
    assert findings((true.replace("#1", "#4"),), "", tournament)[0] == {
        "alt_table": "there is no table #4"}
    assert findings((true,), "Euchre · table #4", tournament)[0] == {
        "alt_table": "the message is about table #4"}


def test_an_alt_no_checker_reads_is_handed_back() -> None:
    alt = "Your cards, as the message lists them; the ones you cannot play now are dimmed"
    found, unread = findings((alt,), "Euchre · table #1 · your hand",
                             Tournament([], {}, {}))
    assert found == {} and unread == [("alt text: Your cards, as the message lists them; t",
                                       alt)]
