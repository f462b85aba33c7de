"""docs/operating.md: the invite URL's permission integer is exactly the permissions its
table lists, each named as Discord (and discord.py) name it."""

from __future__ import annotations

import re
from pathlib import Path

import discord

DOC = Path(__file__).resolve().parents[2] / "docs" / "operating.md"
ROW = re.compile(r"^\| ([A-Z][A-Za-z ]+) \| (\d+) \|", re.M)


def test_the_invite_integer_is_the_sum_of_the_listed_permissions() -> None:
    text = DOC.read_text(encoding="utf-8")
    rows = ROW.findall(text)
    assert len(rows) >= 5
    total = 0
    for name, value in rows:
        flag = name.lower().replace(" ", "_")
        assert discord.Permissions(**{flag: True}).value == int(value), name
        total |= int(value)
    assert f"permissions={total}" in text
    assert f"`{total}` is exactly these permissions" in text
    wanted = discord.Permissions(total)
    assert not wanted.administrator and not wanted.manage_messages
    assert not wanted.read_message_history  # Bower reads no earlier messages


def _section(text: str, heading: str) -> str:
    """The text of one ``###`` section, up to the next heading of its level or above, its
    lines joined (so a check does not depend on where a line breaks)."""
    start = text.index(f"\n### {heading}\n")
    ends = [text.find(mark, start + 1) for mark in ("\n### ", "\n## ")]
    return " ".join(text[start : min(end for end in ends if end != -1)].split())


def test_postgresql_is_set_up_moved_to_backed_up_and_restored() -> None:
    postgres = _section(DOC.read_text(encoding="utf-8"), "PostgreSQL")
    for needed in (
        "DATABASE_URL=postgresql://",
        "createuser --pwprompt bower",
        "createdb --owner=bower bower",
        "python -m bot.store.copy --from data/bower.sqlite3 --to postgresql://",
        "pg_dump --format=custom --file=bower-$(date -u +%Y%m%d-%H%M%S).dump \"$DATABASE_URL\"",
        "* * * cd /var/backups/bower && pg_dump --format=custom",  # the crontab line
        "OnCalendar=daily",
        "pg_restore --single-transaction",
        "dropdb bower && createdb --owner=bower bower",
        "BACKUP_DIR` backups are SQLite only",
    ):
        assert needed in postgres, needed
    assert postgres.index("stop") < postgres.index("pg_restore --single")  # the bot stopped


def test_a_shard_cluster_is_explained_with_its_systemd_template() -> None:
    shards = _section(DOC.read_text(encoding="utf-8"), "Shard clusters (several processes)")
    for needed in (
        "SHARD_COUNT",
        "SHARD_IDS=0-3",
        "syncs the slash commands",
        "45 × shards held / `SHARD_COUNT`",
        "2,500 servers",
        "1,000 servers per shard",
        "one process per CPU core",
        "/etc/systemd/system/bower@.service",
        "EnvironmentFile=/etc/bower/env",
        "Environment=SHARD_IDS=%i",
        "ExecStart=/opt/bower/.venv/bin/python -m bot",
        "systemctl enable --now bower@0-3 bower@4-7",
    ):
        assert needed in shards, needed
    for variable in ("DISCORD_TOKEN", "DATABASE_URL", "SHARD_COUNT"):  # shared by the units
        assert f"`{variable}`" in shards.split("/etc/bower/env", 1)[1][:200], variable
