"""A tournament's winners and the round a moderator cut short: true lines pass, planted
falsehoods are found."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.truth.claims.events.conftest import ROUND_2_OPENED
from tests.truth.claims.events.ending import ending_finding
from tests.truth.claims.events.records import Records
from tests.truth.planting import ALICE, BOB
from tests.truth.stored.timeline import replay

CUT = "ended during round 2 of 2, counted as its tables stood: its table played 1 of 2 hands"


@pytest.fixture
def ended(records: Records) -> Records:
    """Night ended by a moderator after round 2's table played one hand (alice's side 2
    points up, round 1 level for them at 0)."""
    night = replace(records.tournaments[0], status="ended", finished_at=ROUND_2_OPENED + 30)
    finals = {1: replay(records.tables[1])[-1], 2: replay(records.tables[2])[20]}
    return replace(records, tournaments=[night], finals=finals)


def truth(line: str, records: Records) -> str | None:
    found = ending_finding(line, records)
    assert found is not None
    return found[2]


def test_the_winner_of_a_tournament_cut_short_is_the_one_ahead_as_it_stood(
        ended: Records) -> None:
    assert truth(f"🏆 <@{ALICE}> wins **Night** ({CUT})!", ended) is None
    assert truth(f"🏆 <@{BOB}> wins **Night** ({CUT})!", ended) == (
        f"the top total (2) is [{ALICE}]'s")
    assert truth(f"🏆 <@{ALICE}> and <@{BOB}> share first place in **Night**!", ended) == (
        f"the top total (2) is [{ALICE}]'s")


def test_what_a_cut_round_counts_must_be_what_its_tables_had_played(ended: Records) -> None:
    reply = f"Night is {CUT}. Its final standings are posted."
    assert ending_finding(reply, ended) == ("tournament_cut", reply, None)
    assert truth(reply.replace("played 1 of", "played 2 of"), ended) == (
        "its tables had played [1] of 2 hands")
    nothing = ("Night is ended during round 2 of 2 before any hand of it was scored: it "
               "counts 0 for everyone. Its final standings are posted.")
    assert truth(nothing, ended) == "its tables had played [1] hands"
    assert truth(reply.replace("round 2 of 2", "round 1 of 2"), ended) == (
        "1 round(s) were played out; its tables had played [2] of 2 hands")
