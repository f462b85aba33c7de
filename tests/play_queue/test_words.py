"""The words of the /play queue: what a member reads about their wait and their table."""

from __future__ import annotations

from bot.store.play_queue import QueuedMember
from bot.ui.play_queue.words import (
    leave_view,
    minutes_text,
    parse_leave,
    queue_embed,
    ready_text,
    wait_stamp,
    wanted_text,
)
from tests.emulator.rules import limits

NOW = 1_000_000.0


def wait(user: int, *, joined: float = NOW - 130, minutes: int = 5, **kw: object) -> QueuedMember:
    fields: dict[str, object] = {
        "variant": "euchre",
        "players": 4,
        "options": {"target": 10, "stick_dealer": True},
        "channel_id": 77,
    }
    fields.update(kw)
    return QueuedMember(
        guild_id=1,
        user_id=user,
        joined_at=joined,
        wait_minutes=minutes,
        wait_ends=joined + minutes * 60,
        **fields,  # type: ignore[arg-type]
    )


def test_what_a_member_waits_for_names_the_game_seats_target_and_house_rules() -> None:
    assert wanted_text(wait(1)) == "Euchre · 4 players · game to 10"
    odd = wait(1, options={"target": 11, "stick_dealer": False})
    assert wanted_text(odd) == (
        "Euchre · 4 players · game to 11 · No stick-the-dealer: if all pass, the cards are "
        "dealt again"
    )


def test_durations_read_as_words() -> None:
    assert [minutes_text(s) for s in (10, 60, 150, 3600, 3900)] == [
        "less than a minute",
        "1 minute",
        "2 minutes",
        "1 hour",
        "1 h 5 min",
    ]


def test_the_private_answer_says_how_many_are_missing_when_computers_come_and_who_waits() -> None:
    me, other = wait(1), wait(2, joined=NOW - 30, computers=False)
    embed = queue_embed(me, [me, other], now=NOW, scale=1.0, names={1: "Bob", 2: "Carol"})
    text = embed.description or ""
    assert "as soon as 2 more members `/play`" in text
    assert "computer players in the empty seats in about 3 minutes" in text
    listed = embed.fields[0].value or ""
    assert "**Bob** — Euchre · 4 players · game to 10 — waiting 2 minutes" in listed
    assert "**Carol** — Euchre · 4 players · game to 10 — waiting less than a minute" in listed
    assert "(people only)" in listed
    limits.check_message(
        {"embeds": [embed.to_dict()], "components": leave_view(me).to_components()}
    )


def test_a_people_only_member_is_told_no_computers_will_come() -> None:
    me = wait(1, computers=False)
    text = queue_embed(me, [me], now=NOW, scale=1.0, names={}).description or ""
    assert "people only: no computer players" in text and "<#77>" in text


def test_the_leave_button_names_this_wait_only() -> None:
    me = wait(1)
    [button] = leave_view(me).children
    assert button["label"] == "Leave queue"
    assert parse_leave(button["custom_id"]) == wait_stamp(me)
    assert parse_leave("bower-queue:leave:x") is None
    assert parse_leave("bower-queue:leave:99999999999999999999") is None


def test_the_seated_members_message_says_where_and_names_the_computers() -> None:
    text = ready_text(12, 300, wait(5), computers=2)
    assert text.startswith("✅ Your table #12 is ready in <#300>: Euchre · 4 players")
    assert "with 2 computer players in the empty seats" in text
    assert "game has started" in text
    assert "computer" not in ready_text(12, 300, wait(5), computers=0)
