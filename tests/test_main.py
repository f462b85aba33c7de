"""Start-up without Discord: every problem found while starting is one line on stderr and
exit status 2; a first gateway connection that fails is reported, not a crash."""

from __future__ import annotations

import asyncio
from pathlib import Path

import discord
import pytest

import bot.__main__ as entry
from bot import config
from bot.client import BowerBot, DiscordUnreachable
from bot.config import ConfigError, Settings, load_settings
from bot.store.database import SchemaTooNewError

GATEWAY = "ws://127.0.0.1:9/"


@pytest.fixture
def quiet_start(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Settings:
    """main() with settings from here, and no process-wide logging or endpoint changes."""
    settings = Settings(discord_token="token", database_path=tmp_path / "bower.sqlite3")
    monkeypatch.setattr(entry, "load_settings", lambda: settings)
    monkeypatch.setattr(entry, "configure_logging", lambda *args, **kwargs: None)
    monkeypatch.setattr(entry, "apply_discord_endpoints", lambda *args: None)
    return settings


@pytest.mark.parametrize(
    ("error", "line"),
    [
        (
            SchemaTooNewError("DATABASE_PATH x has schema version 9; run the newer Bower."),
            "bower: cannot use the database: DATABASE_PATH x has schema version 9; "
            "run the newer Bower.",
        ),
        (
            DiscordUnreachable("Discord's gateway is unreachable at ws://x/ (refused): check."),
            "bower: Discord's gateway is unreachable at ws://x/ (refused): check.",
        ),
    ],
)
@pytest.mark.usefixtures("quiet_start")
def test_a_start_up_problem_is_one_line_and_status_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], error: Exception, line: str
) -> None:
    async def failing(settings: Settings) -> None:
        raise error

    monkeypatch.setattr(entry, "run", failing)
    assert entry.main([]) == entry.EXIT_BAD_CONFIG
    assert capsys.readouterr().err.splitlines() == [line]


@pytest.mark.usefixtures("quiet_start")
def test_a_rejected_token_stays_status_1(monkeypatch: pytest.MonkeyPatch) -> None:
    async def rejected(settings: Settings) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(entry, "run", rejected)
    assert entry.main([]) == entry.EXIT_LOGIN_FAILED


def test_check_is_an_option_and_nothing_else_is(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        entry.main(["--chek"])
    assert exited.value.code == 2
    assert "--chek" in capsys.readouterr().err


async def test_a_stop_during_the_retries_ends_them() -> None:
    stop = asyncio.Event()
    cancelled = asyncio.Event()

    async def forever() -> None:
        try:
            await asyncio.sleep(3600)
        finally:
            cancelled.set()

    asyncio.get_running_loop().call_later(0.01, stop.set)
    assert await entry.first(forever(), unless=stop) is False
    assert cancelled.is_set()


async def test_work_that_ends_first_is_returned_or_raised() -> None:
    async def done() -> None:
        return None

    async def broken() -> None:
        raise DiscordUnreachable("nope")

    assert await entry.first(done(), unless=asyncio.Event()) is True
    with pytest.raises(DiscordUnreachable):
        await entry.first(broken(), unless=asyncio.Event())


async def test_a_failed_first_gateway_connection_is_reported_not_a_crash(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    async def discords_first_connect(self: discord.Client, *, reconnect: bool = True) -> None:
        try:
            raise OSError("Connect call failed ('127.0.0.1', 9)")
        except OSError:
            _ = self.ws.sequence  # discord.py's retry reads the connection it never had

    monkeypatch.setattr(discord.Client, "connect", discords_first_connect)
    settings = Settings(
        discord_token="t", database_path=tmp_path / "db", discord_gateway_url=GATEWAY
    )
    bot = BowerBot(settings)
    try:
        with pytest.raises(DiscordUnreachable) as seen:
            await bot.connect()
        assert str(seen.value).startswith(
            f"Discord's gateway is unreachable at {GATEWAY} (Connect call failed ('127.0.0.1', 9))"
        )
        bot.ws = object()  # type: ignore[assignment]  # once connected, a bug is a bug
        with pytest.raises(AttributeError):
            await bot.connect()
    finally:
        bot.ws = None  # type: ignore[assignment]
        await bot.close()


def test_a_settings_file_that_cannot_be_read_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_bytes(b"DISCORD_TOKEN=abc\n\xff\xfe not text\n")
    with pytest.raises(ConfigError, match=r"settings file .*\.env cannot be read .*UTF-8"):
        load_settings({}, dotenv_path=dotenv)

    def locked(path: Path) -> dict[str, str]:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(config, "dotenv_values", locked)
    with pytest.raises(ConfigError, match=r"cannot be read \(Permission denied\)"):
        load_settings({}, dotenv_path=dotenv)
