"""pytest hooks that report, at the end of a run, how many requests the emulator checked
against Discord's API description and how many rules it enforces beyond it.

Each test process counts in `conformance.TALLY`; under xdist the workers hand their counts
to the controller. The line is printed in the terminal summary and written as JSON to
`.pytest_cache/d/bower/conformance.json`, for CI to read.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

import pytest

from tests.emulator.rules.conformance import TALLY, Tally
from tests.emulator.rules.documented import BEYOND_DESCRIPTION, CORRECTIONS

COUNTED = pytest.StashKey[Tally]()


def _tally(config: pytest.Config) -> Tally:
    if COUNTED not in config.stash:
        config.stash[COUNTED] = Tally()
    return config.stash[COUNTED]


def summary(tally: Tally) -> dict[str, Any]:
    """What the run shows and writes."""
    return {
        **asdict(tally),
        "corrections_from_documentation": len(CORRECTIONS),
        "rules_beyond_description": len(BEYOND_DESCRIPTION),
    }


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """A worker hands its count to the controller; a lone process keeps its own."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["conformance"] = asdict(TALLY)
        return
    total = _tally(session.config)
    total.checked += TALLY.checked
    total.nonconforming += TALLY.nonconforming
    total.seconds += TALLY.seconds
    if total.checked and getattr(session.config, "cache", None) is not None:
        path = session.config.cache.mkdir("bower") / "conformance.json"
        path.write_text(json.dumps(summary(total), indent=2) + "\n")


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """The controller adds up a finished worker's count."""
    counted = getattr(node, "workeroutput", {}).get("conformance")
    if counted:
        total = _tally(node.config)
        total.checked += counted["checked"]
        total.nonconforming += counted["nonconforming"]
        total.seconds += counted["seconds"]


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """One line after the results, when any request was checked."""
    total = _tally(config)
    if total.checked:
        terminalreporter.write_line(
            f"Discord API description: {total.checked} requests checked"
            f" ({total.seconds:.1f} s in all), {total.nonconforming} did not conform;"
            " the emulator enforces"
            f" {len(BEYOND_DESCRIPTION)} rules beyond it and follows the documentation"
            f" in {len(CORRECTIONS)} places"
        )
