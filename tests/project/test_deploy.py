"""deploy/bower.service: systemd accepts it, it restarts Bower after a failure, and it runs
the same `python -m bot` an operator runs by hand."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
UNIT = REPO_ROOT / "deploy" / "bower.service"
INSTALLED_AT = "/opt/bower"


def unit_sections() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(UNIT)
    return parser


def test_it_restarts_after_a_failure_and_runs_the_bot() -> None:
    service = unit_sections()["Service"]
    assert service["Restart"] == "on-failure"
    assert service["ExecStart"] == f"{INSTALLED_AT}/.venv/bin/python -m bot"
    assert service["WorkingDirectory"] == INSTALLED_AT  # where .env and data/ are found
    assert "RestartPreventExitStatus" not in service  # a fixed .env or network needs nobody


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="needs systemd-analyze")
def test_systemd_analyze_verify_accepts_it(tmp_path: Path) -> None:
    """Verified as installed here: the paths point at this checkout's Python and folders."""
    installed = tmp_path / "bower.service"
    python = Path(sys.executable)
    text = UNIT.read_text().replace(f"{INSTALLED_AT}/.venv/bin/python", str(python))
    installed.write_text(text.replace(INSTALLED_AT, str(tmp_path)))
    (tmp_path / "data").mkdir()
    result = subprocess.run(
        ["systemd-analyze", "verify", str(installed)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "bower.service" not in result.stderr, result.stderr  # no warning about the unit
