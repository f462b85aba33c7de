"""What tournament messages say: the sign-up embed, a round's seating with byes and
computer seats, the standings so far, My table's answers, the final message that pings
the winners only, and every text within Discord's limits with 64 players."""

from __future__ import annotations

from dataclasses import replace

import discord
import pytest

from bot.store.tournaments import RoundTable, TournamentRecord
from bot.tournaments.models import CutRound, Layout, Standing
from bot.ui.tournaments.common import fit_lines, standings_embed, standings_text
from bot.ui.tournaments.ids import TournamentButton, button_id, parse_button
from bot.ui.tournaments.notices import (
    clock_text,
    dropped_text,
    ended_reply,
    final_content,
    paused_text,
    resumed_text,
    waiting_text,
    winners_of,
)
from bot.ui.tournaments.rounds import my_seat_text, old_round_text, round_embed
from bot.ui.tournaments.signup import registered_text, signup_embed
from bot.ui.tournaments.views import round_view, signup_view

EUCHRE = Layout(4, ((0, 2), (1, 3)))
RHINE = Layout(2, ((0,), (1,)))
NAMES = {1: "Alice", 2: "Bob", 3: "Carol", 4: "Dave", 5: "Erin"}


def night(**changes: object) -> TournamentRecord:
    record = TournamentRecord(
        id=7, guild_id=1, channel_id=2, message_id=None, host_id=99, name="Euchre night",
        variant="euchre", players=4, options={"target": 1000, "stick_dealer": False},
        format="progressive", fill="computers", rounds=3, hands=8, round_minutes=None,
        seed=1, status="running", round=2, starts_at=None, round_ends_at=None, created_at="",
    )
    return replace(record, **changes)  # type: ignore[arg-type]


def standing(rank: int, user: int, rounds: tuple[int, ...], **more: object) -> Standing:
    return Standing(rank=rank, user_id=user, rounds=rounds, total=sum(rounds),
                    rounds_won=more.pop("won", 0), loners=more.pop("loners", 0),  # type: ignore[arg-type]
                    **more)  # type: ignore[arg-type]


def embed_size(embed: discord.Embed) -> int:
    return len(embed)


def test_the_signup_embed_says_how_it_is_played_and_who_is_in() -> None:
    record = night(status="signup", round=0, round_minutes=1)
    embed = signup_embed(record, [1, 2, 3], NAMES)
    words = embed.description or ""
    assert embed.title == "🏆 Euchre night"
    assert "**Game:** Euchre, 4 players a table (stick_dealer=no)" in words
    assert "**Rounds:** 3 rounds × 8 hands" in words
    assert "**Round clock:** 1 minute a round, then each table finishes" in words
    assert "**Start:** when the host presses **Start**" in words
    assert embed.fields[0].name == "Registered (3)" and embed.fields[0].value == "Alice, Bob, Carol"
    assert [b["label"] for row in signup_view(record).to_components() for b in row["components"]] \
        == ["Register", "Withdraw", "Start"]
    assert signup_view(replace(record, status="running")).to_components() == []
    empty = signup_embed(record, [], NAMES)
    assert empty.fields[0].value == "Nobody yet."


def test_sixty_four_registered_fit_in_the_field() -> None:
    names = {u: f"Player with a long name {u}" for u in range(1, 65)}
    embed = signup_embed(night(status="signup"), list(names), names)
    value = embed.fields[0].value or ""
    assert len(value) <= 1024 and value.endswith("more") and "…and" in value
    assert embed.fields[0].name == "Registered (64)"


def test_a_round_shows_seating_links_byes_and_the_standings_so_far() -> None:
    tables = [RoundTable(2, 1, (1, 2, 3, 4), table_id=11),
              RoundTable(2, 2, (5, None, None, None), table_id=12)]
    lines = (standing(1, 1, (8,), won=1), standing(2, 5, (4,), bye_rounds=(1,)))
    embed = round_embed(night(), 2, tables, [], EUCHRE, NAMES,
                             {11: "<#500>"}, lines, picture=True)
    assert embed.title == "🏆 Euchre night — Round 2 of 3"
    words = embed.description or ""
    assert "**Table 1:** Alice & Carol vs Bob & Dave — <#500>" in words
    assert "**Table 2:** Erin & 🤖 Cog vs 🤖 Bolt & 🤖 Dex — table #12" in words
    assert embed.fields[0].name == "Standings after round 1"
    assert "` 1.` **Alice** — 8 points (by round: 8) · 1 round won" in (
        embed.fields[0].value or "")
    assert "**Erin** — 4 points (by round: bye 4)" in (embed.fields[0].value or "")
    assert embed.image.url == "attachment://standings.png"
    first = round_embed(night(round=1), 1, tables, [], EUCHRE, NAMES, {})
    assert not first.fields and first.image.url is None


