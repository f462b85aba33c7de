"""One audit run: an emulated Discord and one bot (fast computer players, short turn
timers), the planned games played one after another, then every recorded message
checked against the stored games."""

from __future__ import annotations

import asyncio
import logging
import random
import signal
import tempfile
import time
from pathlib import Path

from tests.emulator import BotProcess, DiscordEnv, Emulator
from tests.emulator.rules.conformance import TALLY
from tests.emulator.world.spec import GuildSpec
from tests.truth.judging.audit import audit
from tests.truth.judging.report import Report
from tests.truth.playing.afterwards import look_back
from tests.truth.playing.plans import Plan
from tests.truth.playing.play import end_open_tables, play_plan
from tests.truth.playing.recorder import Recorder
from tests.truth.playing.saved import save, timer_scale

#: Computers move at once and think briefly; a minute of waiting (the /play wait, turn
#: timers) lasts 3 s.
BOT_ENV = {"COMPUTER_DELAY": "0", "COMPUTER_THINK_TIME": "0.05", "TURN_TIMER_SCALE": "0.05"}
#: Seconds the bot may take to be READY (longer than the tests' 15: a busy machine).
BOT_START = 90.0
log = logging.getLogger("tests.truth")


async def run(games: list[Plan], workdir: Path | None = None) -> Report:
    """Play ``games`` and audit what Bower said about them."""
    report = Report()
    checked_before = TALLY.checked
    enough = stop_on_signals()
    emulator = Emulator((GuildSpec.default(),))
    await emulator.start()
    recorder = Recorder()
    recorder.install(emulator.world)
    folder = workdir or Path(tempfile.mkdtemp(prefix="bower-truth-"))
    bot = BotProcess(emulator, folder / "bot", log_level="WARNING", extra_env=BOT_ENV,
                     tolerate_errors=True)
    try:
        await bot.start(timeout=BOT_START)
        env = DiscordEnv(emulator, bot)
        for plan in games:
            if enough.is_set():
                log.warning("stopped after %s games: auditing them", sum(report.games.values()))
                break
            started = time.monotonic()
            try:
                members = await play_plan(env, plan)
            except (TimeoutError, AssertionError) as error:
                report.scenarios["stalled"] += 1
                log.warning("game %s (%s) stalled: %s", plan.number, plan.variant, error)
                await end_open_tables(env, bot.database_path)
                continue
            report.games[(plan.variant, plan.players)] += 1
            report.scenarios[plan.scenario] += 1
            try:
                await look_back(env, members, random.Random(plan.seed), plan.review,
                                plan.variant)
            except (TimeoutError, AssertionError) as error:  # NoResponse is an AssertionError
                report.scenarios["look-back unanswered"] += 1
                log.warning("after game %s: %s", plan.number, error)
            log.info("game %s: %s (%s players, %s) in %.1f s", plan.number, plan.variant,
                     plan.players, plan.scenario, time.monotonic() - started)
        await env.settle()
        # Stopped before the audit, which holds the event loop: a bot left running would
        # miss the emulator's heartbeats meanwhile and reconnect, its errors its own.
        await bot.stop()
        users = {u.id: u.username for u in emulator.world.users.values()}
        save(folder, recorder.shown, users, BOT_ENV)
        log.warning("recording kept in %s", folder)
        report.requests = TALLY.checked - checked_before
        report.nonconforming = [f"{v.kind} {v.route}: {v.detail}"
                                for v in emulator.violations.unexpected()]
        report.bot_errors = bot.error_lines()
        audit(recorder.shown, bot.database_path, users, report, timer_scale(BOT_ENV))
    finally:
        await bot.stop()
        await emulator.stop()
        for number in (signal.SIGINT, signal.SIGTERM):
            asyncio.get_running_loop().remove_signal_handler(number)
    return report


def stop_on_signals() -> asyncio.Event:
    """An event set by the first SIGINT or SIGTERM: the game in play is finished, the games
    played are audited and reported. A second signal stops at once (the bot and the
    emulator are still stopped on the way out)."""
    enough = asyncio.Event()
    task = asyncio.current_task()
    loop = asyncio.get_running_loop()

    def signalled() -> None:
        if enough.is_set() and task is not None:
            task.cancel()
        enough.set()

    for number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(number, signalled)
    return enough


def run_sync(games: list[Plan]) -> Report:
    """:func:`run` from synchronous code."""
    return asyncio.run(run(games))
