"""docs/operating.md: the invite URL's permission integer is exactly the permissions its
table lists, each named as Discord (and discord.py) name it."""

from __future__ import annotations

import re
from pathlib import Path

import discord

DOC = Path(__file__).resolve().parents[1] / "docs" / "operating.md"
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
