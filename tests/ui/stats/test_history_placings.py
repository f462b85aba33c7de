"""/history lists a member's places in the server's finished tournaments."""

from __future__ import annotations

from bot.store.tournaments import KeptStanding, TournamentRecord
from bot.ui.stats.message import history_embed, placing_line
from bot.words.scores import nth

NIGHT = TournamentRecord(
    id=3, guild_id=1, channel_id=2, message_id=None, host_id=9, name="Euchre night",
    variant="euchre", players=4, options={}, format="progressive", fill="computers",
    rounds=3, hands=8, round_minutes=None, seed=1, status="finished", round=3,
    starts_at=None, round_ends_at=None, created_at="2026-11-20T20:00:00+00:00",
    finished_at="2026-11-20T22:00:00+00:00",
)


def test_a_placing_says_the_place_the_field_the_tournament_and_the_points() -> None:
    line = placing_line(NIGHT, KeptStanding(3, 5, 2, 41, (10, 20, 11), 2, 1), 8)
    assert line.startswith("🥈 2nd of 8 · **Euchre night** (Euchre, progressive) · 41 points")
    assert "<t:" in line and "ended early" not in line


def test_a_tournament_ended_early_says_so() -> None:
    ended = TournamentRecord(**{**NIGHT.__dict__, "status": "ended"})
    assert "ended early" in placing_line(ended, KeptStanding(3, 5, 1, 9, (9,), 1, 0), 4)


def test_history_shows_tournaments_even_without_finished_games() -> None:
    embed = history_embed(5, "Bob", [], [(NIGHT, KeptStanding(3, 5, 1, 30, (10, 10, 10), 3, 0), 8)])
    assert "hasn't finished a game" in (embed.description or "")
    assert embed.fields[0].name == "🏆 Tournaments" and "🥇 1st of 8" in embed.fields[0].value


def test_places_read_as_english() -> None:
    assert [nth(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"]
