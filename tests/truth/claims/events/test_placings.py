"""``/history``'s tournament lines: a member's true place, points and ending pass; a
planted falsehood is found with the truth."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.truth.claims.events.conftest import ROUND_1_OVER, ROUND_2_OPENED
from tests.truth.claims.events.placings import placing_findings
from tests.truth.claims.events.records import Records
from tests.truth.planting import ALICE, BOB
from tests.truth.stored.timeline import replay

ENDED_AT = ROUND_2_OPENED + 30
NIGHT = "**Night** (Euchre, progressive)"
ALICES = f"🥇 1st of 2 · {NIGHT} · 2 points · ended early · <t:{ENDED_AT:.0f}:R>"
BOBS = f"🥈 2nd of 2 · {NIGHT} · 0 points · ended early · <t:{ENDED_AT:.0f}:R>"


@pytest.fixture
def ended(records: Records) -> Records:
    """Night ended by a moderator after round 2's table played one hand: alice 2 points,
    bob 0."""
    night = replace(records.tournaments[0], status="ended", finished_at=ENDED_AT)
    finals = {1: replay(records.tables[1])[-1], 2: replay(records.tables[2])[20]}
    return replace(records, tournaments=[night], finals=finals)


def truths(line: str, member: int, records: Records) -> dict[str, str | None]:
    """Each kind of finding of the line → its truth."""
    found = placing_findings(f"🏆 Tournaments\n{line}", member, records, ENDED_AT + 5)
    assert found and all(said == line for _, said, _ in found)
    return {kind: truth for kind, _, truth in found}


def test_true_placings_pass(ended: Records) -> None:
    assert set(truths(ALICES, ALICE, ended).values()) == {None}
    assert set(truths(BOBS, BOB, ended).values()) == {None}


def test_a_false_place_points_or_count_is_reported(ended: Records) -> None:
    assert truths(ALICES.replace("🥇 1st", "🥈 2nd"), ALICE, ended)["history_placing"] == (
        "place 1")
    assert truths(ALICES.replace("🥇", "▫️"), ALICE, ended)["history_placing"] == (
        "place 1's medal is 🥇")
    assert truths(ALICES.replace("of 2", "of 3"), ALICE, ended)["history_placing"] == (
        "2 ranked")
    assert truths(ALICES.replace("2 points", "4 points"), ALICE, ended)[
        "history_placing"] == "2 points"
    assert truths(ALICES, BOB, ended)["history_placing"] == "place 2; 0 points"


def test_the_game_format_and_end(ended: Records) -> None:
    wrong = truths(ALICES.replace("(Euchre, progressive)", "(Railroad Euchre, swiss)"),
                   ALICE, ended)
    assert wrong["history_tournament"] == "its game is Euchre; its format is progressive"
    assert truths(ALICES.replace(f"<t:{ENDED_AT:.0f}", "<t:9999"), ALICE, ended)[
        "history_tournament_end"] == f"it ended at {ENDED_AT:.0f}"
    assert truths(ALICES.replace(" · ended early", ""), ALICE, ended)[
        "history_tournament_end"] == "1 of 2 rounds were played out"


def test_ended_early_is_false_for_a_tournament_played_out(records: Records) -> None:
    night = replace(records.tournaments[0], status="finished", rounds=1,
                    finished_at=ROUND_1_OVER + 1)
    played = replace(records, tournaments=[night],
                     finals={1: replay(records.tables[1])[-1]})
    line = f"🥇 1st of 2 · {NIGHT} · 0 points · <t:{ROUND_1_OVER + 1:.0f}:R>"
    assert truths(line, ALICE, played)["history_tournament_end"] is None
    early = line.replace(" · <t:", " · ended early · <t:")
    assert truths(early, ALICE, played)["history_tournament_end"] == (
        "1 of 1 rounds were played out")


def test_an_unknown_tournament_is_reported(ended: Records) -> None:
    assert truths(ALICES.replace("Night", "Day"), ALICE, ended)["history_tournament"] == (
        "no tournament has that name")


def test_the_tournaments_part_lists_exactly_the_members_ended_tournaments(
        ended: Records) -> None:
    answer = "🕘 alice's recent games\nalice hasn't finished a game in this server yet."
    listing = f"{answer}\n🏆 Tournaments\n{ALICES}"

    def listed(text: str, at: float) -> list[str | None]:
        return [truth for kind, _, truth in placing_findings(text, ALICE, ended, at)
                if kind == "history_tournaments"]

    assert listed(listing, ENDED_AT + 5) == [None]
    assert listed(answer, ENDED_AT + 5) == [
        "their ended tournaments, newest first: ['Night']"]  # left out
    assert listed(listing, ENDED_AT - 5) == [
        "their ended tournaments, newest first: []"]  # listed before it ended
    assert listed(answer, ENDED_AT - 5) == [None]
