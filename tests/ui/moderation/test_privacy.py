"""What /privacy says: what is kept (and nothing when nothing is), what erasing does and
what stays, the confirmation's buttons, the answers; past games show a former member."""

from __future__ import annotations

from dataclasses import replace

import discord
import pytest

from bot.store.moderation.privacy import StoredData
from bot.store.results import ResultPlayer, ResultRecord
from bot.store.standings.stats import HistoryEntry
from bot.ui.moderation.privacy import (
    ERASE_MINE,
    ERASE_THEIRS,
    KEEP,
    confirm_view,
    deletion_question,
    erasable,
    erased_answer,
    kept_answer,
    nothing_to_erase,
    parse_privacy_id,
    privacy_button_id,
    privacy_embed,
    seated_refusal,
)
from bot.ui.stats.message import history_line
from tests.emulator.rules import limits

NOTHING = StoredData({}, 0, 0, 0, 0, 0, 0, (), 0, 0)
PLAYER = StoredData(
    ratings={"euchre": 5, "over_the_rhine": 1},
    rating_rows=4,
    games_played=6,
    games_left=1,
    moves=134,
    tables_hosted=3,
    closed_unfinished=0,
    open_tables=(),
    actions_taken=0,
    actions_about=2,
)
BOB = 222_000_000_000_000_002


def text_of(embed: discord.Embed) -> str:
    """Everything an embed says."""
    fields = "\n".join(f"{f.name}\n{f.value}" for f in embed.fields)
    return f"{embed.title}\n{embed.description}\n{fields}"


def test_custom_ids_name_the_member_and_the_answer_and_round_trip() -> None:
    for op in ("erase", "keep"):
        custom_id = privacy_button_id(BOB, op)
        assert custom_id.startswith("bower-privacy:") and len(custom_id) <= 100
        assert parse_privacy_id(custom_id) == (BOB, op)
    assert parse_privacy_id(f"bower-privacy:{2**63}:erase") is None  # not a stored id
    assert parse_privacy_id(f"bower-privacy:{BOB}:delete") is None
    assert parse_privacy_id(f"bower:privacy:{BOB}:erase") is None


def test_a_member_with_nothing_stored_is_told_so_in_a_few_words() -> None:
    embed = privacy_embed(NOTHING, "The Club")
    text = text_of(embed)
    assert embed.title == "🔒 What Bower keeps about you in The Club"
    assert (embed.description or "").startswith("**Nothing:** no games, ratings")
    assert "Your messages" in text and "other servers" in text
    assert "How long" not in text and "Ratings" not in text
    limits.check_message({"embeds": [embed.to_dict()]})


def test_what_is_kept_is_listed_with_who_sees_it_how_long_and_how_to_erase() -> None:
    stored = replace(PLAYER, open_tables=(7,), actions_taken=4)
    embed = privacy_embed(stored, "The Club")
    text = text_of(embed)
    for line in (
        "**Ratings** in Euchre (5 games) and Over the Rhine (1 game)",
        "**6 finished games** you played",
        "**1 game** you left before the end",
        "**134 moves** you made",
        "**3 tables** you opened",
        "**Your seat** at table #7, open now",
        "**4 moderator actions** you took",
        "**2 moderator actions** about you",
    ):
        assert line in text, line
    assert [f.name for f in embed.fields] == ["Who sees it", "Never kept", "How long", "Erasing it"]
    assert "Backups" in text and "`/privacy delete`" in text and "“former member”" in text
    limits.check_message({"embeds": [embed.to_dict()]})


def test_only_what_is_there_is_listed() -> None:
    text = text_of(privacy_embed(replace(NOTHING, moves=1), "The Club"))
    assert "**1 move** you made" in text
    assert "Ratings" not in text and "finished game" not in text and "opened" not in text


def test_the_question_says_what_is_erased_and_what_stays() -> None:
    question = deletion_question(PLAYER, BOB, own=True)
    assert question.startswith("**Erase your Bower data in this server?**")
    assert "• your ratings and stats in Euchre (5 games) and Over the Rhine (1 game)" in question
    assert (
        "• you, in 6 past games, 1 game you left, 134 moves, 3 tables you opened and "
        "2 moderator actions about you: they'll show “former member” instead" in question
    )
    assert "the other players' results still add up" in question
    assert "moderator action" not in question.split("**This stays:**")[1]
    assert "can't be undone: if you play here again, you start afresh" in question
    assert "Backups" in question
    assert "moderation log will record" not in question
    limits.check_message({"content": question})


