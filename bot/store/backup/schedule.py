"""Automatic backups while the bot runs: ``bower-YYYYMMDD-HHMMSS.sqlite3`` (UTC) in
BACKUP_DIR every BACKUP_EVERY_HOURS, keeping the newest BACKUP_KEEP of them.

The copy runs in a thread (``asyncio.to_thread``) with :func:`backup_database`; a failure
is one WARNING line and the next try comes an interval later. Files not named by Bower
are never touched.
"""

from __future__ import annotations

import asyncio
import logging
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

from .copy import BackupResult, backup_database

log = logging.getLogger(__name__)

_NAME = re.compile(r"^bower-(\d{8}-\d{6})\.sqlite3$")
_STAMP = "%Y%m%d-%H%M%S"


def backup_name(when: datetime) -> str:
    """The file name of an automatic backup taken at ``when``."""
    return f"bower-{when.astimezone(UTC).strftime(_STAMP)}.sqlite3"


def backup_files(folder: Path) -> list[tuple[datetime, Path]]:
    """Bower's automatic backups in ``folder``, oldest first, with their times."""
    found: list[tuple[datetime, Path]] = []
    if not folder.is_dir():
        return found
    for path in folder.iterdir():
        match = _NAME.match(path.name)
        if match and path.is_file():
            found.append((datetime.strptime(match[1], _STAMP).replace(tzinfo=UTC), path))
    return sorted(found)


def seconds_until_due(folder: Path, every: timedelta, now: datetime) -> float:
    """Seconds until the next backup is due (0 if due now: none yet, or the newest is at
    least ``every`` old; one stamped in the future counts as due too)."""
    files = backup_files(folder)
    if not files:
        return 0.0
    newest = files[-1][0]
    if newest > now:
        return 0.0
    return max(0.0, (newest + every - now).total_seconds())


def prune(folder: Path, keep: int) -> list[Path]:
    """Delete all but the newest ``keep`` automatic backups; return those deleted."""
    files = backup_files(folder)
    doomed = [path for _, path in files[: max(0, len(files) - keep)]]
    for path in doomed:
        path.unlink(missing_ok=True)
    return doomed


def backup_now(database: Path, folder: Path, keep: int, now: datetime) -> BackupResult:
    """Take one automatic backup and prune the old ones (blocking: run it in a thread)."""
    folder.mkdir(parents=True, exist_ok=True)
    result = backup_database(database, folder / backup_name(now), force=True)
    prune(folder, keep)
    return result


async def run_backups(database: Path, folder: Path, every_hours: float, keep: int) -> None:
    """Forever: wait until a backup is due, take it off the event loop, log, repeat."""
    every = timedelta(hours=every_hours)
    while True:
        try:
            wait = seconds_until_due(folder, every, datetime.now(UTC))
            if wait <= 0:
                now = datetime.now(UTC)
                result = await asyncio.to_thread(backup_now, database, folder, keep, now)
                log.info("Automatic backup: %s", result.describe())
                continue
        except Exception as error:  # noqa: BLE001 - a failed backup never stops the bot
            log.warning("Automatic backup to %s failed: %s", folder, error)
            wait = every.total_seconds()
        await asyncio.sleep(wait)


def start_backups(
    database: Path, folder: Path | None, every_hours: float, keep: int
) -> asyncio.Task[None] | None:
    """Start automatic backups if BACKUP_DIR is set; the task to cancel at shutdown."""
    if folder is None or str(database) == ":memory:":
        return None
    return asyncio.create_task(
        run_backups(database, folder, every_hours, keep), name="bower-backups"
    )
