"""A throwaway PostgreSQL server for the tests, and a fresh schema for each test.

``.ci/run`` installs PostgreSQL and starts one server for the whole run with
``python -m tests.postgres_server start DIR`` (it prints the server's URL, which the run
exports as ``BOWER_TEST_DATABASE_URL``) and stops it with ``… stop DIR``. Without that
variable the test session starts its own server the same way when PostgreSQL's programs are
installed, and the PostgreSQL variants of the tests are skipped, saying why, when they are
not.

Each test gets its own schema (``?search_path=…`` in its URL), dropped afterwards, so tests
never see each other's rows and need no new database.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

URL_VARIABLE = "BOWER_TEST_DATABASE_URL"
FAST = "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"


def programs() -> Path | None:
    """The folder holding initdb and pg_ctl, if PostgreSQL is installed."""
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    return Path(versions[-1]).parent if versions else None


def _as_server_user(command: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run it as the ``postgres`` user then."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start(folder: Path) -> str:
    """Start a server whose files live in ``folder``; its URL (user ``bower``, no password)."""
    bindir = programs()
    if bindir is None:
        raise RuntimeError("PostgreSQL is not installed (no pg_ctl found).")
    folder.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    data, port = folder / "data", _free_port()
    subprocess.run(
        _as_server_user(
            [str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "bower", "--no-sync"]
        ),
        check=True,
        capture_output=True,
    )
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 {FAST}"
    subprocess.run(
        _as_server_user(
            [str(bindir / "pg_ctl"), "-D", str(data), "-o", options, "-l",
             str(folder / "server.log"), "-w", "start"]
        ),
        check=True,
        capture_output=True,
    )
    return f"postgresql://bower@127.0.0.1:{port}/postgres"


def stop(folder: Path) -> None:
    """Stop the server started in ``folder`` (nothing if none runs)."""
    bindir = programs()
    if bindir is None or not (folder / "data").exists():
        return
    subprocess.run(
        _as_server_user([str(bindir / "pg_ctl"), "-D", str(folder / "data"), "-m", "fast",
                         "stop"]),
        check=False,
        capture_output=True,
    )


def restart(folder: Path) -> None:
    """Restart the server started in ``folder`` (same port), cutting every connection."""
    bindir = programs()
    assert bindir is not None
    subprocess.run(
        _as_server_user([str(bindir / "pg_ctl"), "-D", str(folder / "data"), "-m", "fast",
                         "-l", str(folder / "server.log"), "-w", "restart"]),
        check=True,
        capture_output=True,
    )


async def cut(server_url: str, db: Any) -> None:
    """Cut an open ``bot.store.Database``'s connection from the server's side, as a
    server restart does."""
    import asyncpg

    pid = (await db.fetchone("SELECT pg_backend_pid()"))[0]
    killer = await asyncpg.connect(server_url)
    try:
        await killer.execute("SELECT pg_terminate_backend($1)", pid)
    finally:
        await killer.close()


async def new_schema(server_url: str) -> str:
    """A new empty schema; the URL that uses it."""
    import asyncpg  # here: ``start`` and ``stop`` run before the project is installed

    name = f"test_{uuid.uuid4().hex[:12]}"
    conn = await asyncpg.connect(server_url)
    try:
        await conn.execute(f"CREATE SCHEMA {name}")
    finally:
        await conn.close()
    return f"{server_url}?search_path={name}"


async def drop_schema(server_url: str, schema_url: str) -> None:
    """Drop the schema a test used."""
    import asyncpg

    name = schema_url.rsplit("search_path=", 1)[1]
    conn = await asyncpg.connect(server_url)
    try:
        await conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
    finally:
        await conn.close()


if __name__ == "__main__":  # python -m tests.postgres_server start|stop FOLDER
    action, where = sys.argv[1], Path(sys.argv[2])
    if action == "start":
        print(start(where))
    else:
        stop(where)