def test_byes_are_named_in_the_round() -> None:
    tables = [RoundTable(1, 1, (1, 2), table_id=3), RoundTable(1, 2, (3, 4), table_id=4)]
    embed = round_embed(night(variant="over_the_rhine", players=2, round=1), 1, tables,
                             [5], RHINE, NAMES, {})
    assert "**Table 1:** Alice vs Bob" in (embed.description or "")
    assert "**Bye:** Erin (sits the round out and scores its average)" in (
        embed.description or "")


def test_sixty_four_players_keep_every_limit() -> None:
    names = {u: "W" * 32 for u in range(1, 65)}
    tables = [RoundTable(3, n + 1, tuple(range(4 * n + 1, 4 * n + 5)), table_id=100 + n)
              for n in range(16)]
    where = {100 + n: f"https://discord.com/channels/1/2/{10**18 + n} (#{100 + n})"
             for n in range(16)}
    lines = tuple(standing(u, u, (10, 9)) for u in range(1, 65))
    embed = round_embed(night(round=3), 3, tables, [], EUCHRE, names, where, lines)
    assert len(embed.description or "") <= 4096 and len(embed.fields[0].value or "") <= 1024
    assert embed_size(embed) <= 6000
    assert (embed.fields[0].value or "").endswith("\n…and 54 more players")  # no picture
    shown = round_embed(night(round=3), 3, tables, [], EUCHRE, names, where, lines,
                        picture=True)
    assert (shown.fields[0].value or "").endswith("\n…and 54 more (the picture has everyone)")
    final = standings_embed(night(status="finished", round=3), lines, names, final=True,
                            picture=True)
    assert len(final.description or "") <= 4096 and embed_size(final) <= 6000
    assert "…and 44 more (the picture has everyone)" in (final.description or "")
    assert len(final_content(night(), lines)) <= 2000


def test_the_picture_is_mentioned_only_when_it_goes_with_the_standings() -> None:
    lines = tuple(standing(u, u, (10, 9)) for u in range(1, 31))
    bare = standings_embed(night(), lines, NAMES, final=False, picture=False)
    assert (bare.description or "").endswith("\n…and 10 more players")
    assert "picture" not in (bare.description or "") and bare.image.url is None
    drawn = standings_embed(night(), lines, NAMES, final=False, picture=True)
    assert (drawn.description or "").endswith("\n…and 10 more (the picture has everyone)")


def test_cut_lists_count_everyone_left_out() -> None:
    lines = [f"line {n:02d}" for n in range(1, 11)]  # 7 characters each
    assert fit_lines(lines[:3], 100, hidden=4) == "line 01\nline 02\nline 03\n…and 4 more"
    cut = fit_lines(lines, 40, hidden=5)
    assert cut == "line 01\nline 02\nline 03\n…and 12 more", cut  # 7 cut + 5 hidden
    assert fit_lines(lines, 1000) == "\n".join(lines)
    names = {u: "W" * 32 for u in range(1, 65)}
    field = standings_text(tuple(standing(u, u, (10, 9)) for u in range(1, 65)), names,
                           picture=False, shown=20, limit=1024)
    kept, tail = field.rsplit("\n", 1)
    assert len(field) <= 1024 and tail == f"…and {64 - len(kept.splitlines())} more players"


def test_resuming_says_what_comes_next() -> None:
    paused = night(status="running", round=2)
    assert resumed_text(paused, round_over=False) == (
        "▶️ **Euchre night** goes on: round 3 starts when round 2 ends.")
    assert resumed_text(paused, round_over=True) == (
        "▶️ **Euchre night** goes on: round 3 starts now.")
    last = night(status="running", round=3)
    assert resumed_text(last, round_over=False) == (
        "▶️ **Euchre night** goes on: the tournament finishes when round 3 ends.")
    assert resumed_text(last, round_over=True) == (
        "▶️ **Euchre night** goes on: round 3 was its last, so it finishes now.")


def test_a_drop_says_only_what_happens() -> None:
    assert dropped_text(night(round=2), 5, seat_in_play=True) == (
        "🚪 <@5> was dropped from **Euchre night**: a computer player finishes their seat "
        "in round 2, and the next rounds go on without them.")
    # a bye, a table already over, or between rounds: no seat to finish
    assert dropped_text(night(round=2), 5, seat_in_play=False) == (
        "🚪 <@5> was dropped from **Euchre night**: the next rounds go on without them.")
    assert dropped_text(night(round=3), 5, seat_in_play=True) == (
        "🚪 <@5> was dropped from **Euchre night**: a computer player finishes their seat "
        "in round 3.")
    assert dropped_text(night(round=3), 5, seat_in_play=False) == (
        "🚪 <@5> was dropped from **Euchre night**: they play no more rounds.")


def test_the_answer_to_end_says_whether_standings_are_posted() -> None:
    assert ended_reply(night(status="ended", round=0)) == (
        "Euchre night is ended before it started: no round was played.")
    assert ended_reply(night(status="ended", round=2)) == (
        "Euchre night is ended after round 2 of 3. Its final standings are posted.")


