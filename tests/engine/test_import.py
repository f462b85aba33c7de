"""The engine stays pure: importing it pulls in no Discord, asyncio or database code."""

from __future__ import annotations

import subprocess
import sys


def test_engine_imports_nothing_from_discord() -> None:
    code = (
        "import sys, bot.engine, bot.engine.bench\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('discord', 'aiosqlite', 'asyncio')]\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == ""
