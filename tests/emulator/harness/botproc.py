"""Running the real bot (`python -m bot`) as a subprocess pointed at the emulator.

The process gets DISCORD_TOKEN, DISCORD_API_BASE, DISCORD_GATEWAY_URL and DATABASE_PATH
(in its own temporary directory, which is also its working directory, so no developer
`.env` leaks in). Its stdout and stderr go to `bot.log`; the pytest plugin prints that
log under a failing test.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.emulator.server import Emulator

REPO_ROOT = Path(__file__).resolve().parents[3]
ERROR_LINE = re.compile(r" (ERROR|CRITICAL) +\S+: |^Traceback \(most recent call last\)", re.M)
OWN_SETTINGS = (
    "DISCORD_TOKEN",
    "DISCORD_API_BASE",
    "DISCORD_GATEWAY_URL",
    "DATABASE_PATH",
    "DATABASE_URL",
    "SHARD_COUNT",
    "SHARD_IDS",
    "LOG_LEVEL",
    "BACKUP_DIR",
    "BACKUP_EVERY_HOURS",
    "BACKUP_KEEP",
    "SHARD_COUNT",
    "SHARD_IDS",
    "DATABASE_URL",
)


class BotCrashed(AssertionError):
    """The bot process exited when it should be running."""


class BotProcess:
    """Start, stop, kill and restart the bot; wait until it is READY."""

    def __init__(
        self,
        emulator: Emulator,
        workdir: Path,
        *,
        log_level: str = "INFO",
        extra_env: dict[str, str] | None = None,
        tolerate_errors: bool = False,
        own_group: bool = False,
    ) -> None:
        self.emulator = emulator
        self.workdir = workdir
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.log_path = workdir / "bot.log"
        self.database_path = workdir / "data" / "bower.sqlite3"
        self.log_level = log_level
        self.extra_env = dict(extra_env or {})
        self.tolerate_errors = tolerate_errors
        self.own_group = own_group  # its own process group, which stop() signals (as systemd)
        self.starts = 0
        self.expected_running = False
        self._process: subprocess.Popen[bytes] | None = None

    # ----- state -------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        """True while the process is alive."""
        return self._process is not None and self._process.poll() is None

    @property
    def returncode(self) -> int | None:
        """Exit status of the last run (None while running or never started)."""
        return None if self._process is None else self._process.poll()

    @property
    def pid(self) -> int | None:
        """Process id of the current run."""
        return None if self._process is None else self._process.pid

    def log(self) -> str:
        """Everything the bot printed, over all its runs."""
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def error_lines(self) -> list[str]:
        """Log lines at ERROR or above, and traceback starts (a bot bug, unless tolerated)."""
        return [line for line in self.log().splitlines() if ERROR_LINE.search(line)]

    def environment(self) -> dict[str, str]:
        """The process environment: ours, minus any Bower setting, plus the emulator's."""
        env = {k: v for k, v in os.environ.items() if k not in OWN_SETTINGS}
        env.update(
            {
                "DISCORD_TOKEN": self.emulator.token,
                "DISCORD_API_BASE": self.emulator.api_base,
                "DISCORD_GATEWAY_URL": self.emulator.gateway_url,
                "DATABASE_PATH": str(self.database_path),
                "LOG_LEVEL": self.log_level,
                "PYTHONPATH": os.pathsep.join(
                    filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")])
                ),
                "PYTHONUNBUFFERED": "1",
            }
        )
        env.update(self.extra_env)
        return env

    # ----- control -----------------------------------------------------------------------------
    async def start(self, *, wait: bool = True, timeout: float = 15.0) -> None:
        """Launch `python -m bot`; by default wait until it is READY with commands synced."""
        if self.running:
            raise RuntimeError("the bot is already running")
        self.starts += 1
        started = time.monotonic()
        with self.log_path.open("ab") as log:
            log.write(f"===== bot start #{self.starts} =====\n".encode())
            log.flush()
            self._process = subprocess.Popen(
                [sys.executable, "-m", "bot"],
                cwd=self.workdir,
                env=self.environment(),
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                process_group=0 if self.own_group else None,
            )
        self.expected_running = True
        if wait:
            await self.wait_ready(since=started, timeout=timeout)

    async def wait_ready(
        self, *, since: float, timeout: float = 15.0, commands: bool = True
    ) -> None:
        """Wait for a gateway READY (and a command sync) after `since` (monotonic)."""
        deadline = time.monotonic() + timeout
        gateway, store = self.emulator.gateway, self.emulator.world.commands
        while True:
            ready = any(t >= since for t in gateway.ready_at)
            synced = not commands or any(t >= since for t, _ in store.syncs)
            if ready and synced:
                return
            if not self.running:
                self.expected_running = False
                raise BotCrashed(
                    f"the bot exited with status {self.returncode} before READY:\n"
                    + self.log()[-4000:]
                )
            if time.monotonic() > deadline:
                raise BotCrashed(f"the bot was not READY within {timeout}s:\n" + self.log()[-4000:])
            await self.emulator.world.wait_changed(0.05)

    async def wait_resumed(self, *, since: float, timeout: float = 10.0) -> None:
        """Wait until the bot RESUMEs its gateway session after `since` (monotonic)."""
        deadline = time.monotonic() + timeout
        while not any(t >= since for t in self.emulator.gateway.resumed_at):
            if time.monotonic() > deadline:
                raise AssertionError(f"the bot did not RESUME within {timeout}s")
            await self.emulator.world.wait_changed(0.05)

    async def stop(self, *, timeout: float = 10.0) -> int | None:
        """Ask the bot to shut down (SIGTERM, to its whole process group if it has its own);
        kill it if it takes longer than `timeout`."""
        self.expected_running = False
        if not self.running:
            return self.returncode
        assert self._process is not None
        if self.own_group:
            os.killpg(self._process.pid, signal.SIGTERM)
        else:
            self._process.send_signal(signal.SIGTERM)
        if await self._wait_exit(timeout) is None:
            return await self.kill()
        return self.returncode

    async def kill(self) -> int | None:
        """SIGKILL: the bot dies at once, mid-whatever, as in a crash or power loss."""
        self.expected_running = False
        if self.running:
            assert self._process is not None
            self._process.kill()
            await self._wait_exit(10.0)
        return self.returncode

    async def restart(self, *, kill: bool = False, timeout: float = 15.0) -> None:
        """Stop (or kill) the bot and start it again, waiting until READY."""
        await (self.kill() if kill else self.stop())
        await self.start(timeout=timeout)

    async def _wait_exit(self, timeout: float) -> int | None:
        deadline = time.monotonic() + timeout
        while self.running and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        return self.returncode