def test_point_10_an_end_during_a_round_says_what_of_it_counts() -> None:
    ended = night(status="ended", round=2, rounds=2, hands=2)
    lines = (standing(1, 3, (3, 0)), standing(2, 1, (1, 0)))
    nothing = CutRound(number=2, hands=2, played=(0,))
    assert final_content(ended, lines, nothing) == (
        "🏆 <@3> wins **Euchre night** (ended during round 2 of 2 before any hand of it was "
        "scored: it counts 0 for everyone)!")
    assert ended_reply(ended, nothing) == (
        "Euchre night is ended during round 2 of 2 before any hand of it was scored: it "
        "counts 0 for everyone. Its final standings are posted.")
    some = CutRound(number=2, hands=2, played=(1, 2))
    assert final_content(ended, lines, some) == (
        "🏆 <@3> wins **Euchre night** (ended during round 2 of 2, counted as its tables "
        "stood: its tables played 1 to 2 of 2 hands)!")
    even = CutRound(number=2, hands=8, played=(3, 3))
    assert "stood: each table played 3 of 8 hands)!" in final_content(ended, lines, even)
    first = night(status="ended", round=1, rounds=2)
    empty = CutRound(number=1, hands=2, played=(0, 0))
    level = (standing(1, 3, (0,)), standing(1, 1, (0,)))
    assert final_content(first, level, empty) == (
        "🏁 **Euchre night** is over (ended during round 1 before any hand was scored): "
        "nobody won.")
    assert ended_reply(first, empty) == (
        "Euchre night is ended before any hand was scored: nobody won.")


def test_the_final_message_pings_the_winners_only() -> None:
    record = night(status="finished", round=3)
    lines = (standing(1, 1, (8, 8, 8)), standing(2, 2, (1, 1, 1)))
    assert final_content(record, lines) == "🏆 <@1> wins **Euchre night**!"
    shared = (standing(1, 1, (8,)), standing(1, 3, (8,)), standing(3, 2, (1,)))
    assert final_content(record, shared) == (
        "🏆 <@1> and <@3> share first place in **Euchre night**!")
    assert winners_of(shared) == [1, 3]
    ended = final_content(replace(record, status="ended", round=2), lines)
    assert ended == "🏆 <@1> wins **Euchre night** (ended after round 2 of 3)!"


def test_my_table_says_where_the_member_sits_or_that_the_round_is_over() -> None:
    tables = [RoundTable(2, 1, (1, 2, 3, 4), table_id=11)]
    record = night()
    here = my_seat_text(record, tables, [5], 3, EUCHRE, NAMES, {11: "<#500>"})
    assert here == ("Round 2 of 3: you sit at **table 1** (Alice & Carol vs Bob & Dave) "
                    "— <#500>")
    assert "you have a bye" in my_seat_text(record, tables, [5], 5, EUCHRE, NAMES, {})
    old = old_round_text(1, record, here)
    assert old.startswith("That was round 1: round 2 is on. Round 2 of 3: you sit at")
    over = old_round_text(1, replace(record, status="finished"), "")
    assert "is over. `/tournament results`" in over


def test_notices() -> None:
    record = night()
    assert clock_text(record) == (
        "⏰ Round 2's time is up: each table finishes the hand in play, then the round ends.")
    assert "paused by <@9>" in paused_text(record, 9)
    assert "next round waits for `/tournament resume`" in paused_text(record, 9)
    last = replace(record, round=record.rounds)
    assert "then the tournament finishes (it was the last round)" in paused_text(last, 9)
    assert "needs at least 4" in waiting_text(record, 3, 4)
    assert registered_text(7) == "You're in: 7 registered."


@pytest.mark.parametrize("custom_id, expected", [
    (button_id("register", 7), TournamentButton("register", 7)),
    (button_id("seat", 7, 2), TournamentButton("seat", 7, 2)),
    ("bower-tour:seat:7", None),
    ("bower-tour:start:7:2", None),
    ("bower-tour:start:99999999999999999999", None),
    ("bower-tour:explode:7", None),
    ("bower:table:7:start", None),
])
def test_button_ids(custom_id: str, expected: TournamentButton | None) -> None:
    assert parse_button(custom_id) == expected


def test_the_round_button_carries_its_round() -> None:
    row = round_view(7, 2).to_components()[0]["components"][0]
    assert row["label"] == "My table" and row["custom_id"] == "bower-tour:seat:7:2"


def test_point_12_each_rounds_points_are_said_to_be_that() -> None:
    """The bracketed numbers of a standings line read as each round's points, in order."""
    lines = (standing(1, 3, (3, 2), won=2), standing(2, 1, (1, 0, 4), bye_rounds=(3,)))
    text = standings_text(lines, NAMES, picture=False)
    assert "` 1.` **Carol** — 5 points (by round: 3 · 2) · 2 rounds won" in text
    assert "` 2.` **Alice** — 5 points (by round: 1 · 0 · bye 4) · 0 rounds won" in text
    one = standings_text((standing(1, 2, (1,)),), NAMES, picture=False)
    assert "**Bob** — 1 point (by round: 1)" in one
