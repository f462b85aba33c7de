"""A ``/stats`` card's alt text is judged as the ``/stats`` text is: true figures pass, a
planted false one is reported with the truth, a part no checker reads is handed back."""

from __future__ import annotations

from tests.truth.claims.answers import read_kept
from tests.truth.claims.answers.card_alt import card_alt_findings, is_card_alt
from tests.truth.claims.answers.planting import ALICE, BOB, Planted, rival_games

NAMES = {ALICE: "alice", BOB: "bob"}
CARD = ("alice's Euchre card: {place}. skill {skill}, below the easy computer · still settling"
        " after 2 games. {games} · 1 won (50%) · {hands}. Skill after each of the last 2 games:"
        " lowest -0.7, highest 5.5, now -0.7 (computer levels: easy 17, normal 22, hard 26).")
TRUE = {"place": "#2 of 2", "skill": "-0.7", "games": "2 games", "hands": "6 hands"}


def judged(store: Planted, alt: str) -> tuple[dict[str, str | None], list[str]]:
    """Each kind of figure → its first truth (None: all true), and the parts unread."""
    kept = read_kept(store.done())
    found, unread = card_alt_findings(alt, kept.ledger, kept.finals, 250, NAMES)
    kinds: dict[str, str | None] = {}
    for kind, _, truth in found:
        kinds[kind] = kinds.get(kind) or truth
    return kinds, unread


def test_a_true_card_alt_passes(planted: Planted) -> None:
    alt = CARD.format(**TRUE)
    assert is_card_alt(alt) and not is_card_alt("Euchre table #1, as the message describes it")
    found, unread = judged(rival_games(planted), alt)
    assert unread == [] and {"stats_card_place", "stats_card_skill", "stats_card_skill_games",
                             "stats_card_game_totals", "stats_card_hands",
                             "stats_card_chart"} <= set(found)
    assert all(truth is None for truth in found.values()), found


def test_each_planted_falsehood_is_reported(planted: Planted) -> None:
    store = rival_games(planted)
    wrong = {"place": ("#1 of 2", "stats_card_place", "#2 of 2"),
             "skill": ("-1.7", "stats_card_skill", "-0.700"),
             "games": ("3 games", "stats_card_game_totals", "2 games"),
             "hands": ("5 hands", "stats_card_hands", "6 hands")}
    for field, (said, kind, truth) in wrong.items():
        assert judged(store, CARD.format(**{**TRUE, field: said}))[0][kind] == truth, field


def test_a_stranger_or_an_unread_figure_is_not_passed_over(planted: Planted) -> None:
    store = rival_games(planted)
    found, _ = judged(store, CARD.format(**TRUE).replace("alice's", "zoe's"))
    assert found == {"stats_card_member": "no member is called that"}
    _, unread = judged(store, CARD.format(**TRUE)[:-1] + ". Tricks 9.")
    assert unread == ["Tricks 9"]
