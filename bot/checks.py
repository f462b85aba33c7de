"""What must hold before Bower can run, each told in one line an operator can act on:
the database (a SQLite file and its folder, or the PostgreSQL server at DATABASE_URL),
Discord's API at the configured address with the token,
and Discord's gateway (reached, never joined).

``python -m bot --check`` runs them all and prints what it found; a normal start runs
the database check before anything else and stops with its line if it fails.
"""

from __future__ import annotations

import json
import sqlite3
import tempfile
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import asyncpg
import yarl

from bot.config import Settings
from bot.store.backends.postgres import CONNECT_TIMEOUT, explain_connect_error, redacted
from bot.store.database import explain_database_error, load_migrations

DISCORD_TIMEOUT = 10.0


@dataclass(frozen=True)
class Finding:
    """One check's outcome: ``ok``, and a line saying what was found (or what to do)."""

    ok: bool
    line: str

    def __str__(self) -> str:
        return f"{'✓' if self.ok else '✗'} {self.line}"


def database_problem(path: Path) -> str | None:
    """Why Bower cannot keep its database at ``path`` (None: it can)."""
    folder = path.parent
    for part in (folder, *folder.parents):
        if part.exists() and not part.is_dir():
            return (
                f"DATABASE_PATH {path}: {part} is a file, not a folder; "
                "choose a path inside a folder."
            )
    if path.is_dir():
        return f"DATABASE_PATH {path} is a folder; name a file inside it."
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".bower-check-"):
            pass
    except OSError as error:
        return (
            f"DATABASE_PATH {path}: the folder {folder} cannot be written "
            f"({error.strerror or error}); choose a folder this user may write to."
        )
    if path.exists():
        return _not_sqlite(path)
    return None


def _not_sqlite(path: Path) -> str | None:
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            db.execute("PRAGMA schema_version").fetchone()
    except sqlite3.Error as error:
        return explain_database_error(path, error)
    return None


def check_database(path: Path) -> list[Finding]:
    """The database: usable, intact, and how far its schema is migrated."""
    problem = database_problem(path)
    if problem:
        return [Finding(False, problem)]
    if not path.exists():
        return [Finding(True, f"Database {path} will be created at the first start.")]
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            integrity = str(db.execute("PRAGMA integrity_check").fetchone()[0])
    except sqlite3.Error as error:  # damaged past what integrity_check can report
        return [Finding(False, explain_database_error(path, error))]
    findings = [
        Finding(
            integrity == "ok",
            f"Database {path}: integrity check {integrity}."
            + ("" if integrity == "ok" else " Restore it from a backup."),
        )
    ]
    return [*findings, _schema_finding(version)]


async def postgresql_problem(url: str) -> str | None:
    """Why Bower cannot reach its PostgreSQL database at ``url`` (None: it can)."""
    try:
        conn = await asyncpg.connect(url, timeout=CONNECT_TIMEOUT)
    except (asyncpg.PostgresError, OSError, TimeoutError) as error:
        return explain_connect_error(url, error)
    await conn.close()
    return None


async def check_postgresql(url: str) -> list[Finding]:
    """The PostgreSQL database at DATABASE_URL: reached, and how far its schema is
    migrated (nothing is changed)."""
    problem = await postgresql_problem(url)
    if problem:
        return [Finding(False, problem)]
    conn = await asyncpg.connect(url, timeout=CONNECT_TIMEOUT)
    try:
        exists = await conn.fetchval("SELECT to_regclass('bower_schema') IS NOT NULL")
        version = int(await conn.fetchval("SELECT version FROM bower_schema")) if exists else 0
    finally:
        await conn.close()
    where = f"PostgreSQL database {redacted(url)}"
    return [Finding(True, f"{where} answers."), _schema_finding(version)]


def _schema_finding(version: int) -> Finding:
    """How far a database's schema is migrated, against this Bower's migrations."""
    latest = len(load_migrations())
    if version > latest:
        return Finding(
            False,
            f"Database schema {version} is newer than this Bower ({latest}): run the newer "
            "Bower, or restore a backup.",
        )
    if version < latest:
        return Finding(
            True,
            f"Database schema {version}: migrations {version + 1} to {latest} will run at start.",
        )
    return Finding(True, f"Database schema {version} is up to date.")


