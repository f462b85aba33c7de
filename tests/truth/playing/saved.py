"""A run's recording kept on disk (the messages shown, the members' names, the bot's
settings from its environment; the bot's database stays beside them), so that its games
can be audited again with newer checkers: ``python -m tests.truth --again FOLDER``."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

from tests.truth.playing.recorder import Shown

SHOWN, USERS, ENV = "shown.jsonl", "users.json", "env.json"


def save(folder: Path, shown: list[Shown], users: dict[int, str], env: dict[str, str]) -> None:
    """Write the versions shown, the members' names and the bot's environment settings
    into ``folder``."""
    with (folder / SHOWN).open("w", encoding="utf-8") as out:
        for version in shown:
            out.write(json.dumps(asdict(version), ensure_ascii=False) + "\n")
    (folder / USERS).write_text(json.dumps({str(k): v for k, v in users.items()}))
    (folder / ENV).write_text(json.dumps(env))


def load(folder: Path) -> tuple[list[Shown], dict[int, str], Path, dict[str, str] | None]:
    """The versions shown, the members' names, the bot's database and its environment
    settings (none for a recording made before they were kept) of a saved run."""
    shown = []
    with (folder / SHOWN).open(encoding="utf-8") as saved:
        for line in saved:
            data = json.loads(line)
            data["controls"] = tuple(tuple(pair) for pair in data["controls"])
            data["alts"] = tuple(data.get("alts", ()))  # none kept in older recordings
            shown.append(Shown(**data))
    users = {int(k): v for k, v in json.loads((folder / USERS).read_text()).items()}
    env = json.loads((folder / ENV).read_text()) if (folder / ENV).exists() else None
    return shown, users, folder / "bot" / "data" / "bower.sqlite3", env


def timer_scale(env: dict[str, str] | None) -> float | None:
    """The bot's timer scale (``TURN_TIMER_SCALE``, 1 when unset); None if not known."""
    return None if env is None else float(env.get("TURN_TIMER_SCALE", 1.0))
