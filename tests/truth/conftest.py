"""The game most checker tests plant their statements in."""

from __future__ import annotations

import pytest

from tests.truth.planting import two_hands
from tests.truth.stored.store import StoredTable


@pytest.fixture
def table() -> StoredTable:
    """A Euchre game of two hands in which bob orders up alone in the first."""
    return two_hands()
