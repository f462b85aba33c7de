"""What the tournament poster sends: the final message pings the winners only and carries
the standings picture; the notices ping nobody and say what really happens next (after a
resume, a drop); a second end of the same tournament posts nothing more, and nothing is
kept of a tournament once its updates are posted. Closing the poster at a stop ends the
posts in hand before it returns, without waiting long for one that will not stop."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.store.guild_settings import GuildSettings
from bot.store.tournaments import RoundTable, TournamentRecord
from bot.tournaments.models import Standing
from bot.tournaments.service import TournamentUpdate
from bot.ui.namebook import NameBook
from cogs.tournament import posting as posting_module
from cogs.tournament.posting import TournamentPoster

CHANNEL = 55


class Channel(discord.abc.Messageable):
    """A channel that keeps what is sent to it."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def _get_channel(self) -> Any:
        return self

    async def send(self, content: str | None = None, **kwargs: Any) -> Any:
        self.sent.append({"content": content, **kwargs})
        return SimpleNamespace(id=len(self.sent))


class StuckChannel(Channel):
    """A channel whose sends wait until ``release`` is set; ``stubborn`` ones also shrug
    off cancellation until then."""

    def __init__(self, *, stubborn: bool = False) -> None:
        super().__init__()
        self.release = asyncio.Event()
        self.sending = asyncio.Event()
        self.stubborn = stubborn

    async def send(self, content: str | None = None, **kwargs: Any) -> Any:
        self.sending.set()
        while True:
            try:
                await self.release.wait()
                return await super().send(content, **kwargs)
            except asyncio.CancelledError:
                if not self.stubborn:
                    raise


def record(**changes: object) -> TournamentRecord:
    made = TournamentRecord(
        id=3, guild_id=1, channel_id=CHANNEL, message_id=None, host_id=9, name="Euchre night",
        variant="euchre", players=4, options={}, format="progressive", fill="computers",
        rounds=3, hands=8, round_minutes=None, seed=1, status="finished", round=3,
        starts_at=None, round_ends_at=None, created_at="",
    )
    return replace(made, **changes)  # type: ignore[arg-type]


class Repo:
    """The store as the poster reads it: one tournament, its current round's tables."""

    def __init__(self, tables: tuple[RoundTable, ...] = ()) -> None:
        self.announced = ""
        self.tables = tables

    async def get(self, tournament_id: int) -> TournamentRecord:
        return record(announced=self.announced)

    async def set_announced(self, tournament_id: int, what: str) -> None:
        self.announced = what

    async def round_tables(self, tournament_id: int, number: int) -> list[RoundTable]:
        return [t for t in self.tables if t.round == number]

    async def players(self, tournament_id: int) -> list[int]:
        return [1]


def poster(channel: Channel, pictures: bool = True, repo: Repo | None = None
           ) -> TournamentPoster:
    names = NameBook()
    names.set(1, "Alice")
    names.set(2, "Bob")

    async def settings(guild_id: int) -> GuildSettings:
        return GuildSettings(guild_id, pictures=pictures)

    runtime = SimpleNamespace(
        names=names, drawer=SimpleNamespace(executor=None),
        service=SimpleNamespace(settings=SimpleNamespace(get=settings)),
    )
    bot = SimpleNamespace(get_channel=lambda i: channel if i == CHANNEL else None,
                          is_closed=lambda: False, closing=False)
    service = SimpleNamespace(repo=repo or Repo())
    return TournamentPoster(bot, runtime, service)  # type: ignore[arg-type]


FINAL = (Standing(1, 1, (8, 8, 8), 24, 3, 0), Standing(2, 2, (1, 1, 1), 3, 0, 0))


