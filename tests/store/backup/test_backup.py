"""`python -m bot.store.backup` and the automatic backups: consistent copies of a database
that is being written, clear refusals, retention and the interval decision."""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.store.backup.copy import BackupError, backup_database, main
from bot.store.backup.schedule import (
    backup_files,
    backup_name,
    backup_now,
    prune,
    run_backups,
    seconds_until_due,
)
from bot.store.opening import open_database

REPO = Path(__file__).parents[3]


async def make_db(path: Path) -> int:
    """A migrated Bower database at ``path``; its schema version."""
    db = await open_database(path, synchronous="NORMAL")
    version = await db.schema_version()
    await db.close()
    return version


def keep_writing(path: Path, stop: threading.Event) -> int:
    """Insert rows in their own transactions until stopped (WAL, like the bot)."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA busy_timeout = 5000")
    n = 0
    while not stop.is_set():
        n += 1
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT INTO load VALUES (?, ?, ?)", (n, "x" * 200, str(n)))
        conn.execute("UPDATE load SET b = ? WHERE n = 1", (str(n),))  # invariant: b = max(n)
        conn.execute("COMMIT")
    conn.close()
    return n


def test_a_copy_taken_while_another_connection_writes_is_consistent(tmp_path: Path) -> None:
    source = tmp_path / "bower.sqlite3"
    version = asyncio.run(make_db(source))
    with sqlite3.connect(source) as conn:
        conn.execute("CREATE TABLE load (n INTEGER PRIMARY KEY, a TEXT, b TEXT)")
    conn.close()
    stop = threading.Event()
    writer = threading.Thread(target=keep_writing, args=(source, stop))
    writer.start()
    try:
        time.sleep(0.3)
        # tiny steps: many of them while the writer commits, yet one snapshot throughout
        results = [
            backup_database(source, tmp_path / f"copy{i}.sqlite3", pages=2, pause=0.002)
            for i in range(3)
        ]
    finally:
        stop.set()
        writer.join()
    for result in results:
        assert result.schema_version == version and result.size == result.path.stat().st_size
        conn = sqlite3.connect(result.path)
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        count, top = conn.execute("SELECT count(*), max(n) FROM load").fetchone()
        assert count > 0
        if count:
            assert top == count  # no gap: a single committed state
            assert conn.execute("SELECT b FROM load WHERE n = 1").fetchone()[0] == str(top)
        conn.close()
        assert not Path(f"{result.path}-wal").exists()
    assert not list(tmp_path.glob(".*partial"))


def test_the_command_prints_one_line_and_the_copy_opens_as_a_bower_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "data" / "bower.sqlite3"
    version = asyncio.run(make_db(source))
    target = tmp_path / "copy.sqlite3"
    assert main([str(target), "--database", str(source)]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    size = target.stat().st_size
    assert out == [f"Backup written to {target} ({size:,} bytes, schema {version})."]
    assert asyncio.run(make_db(target)) == version  # Bower opens it, nothing to migrate


def test_the_command_reads_database_path_like_the_bot(tmp_path: Path) -> None:
    source = tmp_path / "data" / "bower.sqlite3"
    asyncio.run(make_db(source))
    (tmp_path / ".env").write_text("DATABASE_PATH=data/bower.sqlite3\n")
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_PATH", "DISCORD_TOKEN")}
    env["PYTHONPATH"] = str(REPO)
    done = subprocess.run(
        [sys.executable, "-m", "bot.store.backup", "out.sqlite3"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Backup written to out.sqlite3 (")
    assert (tmp_path / "out.sqlite3").is_file()


@pytest.mark.parametrize(
    "target, message",
    [
        ("missing/copy.sqlite3", "does not exist"),
        ("data/bower.sqlite3", "is the live database itself"),
        ("data/bower.sqlite3-wal", "belongs to the live database"),
        ("existing.sqlite3", "already exists; choose another file or add --force"),
        ("data", "is a folder"),
    ],
)
def test_refusals_are_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], target: str, message: str
) -> None:
    source = tmp_path / "data" / "bower.sqlite3"
    asyncio.run(make_db(source))
    (tmp_path / "existing.sqlite3").write_text("keep me")
    assert main([str(tmp_path / target), "--database", str(source)]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert (tmp_path / "existing.sqlite3").read_text() == "keep me"


def test_no_database_and_unwritable_folder_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([str(tmp_path / "c.sqlite3"), "--database", str(tmp_path / "none.db")]) == 2
    assert "There is no database at" in capsys.readouterr().err
    assert not (tmp_path / "none.db").exists()
    if os.geteuid() == 0:
        return  # root writes anywhere
    source = tmp_path / "bower.sqlite3"
    asyncio.run(make_db(source))
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    assert main([str(locked / "c.sqlite3"), "--database", str(source)]) == 2
    assert "cannot be written" in capsys.readouterr().err


def test_force_overwrites(tmp_path: Path) -> None:
    source = tmp_path / "bower.sqlite3"
    asyncio.run(make_db(source))
    target = tmp_path / "copy.sqlite3"
    target.write_text("old")
    with pytest.raises(BackupError):
        backup_database(source, target)
    backup_database(source, target, force=True)
    assert target.read_bytes().startswith(b"SQLite format 3")


def test_retention_keeps_the_newest_and_never_touches_other_files(tmp_path: Path) -> None:
    start = datetime(2026, 1, 1, tzinfo=UTC)
    names = [backup_name(start + timedelta(hours=h)) for h in range(10)]
    for name in names:
        (tmp_path / name).write_text("x")
    (tmp_path / "mine.sqlite3").write_text("x")
    (tmp_path / "bower-latest.sqlite3").write_text("x")
    deleted = prune(tmp_path, 3)
    assert sorted(p.name for p in deleted) == names[:7]
    assert [p.name for _, p in backup_files(tmp_path)] == names[7:]
    assert (tmp_path / "mine.sqlite3").exists() and (tmp_path / "bower-latest.sqlite3").exists()


def test_the_interval_decision(tmp_path: Path) -> None:
    now = datetime(2026, 3, 1, 12, tzinfo=UTC)
    day = timedelta(hours=24)
    assert seconds_until_due(tmp_path / "missing", day, now) == 0
    assert seconds_until_due(tmp_path, day, now) == 0
    (tmp_path / backup_name(now - timedelta(hours=20))).write_text("x")
    assert seconds_until_due(tmp_path, day, now) == 4 * 3600
    (tmp_path / backup_name(now - timedelta(hours=30))).write_text("x")
    assert seconds_until_due(tmp_path, day, now) == 4 * 3600  # the newest counts
    assert seconds_until_due(tmp_path, day, now + timedelta(hours=5)) == 0
    assert seconds_until_due(tmp_path, timedelta(hours=2), now) == 0


def test_backup_now_names_prunes_and_creates_the_folder(tmp_path: Path) -> None:
    source = tmp_path / "bower.sqlite3"
    asyncio.run(make_db(source))
    folder = tmp_path / "backups"
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for h in range(4):
        backup_now(source, folder, 2, start + timedelta(hours=h))
    assert [p.name for _, p in backup_files(folder)] == [
        backup_name(start + timedelta(hours=2)),
        backup_name(start + timedelta(hours=3)),
    ]


async def test_automatic_backups_run_at_start_and_a_failure_is_one_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    source = tmp_path / "bower.sqlite3"
    await make_db(source)
    folder = tmp_path / "backups"
    task = asyncio.create_task(run_backups(source, folder, 24, 7))
    for _ in range(200):
        if backup_files(folder):
            break
        await asyncio.sleep(0.05)
    task.cancel()
    assert len(backup_files(folder)) == 1
    with caplog.at_level(logging.WARNING):
        task = asyncio.create_task(run_backups(tmp_path / "gone.db", tmp_path / "b2", 24, 7))
        for _ in range(200):
            if caplog.records:
                break
            await asyncio.sleep(0.05)
        assert not task.done()  # it goes on, an interval later
        task.cancel()
    [record] = caplog.records
    assert record.levelname == "WARNING" and "Automatic backup to" in record.getMessage()
