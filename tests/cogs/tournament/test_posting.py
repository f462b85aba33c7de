"""What the tournament poster sends: the final message pings the winners only and carries
the standings picture; the notices ping nobody; a second end of the same tournament posts
nothing more."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import discord

from bot.store.guild_settings import GuildSettings
from bot.store.tournaments import TournamentRecord
from bot.tournaments.models import Standing
from bot.tournaments.service import TournamentUpdate
from bot.ui.namebook import NameBook
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


def record(**changes: object) -> TournamentRecord:
    made = TournamentRecord(
        id=3, guild_id=1, channel_id=CHANNEL, message_id=None, host_id=9, name="Euchre night",
        variant="euchre", players=4, options={}, format="progressive", fill="computers",
        rounds=3, hands=8, round_minutes=None, seed=1, status="finished", round=3,
        starts_at=None, round_ends_at=None, created_at="",
    )
    return replace(made, **changes)  # type: ignore[arg-type]


def poster(channel: Channel, pictures: bool = True) -> TournamentPoster:
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
    return TournamentPoster(bot, runtime, SimpleNamespace())  # type: ignore[arg-type]


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


async def test_notices_ping_nobody_and_pictures_can_be_off() -> None:
    channel = Channel()
    posting = poster(channel, pictures=False)
    await posting.on_update(TournamentUpdate(record(status="running", round=2), "clock"))
    await posting.on_update(TournamentUpdate(record(status="running", round=2), "dropped", 2))
    await posting.idle()
    assert [s["content"] for s in channel.sent] == [
        "⏰ Round 2's time is up: each table finishes the hand in play, then the round ends.",
        "🚪 <@2> was dropped from **Euchre night**: a computer player finishes their seat, "
        "and the next rounds go on without them.",
    ]
    for sent in channel.sent:
        mentions = sent["allowed_mentions"]
        assert (mentions.everyone, mentions.users, mentions.roles) == (False, False, False)


async def _nothing(tournament_id: int) -> None:
    return None
