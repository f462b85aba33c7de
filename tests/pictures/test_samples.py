"""The README's pictures come from a command that draws the same files every time."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bot.pictures import samples
from tests.pictures.helpers import decode


def test_the_samples_command_draws_the_readme_pictures_the_same_each_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for out in (tmp_path / "a", tmp_path / "b"):
        monkeypatch.setattr(sys, "argv", ["samples", "--out", str(out)])
        samples.main()
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert {"euchre-table.png", "euchre-hand.png", "flip-7-table.png"} <= set(names)
    for name in names:
        first, second = (tmp_path / d / name for d in ("a", "b"))
        assert first.read_bytes() == second.read_bytes()
        decode(first.read_bytes())
