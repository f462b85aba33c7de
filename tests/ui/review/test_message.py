"""A review step as a message: the title says where in the game it is, each seat is named
(a member who left the server as "former member"), and buttons that lead nowhere are
greyed out."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord

from bot.review.library import FinishedGame
from bot.store import ResultPlayer, ResultRecord
from bot.store.departures import Departure
from bot.ui.namebook import NameBook
from bot.ui.review.message import (
    departure_notes,
    record_files,
    review_controls,
    review_embed,
    seat_labels,
    step_title,
)
from bot.ui.review.navigation import Step, all_steps
from tests.review.helpers import record_of

BOB, CAROL, DAVE = 101, 102, 103


class GoneMembers:
    """Discord's member lookup, for a server carol has left."""

    async def get_member(self, guild_id: int, user_id: int) -> Any:
        response = type("Response", (), {"status": 404, "reason": "Not Found"})()
        raise discord.NotFound(response, {"message": "Unknown Member", "code": 10007})


def finished_game() -> FinishedGame:
    record = record_of("euchre", 4)
    seats = (
        ResultPlayer(0, 0, BOB, None, True), ResultPlayer(1, 1, CAROL, None, False),
        ResultPlayer(2, 0, None, "hard", True), ResultPlayer(3, 1, None, "easy", False),
    )
    result = ResultRecord(12, 7, "euchre", 4, 0, record.scores, len(record.hands), (), seats)
    return FinishedGame(12, 7, result, (), record)


async def test_seats_are_named_and_a_member_who_left_is_a_former_member() -> None:
    names = NameBook(GoneMembers())
    names.set(BOB, "bob")
    await names.ensure(7, [BOB, CAROL])
    tags = seat_labels(finished_game(), names)
    assert [(t.name, t.level) for t in tags] == [
        ("bob", None), ("former member", None), ("Cog", "hard"), ("Dex", "easy"),
    ]


def test_the_title_and_the_buttons_follow_the_step() -> None:
    game = finished_game()
    hands = len(game.record.hands)
    assert step_title(game, Step(1, 0)) == f"🔎 Euchre #12 · hand 1 of {hands} · deal and auction"
    assert step_title(game, Step(1, 2)).endswith(f"trick 2 of {len(game.record.hands[0].tricks)}")

    def greyed(step: Step) -> set[str]:
        rows = review_controls(game, step).to_components()
        return {b["label"] for row in rows for b in row["components"] if b.get("disabled")}

    assert greyed(Step(1, 0)) == {"⏮ First", "◀ Hand", "◀ Trick"}
    assert greyed(all_steps(game.record)[-1]) == {"Trick ▶", "Hand ▶", "Last ⏭"}
    assert greyed(Step(2, 1)) == set()


def test_the_review_and_the_hand_record_say_who_left_and_who_took_the_seat() -> None:
    game = finished_game()
    gone = Departure(12, 1, DAVE, "normal", "left", 2, True, id=1, departed_at="now")
    game = replace(game, departures=(gone,))
    names = NameBook()
    names.set(DAVE, "Dave")
    notes = departure_notes(game, names)
    sentence = "🚪 Dave left during hand 2; 🤖 a normal computer took the seat."
    assert notes == {2: [sentence]}
    tags = seat_labels(game, names)
    assert sentence in (review_embed(game, Step(2, 0), tags, "", notes).description or "")
    assert sentence not in (review_embed(game, Step(1, 0), tags, "", notes).description or "")
    assert sentence not in (review_embed(game, Step(2, 1), tags, "", notes).description or "")
    text = record_files(game, tags, notes)[0].fp.read().decode()
    assert text.count(sentence) == 2  # in the header and at the start of hand 2
    assert text.index(sentence) < text.index("== Hand 1 of")
    replaced = replace(gone, why="replaced")
    assert "A moderator replaced Dave during hand 2" in departure_notes(
        replace(game, departures=(replaced,)), names
    )[2][0]
    expert = replace(replaced, computer_level="expert")
    assert departure_notes(replace(game, departures=(expert,)), names)[2][0].endswith(
        "🤖 an expert computer took the seat."
    )


class NoLookups:
    """Discord's member lookup, which must not be asked about a former member."""

    async def get_member(self, guild_id: int, user_id: int) -> Any:
        raise AssertionError(f"looked up {user_id}")


async def test_a_member_who_erased_their_data_is_a_former_member_everywhere() -> None:
    former = -3
    game = finished_game()
    seats = tuple(
        replace(p, user_id=former) if p.user_id == CAROL else p for p in game.result.seats
    )
    gone = Departure(12, 3, former, "normal", "left", 2, True, id=1, departed_at="now")
    game = replace(game, result=replace(game.result, seats=seats), departures=(gone,))
    names = NameBook(NoLookups())
    names.set(BOB, "bob")
    await names.ensure(7, [BOB, former])
    tags = seat_labels(game, names)
    assert [t.name for t in tags][:2] == ["bob", "former member"]
    notes = departure_notes(game, names)
    assert notes[2] == ["🚪 former member left during hand 2; 🤖 a normal computer took the seat."]
    text = record_files(game, tags, notes)[0].fp.read().decode()
    assert "former member" in text and "<@" not in text and "-3" not in text


def test_a_leavers_seat_is_theirs_until_they_left_then_a_computer_plays_on() -> None:
    game = finished_game()
    assert len(game.record.hands) >= 2
    # seat 3: a computer
    gone = Departure(12, 2, DAVE, "hard", "left", 2, True, id=1, departed_at="now")
    second = game.record.hands[1]
    game = replace(game, departures=(gone,), computer_from={2: second.first_action + 1})
    names = NameBook()
    names.set(DAVE, "Dave")
    assert seat_labels(game, names, Step(1, 0))[2].name == "Dave"  # hand 1 dealt to Dave
    assert seat_labels(game, names, Step(2, 0))[2].name == "Dave"  # he began hand 2
    after = seat_labels(game, names, Step(2, 1))[2]
    assert (after.name, after.level) == ("Dave (left)", "hard")
    first = review_embed(game, Step(1, 0), seat_labels(game, names, Step(1, 0)))
    assert "Dave: " in (first.description or "") and "(left)" not in (first.description or "")
    later = review_embed(game, Step(2, 1), seat_labels(game, names, Step(2, 1)))
    assert "Dave (left, 🤖 plays on)" in (later.description or "")
    assert "Cog" not in (later.description or "")
    whole = record_files(game, seat_labels(game, names), departure_notes(game, names))
    assert "seat 3: Dave (left, 🤖 plays on)" in whole[0].fp.read().decode()
    given = replace(game, departures=(replace(gone, why="replaced"),))
    tags = seat_labels(given, names, Step(2, 1))
    assert tags[2].name == "Dave (out)"
    text = review_embed(given, Step(2, 1), tags).description or ""
    assert "Dave (replaced, 🤖 plays on)" in text and "(left" not in text
