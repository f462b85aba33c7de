"""Railroad's waits that last a hand are checked against the game: the Jambone's maker
and chooser, the partner sitting out beside a Jambone, and the call chosen ahead of the
dealer's discard."""

from __future__ import annotations

from tests.truth.planting import jambone_table, verdicts
from tests.truth.reading.names import COMPUTER_NAMES
from tests.truth.stored.timeline import Snapshot, replay


def name(seat: int | None) -> str:
    return f"🤖 {COMPUTER_NAMES[seat or 0]} (normal)"


def playing(snapshots: list[Snapshot]) -> Snapshot:
    return next(s for s in snapshots if s.public.get("chooser") is not None)


def test_a_jambone_said_chosen_by_another_seat_is_false() -> None:
    table = jambone_table()
    state = playing(replay(table))
    maker, chooser = state.public["maker"], state.public["chooser"]
    other = next(x for x in range(4) if x not in (maker, chooser))
    wait = "🃏 **Jambone:** your hand is face up and {} chooses each card you play, to the end."
    assert verdicts(wait.format(name(chooser)), table, state, seat=maker) == {"jambone": None}
    assert verdicts(wait.format(name(other)), table, state, seat=maker)["jambone"] == (
        f"{name(chooser)} chooses")
    choosing = f"{name(maker)} called Jambone: you choose which of their cards they play."
    assert verdicts(choosing, table, state, seat=chooser) == {"jambone": None}
    assert verdicts(choosing, table, state, seat=other)["jambone"]


def test_a_partner_said_to_sit_out_for_the_wrong_reason_is_false() -> None:
    table = jambone_table()
    state = playing(replay(table))
    maker = state.public["maker"]
    partner = next(x for side in state.public["sides"] if maker in side for x in side
                   if x != maker)
    line = "🪑 **You sit out this hand:** {} {}. Your cards stay out of play."
    assert verdicts(line.format(name(maker), "called a Jambone"), table, state,
                    seat=partner) == {"sits_out": None}
    assert verdicts(line.format("Your partner", "plays alone"), table, state,
                    seat=partner)["sits_out"] == "the partner called a Jambone"
    assert verdicts(line.format(name(maker), "called a Jambone"), table, state,
                    seat=maker)["sits_out"] == "the seat plays this hand"


def test_a_call_chosen_ahead_of_the_discard_must_be_the_one_made() -> None:
    table = jambone_table()
    snapshots = replay(table)
    discarding = next(s for s in snapshots if any(a.startswith("discard:") for a in s.legal))
    maker, dealer = playing(snapshots).public["maker"], discarding.public["dealer"]
    held = "⏳ {} as soon as {} has discarded (as you chose)."
    assert verdicts(held.format("You call Jambone", name(dealer)), table, discarding,
                    seat=maker) == {"held_call": None}
    assert verdicts(held.format("You go alone", name(dealer)), table, discarding,
                    seat=maker)["held_call"] == "the seat chose jambone"
    assert verdicts(held.format("You call Jambone", name(dealer)), table, playing(snapshots),
                    seat=maker)["held_call"] == "the seat has made its call already"