async def check_discord(settings: Settings) -> Finding:
    """Discord reachable at DISCORD_API_BASE, and DISCORD_TOKEN accepted (no gateway)."""
    url = f"{settings.discord_api_base}/users/@me"
    headers = {"Authorization": f"Bot {settings.discord_token}"}
    timeout = aiohttp.ClientTimeout(total=DISCORD_TIMEOUT)
    try:
        async with (
            aiohttp.ClientSession(timeout=timeout) as session,
            session.get(url, headers=headers) as response,
        ):
            status = response.status
            data = await response.json() if status == 200 else {}
    except (aiohttp.ClientError, OSError, TimeoutError) as error:
        return Finding(False, unreachable(settings.discord_api_base, error))
    if status == 401:
        return Finding(
            False,
            "Discord rejected DISCORD_TOKEN: copy the bot token again from "
            "the developer portal (Bot → Reset Token).",
        )
    if status != 200:
        return Finding(
            False, f"Discord answered {status} at {settings.discord_api_base}; try again later."
        )
    return Finding(True, f"Discord accepts the token: logged in as {data.get('username')}.")


async def reachability_problem(api_base: str) -> str | None:
    """Why Discord cannot be reached at ``api_base`` (None: it answers)."""
    timeout = aiohttp.ClientTimeout(total=DISCORD_TIMEOUT)
    try:
        async with (
            aiohttp.ClientSession(timeout=timeout) as session,
            session.get(f"{api_base}/gateway") as response,
        ):
            await response.read()
    except (aiohttp.ClientError, OSError, TimeoutError) as error:
        return unreachable(api_base, error)
    return None


async def gateway_problem(gateway_url: str) -> str | None:
    """Why Discord's gateway cannot be reached at ``gateway_url`` (None: it says HELLO).

    The websocket is opened, HELLO awaited and the socket closed again: nothing is
    identified, so no session starts and nothing counts against the bot's logins.
    """
    url = yarl.URL(gateway_url).update_query(v="10", encoding="json")
    timeout = aiohttp.ClientTimeout(total=DISCORD_TIMEOUT)
    try:
        async with (
            aiohttp.ClientSession(timeout=timeout) as session,
            session.ws_connect(url) as ws,
        ):
            message = await ws.receive(timeout=DISCORD_TIMEOUT)
    except (aiohttp.ClientError, OSError, TimeoutError) as error:
        return gateway_unreachable(gateway_url, error)
    if not _is_hello(message):
        return gateway_unreachable(gateway_url, f"no HELLO but {message.type.name}")
    return None


def _is_hello(message: aiohttp.WSMessage) -> bool:
    if message.type != aiohttp.WSMsgType.TEXT:
        return False
    try:
        frame = json.loads(message.data)
    except ValueError:
        return False
    return isinstance(frame, dict) and frame.get("op") == 10


def _reason(error: BaseException | str) -> str:
    return error if isinstance(error, str) else (str(error) or type(error).__name__)


def unreachable(api_base: str, error: BaseException | str) -> str:
    """The line for a Discord API address that cannot be reached."""
    return (
        f"Discord is unreachable at {api_base} ({_reason(error)}): check the network, "
        "DNS and DISCORD_API_BASE."
    )


def gateway_unreachable(gateway_url: str, error: BaseException | str) -> str:
    """The line for a Discord gateway address that cannot be reached."""
    return (
        f"Discord's gateway is unreachable at {gateway_url} ({_reason(error)}): check "
        "the network, DNS, any firewall or proxy that blocks websockets, and "
        "DISCORD_GATEWAY_URL."
    )


async def check_gateway(settings: Settings) -> Finding:
    """Discord's gateway answers at DISCORD_GATEWAY_URL (reached, not joined)."""
    problem = await gateway_problem(settings.discord_gateway_url)
    if problem:
        return Finding(False, problem)
    return Finding(
        True, f"Discord's gateway answers at {settings.discord_gateway_url} (reached, not joined)."
    )


def shards_line(settings: Settings) -> str:
    """What a cluster process will run: its shards, and whether it syncs the commands."""
    if settings.holds_shard_zero:
        return f"This process runs {settings.shard_range} and syncs the slash commands."
    return (
        f"This process runs {settings.shard_range}; the process holding shard 0 syncs "
        "the slash commands."
    )


async def run_checks(settings: Settings) -> bool:
    """Print every finding (settings were read already); True if all are good."""
    findings = [Finding(True, "Settings are valid.")]
    if settings.shard_range:
        findings.append(Finding(True, shards_line(settings)))
    if settings.database_url:
        findings += await check_postgresql(settings.database_url)
    else:
        findings += check_database(settings.database_path)
    findings.append(await check_discord(settings))
    findings.append(await check_gateway(settings))
    for finding in findings:
        print(finding)
    return all(f.ok for f in findings)
