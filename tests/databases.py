"""Fixtures that run a test against both databases: SQLite, and PostgreSQL (a schema of its
own on the test server, see tests/postgres_server.py)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests import postgres_server

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def postgres_server_url() -> Iterator[str]:
    """The test server's URL: BOWER_TEST_DATABASE_URL, or a server this session starts."""
    given = os.environ.get(postgres_server.URL_VARIABLE)
    if given:
        yield given
        return
    if postgres_server.programs() is None:
        pytest.skip(
            f"PostgreSQL is not installed: set {postgres_server.URL_VARIABLE} or run .ci/run, "
            "which installs and starts it"
        )
    folder = Path(tempfile.mkdtemp(prefix="bower-pg-"))
    url = postgres_server.start(folder)
    try:
        yield url
    finally:
        postgres_server.stop(folder)


@pytest.fixture
async def postgres_url(postgres_server_url: str) -> AsyncIterator[str]:
    """A URL whose schema is new and empty, dropped after the test."""
    url = await postgres_server.new_schema(postgres_server_url)
    yield url
    await postgres_server.drop_schema(postgres_server_url, url)


@pytest.fixture(params=BACKENDS)
def database_target(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """Where the test's database lives: a SQLite file, or a PostgreSQL schema."""
    if request.param == "sqlite":
        return tmp_path / "data" / "bower.sqlite3"
    return str(request.getfixturevalue("postgres_url"))
