"""Shared fixtures: the Discord emulator and the real bot (see tests/emulator/README.md),
and both databases (tests/databases.py)."""

from tests.databases import (  # noqa: F401  (pytest finds fixtures by name)
    database_target,
    postgres_server_url,
    postgres_url,
)
from tests.emulator.harness.plugin import (  # noqa: F401  (pytest finds fixtures and hooks by name)
    bot_factory,
    discord_env,
    emulator,
    emulator_env,
    guild_specs,
    pytest_runtest_makereport,
)
from tests.emulator.rules.conformance_report import (  # noqa: F401  (the run's count of checked requests)
    pytest_sessionfinish,
    pytest_terminal_summary,
    pytest_testnodedown,
)
