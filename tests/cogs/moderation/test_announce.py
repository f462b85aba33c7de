"""Posting moderator actions in the mod-log channel: new ones only, once, oldest first,
and never an exception for the cog that acted."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.store import Database
from bot.store.moderation.modlog import ModLogRepository, NewModAction
from bot.store.opening import open_database
from bot.store.settings import SettingsRepository
from cogs.moderation import announce
from cogs.moderation.announce import announce_mod_actions, start_announcing, stop_announcing
from tests.ui.fakes import _Response

GUILD, OTHER, CHANNEL, MOD = 10, 20, 30, 40


@dataclass
class Channel:
    guild_id: int
    sent: list[str] = field(default_factory=list)
    fail: discord.HTTPException | None = None
    delay: float = 0.0

    @property
    def guild(self) -> Any:
        return SimpleNamespace(id=self.guild_id)

    async def send(self, content: str, **kwargs: Any) -> None:
        assert kwargs["allowed_mentions"].users is False  # a log line never pings anyone
        await asyncio.sleep(self.delay)
        if self.fail is not None:
            raise self.fail
        self.sent.append(content)


@dataclass(eq=False)
class Bot:
    channels: dict[int, Channel] = field(default_factory=dict)
    closed: bool = False

    def is_closed(self) -> bool:
        return self.closed

    def get_channel(self, channel_id: int) -> Channel | None:
        return self.channels.get(channel_id)

    async def fetch_channel(self, channel_id: int) -> Channel:
        raise discord.NotFound(_Response(404, "Not Found"), {"message": "Unknown", "code": 10003})


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await open_database(tmp_path / "bower.sqlite3", synchronous="NORMAL")
    yield database
    await database.close()


@pytest.fixture
def settings(db: Database, monkeypatch: pytest.MonkeyPatch) -> SettingsRepository:
    repo = SettingsRepository(db)
    monkeypatch.setattr(announce, "database", lambda bot: db)
    monkeypatch.setattr(announce, "settings_repository", lambda bot: repo)
    return repo


async def ended(db: Database, table_id: int, guild: int = GUILD) -> None:
    detail = {"status": "abandoned", "variant": "euchre"}
    await ModLogRepository(db).record(
        NewModAction(guild, "table_end", MOD, table_id=table_id, detail=detail)
    )


async def test_new_actions_are_posted_once_oldest_first(
    db: Database, settings: SettingsRepository
) -> None:
    bot, channel = Bot(), Channel(GUILD)
    bot.channels[CHANNEL] = channel
    await ended(db, 1)  # before the cog loaded: never posted
    await start_announcing(bot)
    await settings.set(GUILD, "modlog_channel", CHANNEL, changed_by=MOD)
    await ended(db, 2)
    await ended(db, 3, guild=OTHER)  # another server's action is not this channel's
    await announce_mod_actions(bot, GUILD)
    assert len(channel.sent) == 1
    lines = channel.sent[0].split("\n")
    assert "set **modlog_channel** from none to <#30>" in lines[0]
    assert "table #2" in lines[1] and len(lines) == 2
    assert "table #1 " not in channel.sent[0] and "table #3" not in channel.sent[0]

    await announce_mod_actions(bot, GUILD)  # nothing new
    assert len(channel.sent) == 1
    await ended(db, 4)
    await announce_mod_actions(bot, GUILD)
    assert len(channel.sent) == 2 and "table #4" in channel.sent[1]


async def test_actions_taken_while_no_channel_was_set_are_not_posted_later(
    db: Database, settings: SettingsRepository
) -> None:
    bot, channel = Bot(), Channel(GUILD)
    bot.channels[CHANNEL] = channel
    await start_announcing(bot)
    await ended(db, 1)
    await announce_mod_actions(bot, GUILD)
    await settings.set(GUILD, "modlog_channel", CHANNEL, changed_by=MOD)
    await announce_mod_actions(bot, GUILD)
    assert len(channel.sent) == 1 and "table #1" not in channel.sent[0]


async def test_two_moderators_at_once_post_each_action_once(
    db: Database, settings: SettingsRepository
) -> None:
    bot, channel = Bot(), Channel(GUILD, delay=0.05)
    bot.channels[CHANNEL] = channel
    await start_announcing(bot)
    await settings.set(GUILD, "modlog_channel", CHANNEL, changed_by=MOD)
    await ended(db, 1)
    await asyncio.gather(announce_mod_actions(bot, GUILD), announce_mod_actions(bot, GUILD))
    assert "\n".join(channel.sent).count("table #1") == 1


async def test_a_missing_channel_or_permission_is_a_warning_never_an_error(
    db: Database, settings: SettingsRepository, caplog: pytest.LogCaptureFixture
) -> None:
    bot = Bot()
    await start_announcing(bot)
    await settings.set(GUILD, "modlog_channel", CHANNEL, changed_by=MOD)
    with caplog.at_level(logging.WARNING):
        await announce_mod_actions(bot, GUILD)  # the channel was deleted
    assert "missing or hidden" in caplog.text

    forbidden = discord.Forbidden(_Response(403, "Forbidden"), {"message": "no", "code": 50013})
    bot.channels[CHANNEL] = Channel(GUILD, fail=forbidden)
    await ended(db, 1)
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        await announce_mod_actions(bot, GUILD)
    assert "could not post moderator actions" in caplog.text

    bot.channels[CHANNEL] = Channel(OTHER)  # an id that is another server's channel
    await ended(db, 2)
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        await announce_mod_actions(bot, GUILD)
    assert "not a text channel of this server" in caplog.text
    assert bot.channels[CHANNEL].sent == []
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_broken_store_is_logged_and_not_raised(
    settings: SettingsRepository, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    bot = Bot()
    await start_announcing(bot)

    def broken(bot: Any) -> Database:
        raise RuntimeError("the table service is not set up yet")

    monkeypatch.setattr(announce, "database", broken)
    await announce_mod_actions(bot, GUILD)
    assert "could not announce moderator actions" in caplog.text


async def test_nothing_is_posted_while_the_cog_is_not_loaded(
    db: Database, settings: SettingsRepository
) -> None:
    bot, channel = Bot(), Channel(GUILD)
    bot.channels[CHANNEL] = channel
    await start_announcing(bot)
    await settings.set(GUILD, "modlog_channel", CHANNEL, changed_by=MOD)
    stop_announcing(bot)
    await announce_mod_actions(bot, GUILD)
    assert channel.sent == []


async def test_moving_or_turning_off_the_log_is_posted_where_it_was(
    db: Database, settings: SettingsRepository
) -> None:
    bot, staff, mods = Bot(), Channel(GUILD), Channel(GUILD)
    bot.channels.update({CHANNEL: staff, CHANNEL + 1: mods})
    await start_announcing(bot)
    await settings.set(GUILD, "modlog_channel", CHANNEL, changed_by=MOD)
    await announce_mod_actions(bot, GUILD)
    await settings.set(GUILD, "modlog_channel", CHANNEL + 1, changed_by=MOD)
    await announce_mod_actions(bot, GUILD)
    moved = f"from <#{CHANNEL}> to <#{CHANNEL + 1}>"
    assert moved in staff.sent[-1] and moved in mods.sent[-1]
    await ended(db, 1)
    await settings.reset(GUILD, "modlog_channel", changed_by=MOD)
    await announce_mod_actions(bot, GUILD)
    assert len(staff.sent) == 2  # the old channel sees only the change that left it
    assert "table #1" in mods.sent[-1]
    assert (
        f"reset **modlog_channel** to its default (none; was <#{CHANNEL + 1}>)" in (mods.sent[-1])
    )
    await ended(db, 2)
    await announce_mod_actions(bot, GUILD)
    assert "table #2" not in "".join(staff.sent + mods.sent)  # off: nothing is posted


async def test_an_action_taken_as_bower_stops_is_not_an_error(
    db: Database, settings: SettingsRepository, caplog: pytest.LogCaptureFixture
) -> None:
    """A season started just before a stop: the database closes under the announcement,
    which is left to the log (an error only while Bower runs)."""
    caplog.set_level(logging.INFO, logger="cogs.moderation.announce")
    bot = Bot()
    bot.channels[CHANNEL] = Channel(GUILD)
    await start_announcing(bot)
    await settings.set(GUILD, "modlog_channel", CHANNEL, changed_by=MOD)
    await db.close()
    await announce_mod_actions(bot, GUILD)
    assert "could not announce" in caplog.text  # running: the failure is an error
    caplog.clear()
    bot.closed = True
    await announce_mod_actions(bot, GUILD)
    assert "Bower is stopping" in caplog.text
    assert not [r for r in caplog.records if r.levelname == "ERROR"]
