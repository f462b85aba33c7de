"""`python -m bot.store.backup FILE`: a consistent copy of the live database.

The copy is made with SQLite's online backup API from a separate connection, in steps
with short pauses, all inside one read transaction. The bot's database is in WAL mode
(``open_database``), so that read transaction is one snapshot: every step copies the same
committed state, the bot's writes go on meanwhile without waiting, and they never make
the copy start over (they only keep the WAL from being checkpointed until it is done).
The copy is written beside the target under a temporary name, switched to a
self-contained rollback journal, checked with ``PRAGMA integrity_check`` and only then
renamed into place. Exit status: 0 done, 2 it could not be made (one line on stderr).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sqlite3
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

STEP_PAGES = 1024  # pages copied per step (4 MiB with SQLite's default page size)
STEP_PAUSE = 0.005  # seconds between steps, so the bot's connection gets its turn
BUSY_TIMEOUT_MS = 5000
EXIT_OK = 0
EXIT_FAILED = 2


class BackupError(RuntimeError):
    """The backup cannot be made; the message says why and what to do."""


@dataclass(frozen=True)
class BackupResult:
    """A finished, checked backup."""

    path: Path
    size: int
    schema_version: int

    def describe(self) -> str:
        """One line: where, how big, which schema."""
        return f"Backup written to {self.path} ({self.size:,} bytes, schema {self.schema_version})."


def check_target(source: Path, target: Path, *, force: bool = False) -> None:
    """Raise :class:`BackupError` if ``target`` cannot or must not receive a backup."""
    if not source.is_file():
        raise BackupError(f"There is no database at {source} (DATABASE_PATH or --database).")
    folder = target.parent
    if target.exists() and (target.resolve() == source.resolve() or target.samefile(source)):
        raise BackupError(f"{target} is the live database itself; choose another file.")
    for suffix in ("-wal", "-shm", "-journal"):
        if target.resolve() == Path(str(source.resolve()) + suffix):
            raise BackupError(f"{target} belongs to the live database; choose another file.")
    if not folder.is_dir():
        raise BackupError(f"The folder {folder} does not exist; create it or choose another.")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise BackupError(f"The folder {folder} cannot be written by this user.")
    if target.is_dir():
        raise BackupError(f"{target} is a folder; name a file inside it.")
    if target.exists() and not force:
        raise BackupError(f"{target} already exists; choose another file or add --force.")


def backup_database(
    source: Path,
    target: Path,
    *,
    force: bool = False,
    pages: int = STEP_PAGES,
    pause: float = STEP_PAUSE,
) -> BackupResult:
    """Copy the database at ``source`` to ``target`` consistently, check it, and say so."""
    source, target = Path(source), Path(target)
    check_target(source, target, force=force)
    partial = target.with_name(f".{target.name}.partial")
    try:
        src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=rw", uri=True)
        src.isolation_level = None
        try:
            src.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            partial.unlink(missing_ok=True)
            dst = sqlite3.connect(partial)
            try:
                # One read transaction across every step: in WAL mode all steps read the
                # same snapshot, so the bot's writes neither wait nor restart the copy.
                src.execute("BEGIN")
                src.execute("SELECT count(*) FROM sqlite_schema").fetchone()
                src.backup(dst, pages=pages, progress=_pause(pause))
                src.execute("COMMIT")
                dst.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
                integrity = dst.execute("PRAGMA integrity_check").fetchone()[0]
                schema = int(dst.execute("PRAGMA user_version").fetchone()[0])
            finally:
                dst.close()
        finally:
            src.close()
        if integrity != "ok":
            raise BackupError(f"The copy of {source} failed its integrity check: {integrity}.")
        _fsync(partial)
        os.replace(partial, target)
    except (OSError, sqlite3.Error) as error:
        raise BackupError(f"Could not back up {source} to {target}: {error}.") from None
    finally:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
    return BackupResult(target, target.stat().st_size, schema)


def _pause(seconds: float) -> Callable[[int, int, int], None]:
    """A progress callback that rests between steps (``sleep=`` only acts when busy)."""

    def rest(_status: int, _remaining: int, _total: int) -> None:
        time.sleep(seconds)

    return rest


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _database_from_settings() -> Path:
    """DATABASE_PATH as the bot reads it (environment over `.env`); no token needed."""
    from bot.config import ConfigError, load_settings

    try:
        return load_settings({**os.environ, "DISCORD_TOKEN": "unused"}).database_path
    except ConfigError as error:
        raise BackupError(f"configuration error: {error}") from None


def main(argv: list[str] | None = None) -> int:
    """Make one backup; return the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.store.backup",
        description="Copy Bower's database consistently, even while the bot runs.",
    )
    parser.add_argument("file", type=Path, help="where to write the copy")
    parser.add_argument(
        "--database", type=Path, help="the database to copy (default: DATABASE_PATH)"
    )
    parser.add_argument("--force", action="store_true", help="overwrite an existing file")
    args = parser.parse_args(argv)
    try:
        source = args.database or _database_from_settings()
        result = backup_database(source, args.file, force=args.force)
    except BackupError as error:
        print(f"bower backup: {error}", file=sys.stderr)
        return EXIT_FAILED
    print(result.describe())
    return EXIT_OK