def test_a_moderators_question_names_the_member_and_says_it_is_logged() -> None:
    question = deletion_question(replace(PLAYER, actions_taken=3), BOB, own=False)
    assert question.startswith(f"**Erase <@{BOB}>'s Bower data in this server?**")
    assert "• their ratings and stats" in question and "• them, in 6 past games" in question
    assert "3 tables they opened" in question and "if they play here again" in question
    assert "• the 3 moderator actions they took, in the moderation log" in question
    assert "The moderation log will record that you erased a member's data." in question


def test_the_buttons_are_a_red_erase_and_a_keep() -> None:
    own = [(b["label"], b["custom_id"], b["style"]) for b in confirm_view(BOB, own=True).children]
    assert own == [
        (ERASE_MINE, f"bower-privacy:{BOB}:erase", 4),
        (KEEP, f"bower-privacy:{BOB}:keep", 2),
    ]
    theirs = confirm_view(BOB, own=False).children
    assert [b["label"] for b in theirs] == [ERASE_THEIRS, KEEP]
    limits.check_message(
        {"content": "?", "components": confirm_view(BOB, own=True).to_components()}
    )


@pytest.mark.parametrize(
    ("stored", "expected"),
    [
        (NOTHING, False),
        (replace(NOTHING, actions_taken=5), False),  # a moderator's own actions stay anyway
        (replace(NOTHING, moves=1), True),
        (replace(NOTHING, rating_rows=2), True),
        (replace(NOTHING, actions_about=1), True),
        (PLAYER, True),
    ],
)
def test_what_counts_as_something_to_erase(stored: StoredData, expected: bool) -> None:
    assert erasable(stored) is expected


def test_refusals_and_answers() -> None:
    assert seated_refusal((5, 9), BOB, own=True) == (
        "You're seated at tables #5 and #9: leave them (or let them finish) first, then "
        "erase. Nothing was erased."
    )
    assert seated_refusal((5,), BOB, own=False).startswith(
        f"<@{BOB}> is seated at table #5: leave it (or let it finish) first"
    )
    assert "nothing about you" in nothing_to_erase(NOTHING, BOB, own=True)
    moderator = nothing_to_erase(replace(NOTHING, actions_taken=2), BOB, own=False)
    assert f"nothing about <@{BOB}>" in moderator and "stay in the moderation log" in moderator
    assert "“former member”" in erased_answer(BOB, own=True)
    assert f"<@{BOB}>'s ratings" in erased_answer(BOB, own=False)
    assert "The moderation log records it" in erased_answer(BOB, own=False)
    assert kept_answer(own=True).startswith("Nothing was erased.")


def test_history_shows_a_former_member_never_a_broken_mention() -> None:
    result = ResultRecord(
        table_id=9,
        guild_id=1,
        variant="euchre",
        players=4,
        winner_side=0,
        final_scores=(10, 4),
        hands_played=5,
        hand_scores=(),
        seats=(
            ResultPlayer(0, 0, 5, None, True),
            ResultPlayer(1, 1, -3, None, False),
            ResultPlayer(2, 0, None, "hard", True),
            ResultPlayer(3, 1, None, "easy", False),
        ),
    )
    line = history_line(HistoryEntry(result, 0, None, None))
    assert "<@5> & 🤖 Cog (hard): **10** — former member & 🤖 Dex (easy): 4" in line
    assert "<@-" not in line


def test_a_seat_at_a_cancelled_table_alone_is_kept_and_can_be_erased() -> None:
    stored = replace(NOTHING, closed_unfinished=2)
    assert not stored.empty and erasable(stored)
    assert "**Your seat** at 2 tables closed before a game's end" in text_of(
        privacy_embed(stored, "Card Club")
    )


def test_a_seat_taken_and_given_up_before_a_start_is_kept_and_can_be_erased() -> None:
    stored = replace(NOTHING, lobbies_left=1)
    assert not stored.empty and erasable(stored)
    assert "**When you took and gave up a seat** at 1 table you left before the game started" in (
        text_of(privacy_embed(stored, "Card Club")))
    assert "• you, in 1 table you left before the start: they'll show “former member”" in (
        deletion_question(stored, BOB, own=True))
