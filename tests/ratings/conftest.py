"""Fixtures for rating tests: the store tests' fresh database per test, on SQLite and on
PostgreSQL."""

from tests.store.conftest import db, db_path

__all__ = ["db", "db_path"]
