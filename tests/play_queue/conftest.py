"""Fixtures for queue tests: the table service's database and service."""

from tests.tables.conftest import db, db_path, service  # noqa: F401  (fixtures, by name)
