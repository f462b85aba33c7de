"""A round message's seating and byes: true lines pass, planted falsehoods are found."""

from __future__ import annotations

from dataclasses import replace

from tests.truth.claims.events.records import Records
from tests.truth.claims.events.seating import seating_finding
from tests.truth.planting import BOB

LINK = "https://discord.com/channels/300/200/100 (#1)"


def truth(line: str, records: Records, number: int = 1) -> str | None:
    found = seating_finding(line, records.tournaments[0], number, records)
    assert found is not None
    return found[2]


def test_a_true_seating_line_passes(records: Records) -> None:
    assert truth(f"**Table 1:** 🤖 Ada & 🤖 Cog vs bob & alice — {LINK}", records) is None


def test_wrong_sides_a_stranger_or_another_tables_link_are_false(records: Records) -> None:
    assert truth(f"**Table 1:** 🤖 Ada & bob vs 🤖 Cog & alice — {LINK}", records) == (
        "the sides are seats [[0, 2], [1, 3]]")
    assert truth(f"**Table 1:** 🤖 Bolt & 🤖 Cog vs bob & alice — {LINK}", records) == (
        "someone named does not sit at this table")
    assert truth("**Table 1:** 🤖 Ada & 🤖 Cog vs bob & alice — <#600>", records) == (
        "it is played at table #1 (thread None)")
    assert truth(f"**Table 2:** 🤖 Ada & 🤖 Cog vs bob & alice — {LINK}", records) == (
        "round 1 has no table 2")


def test_the_byes_are_the_stored_ones(records: Records) -> None:
    night = records.tournaments[0]
    with_bye = replace(records, tournaments=[replace(night, byes={1: [BOB]})])
    line = "**Bye:** bob (sits the round out and scores its average)"
    assert truth(line, with_bye) is None
    assert truth(line.replace("bob", "alice"), with_bye) == "byes: ['bob']"
