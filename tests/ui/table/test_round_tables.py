"""A tournament round's table: named after its round and table, played to its hands (no
target anywhere, "Hand 2 of 8"), ended as a round won or level, and no Rematch."""

from __future__ import annotations

from dataclasses import replace

from bot.engine import new_game
from bot.tables.models import Table
from bot.ui.table.message import options_text, result_lines, table_controls, table_embed
from tests.emulator import components as comp
from tests.ui.helpers import NAMES, check_fits, playing_table, public_of

NAME = "Euchre night · round 2 · table 1"


def round_table(status: str = "playing") -> tuple[Table, dict]:  # type: ignore[type-arg]
    game = new_game("euchre", 4, seed=1, options={"target": 1000})
    table = replace(playing_table(game), hand_limit=8, event_name=NAME, status=status)
    view = {**public_of(game), "target": None, "hand_limit": 8}
    return table, view


def test_the_table_is_named_for_its_round_and_counts_its_hands() -> None:
    table, view = round_table()
    embed = table_embed(table, view, NAMES)
    assert embed.title == NAME  # the thread's name; Bower's table number is in the footer
    text = embed.description or ""
    assert "Hand 1 of 8" in text and "— to" not in text and "1000" not in text
    assert options_text(table) == f"Euchre · tournament round of 8 hands · table #{table.id}"
    one = replace(table, hand_limit=1)
    assert options_text(one) == f"Euchre · tournament round of 1 hand · table #{table.id}"


def test_a_round_ends_won_or_level_and_offers_no_rematch() -> None:
    table, _ = round_table("finished")
    won = replace(table, hand_number=8, scores=(6, 3), winner=0)
    assert result_lines(won, ["Ann", "Bob", "Cy", "Di"])[0] == (
        "🏆 **Ann & Cy** won the round after 8 hands!")
    level = replace(won, scores=(4, 4), winner=None)
    assert result_lines(level, ["Ann", "Bob", "Cy", "Di"])[0] == (
        "The round is over after 8 hands, level.")
    body = check_fits(embed=table_embed(won, None, NAMES), view=table_controls(won))
    labels = [c["label"] for c in comp.walk(body["components"]) if c["type"] == comp.BUTTON]
    assert labels == ["Review"]