async def test_the_final_message_pings_only_the_winner_and_carries_the_picture() -> None:
    channel = Channel()
    posting = poster(channel)
    posting.refresh_signup = _nothing  # type: ignore[method-assign]
    await posting.on_update(TournamentUpdate(record(), "finished", standings=FINAL))
    await posting.idle()
    [sent] = channel.sent
    assert sent["content"] == "🏆 <@1> wins **Euchre night**!"
    mentions: discord.AllowedMentions = sent["allowed_mentions"]
    assert [u.id for u in mentions.users] == [1]  # type: ignore[union-attr]
    assert mentions.everyone is False and mentions.roles is False
    assert [f.filename for f in sent["files"]] == ["standings.png"]
    assert sent["embed"].image.url == "attachment://standings.png"
    assert "**Alice** — 24" in sent["embed"].description

    await posting.on_update(TournamentUpdate(record(), "ended", standings=FINAL))
    await posting.idle()
    assert len(channel.sent) == 1  # told twice, posted once
    assert posting._locks == {} and posting._in_hand == {}  # nothing kept of it


async def test_notices_ping_nobody_and_pictures_can_be_off() -> None:
    channel = Channel()
    posting = poster(channel, pictures=False)
    await posting.on_update(TournamentUpdate(record(status="running", round=2), "clock"))
    await posting.on_update(TournamentUpdate(record(status="running", round=2), "waiting"))
    await posting.idle()
    assert [s["content"] for s in channel.sent] == [
        "⏰ Round 2's time is up: each table finishes the hand in play, then the round ends.",
        "⏳ **Euchre night** was due to start, but 1 registered and it needs at least 2. "
        "Register now; the host can press **Start** once there are enough.",
    ]
    for sent in channel.sent:
        mentions = sent["allowed_mentions"]
        assert (mentions.everyone, mentions.users, mentions.roles) == (False, False, False)


ROUND_2 = (
    RoundTable(2, 1, (1, 2, None, None), table_id=21),  # in play
    RoundTable(2, 2, (3, 4, None, None), table_id=22, scores=(5, 3)),  # over
)


async def notice(reason: str, user_id: int | None, tables: tuple[RoundTable, ...]) -> str:
    channel = Channel()
    posting = poster(channel, repo=Repo(tables))
    await posting.on_update(TournamentUpdate(record(status="running", round=2), reason,
                                             user_id))
    await posting.idle()
    [sent] = channel.sent
    return str(sent["content"])


async def test_a_drop_names_the_computer_only_for_a_seat_in_play() -> None:
    assert await notice("dropped", 2, ROUND_2) == (
        "🚪 <@2> was dropped from **Euchre night**: a computer player finishes their seat "
        "in round 2, and the next rounds go on without them.")
    for user in (3, 5):  # their table is over; a bye
        assert await notice("dropped", user, ROUND_2) == (
            f"🚪 <@{user}> was dropped from **Euchre night**: the next rounds go on "
            "without them.")


async def test_a_resume_says_whether_the_next_round_starts_now() -> None:
    assert await notice("resumed", 9, ROUND_2) == (
        "▶️ **Euchre night** goes on: round 3 starts when round 2 ends.")
    over = tuple(replace(t, scores=(1, 1)) for t in ROUND_2)
    assert await notice("resumed", 9, over) == (
        "▶️ **Euchre night** goes on: round 3 starts now.")


async def _nothing(tournament_id: int) -> None:
    return None


async def test_closing_ends_a_post_in_hand_before_it_returns(
        caplog: pytest.LogCaptureFixture) -> None:
    channel = StuckChannel()
    posting = poster(channel)
    await posting.on_update(TournamentUpdate(record(status="running", round=2), "clock"))
    await channel.sending.wait()
    [task] = posting._tasks
    with caplog.at_level(logging.INFO):
        await posting.close()
    assert task.done() and task.cancelled()
    assert channel.sent == [] and posting._tasks == set()
    assert posting._locks == {} and posting._in_hand == {}
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


async def test_closing_does_not_wait_long_for_a_post_that_ignores_cancellation(
        caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(posting_module, "CLOSE_WAIT", 0.05)
    channel = StuckChannel(stubborn=True)
    posting = poster(channel)
    await posting.on_update(TournamentUpdate(record(status="running", round=2), "clock"))
    await channel.sending.wait()
    [task] = posting._tasks
    await asyncio.wait_for(posting.close(), 2.0)
    assert not task.done()
    assert "1 tournament update(s) still posting" in caplog.text
    channel.release.set()  # let it end, so the test leaves nothing behind
    await task
