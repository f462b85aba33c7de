"""A tournament round's table: named after its round and table, played to its hands (no
target anywhere, "Hand 2 of 8"), ended as a round won or level, and no Rematch."""

from __future__ import annotations

from dataclasses import replace

from bot.ai import get_player
from bot.engine import new_game
from bot.tables.events import ActionApplied
from bot.tables.models import Table
from bot.ui.hand.message import closed_hand_controls, closed_hand_embed, hand_embed
from bot.ui.table.message import options_text, result_lines, table_controls, table_embed
from bot.ui.table.narration import narrate
from tests.emulator.client import components as comp
from tests.ui.helpers import NAMES, PEOPLE, check_fits, hand_of, playing_table, public_of

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


def test_point_3_the_last_hand_of_a_round_is_told_by_its_own_number_and_no_target() -> None:
    """A round of 2 hands: the recap of the second reads "Hand 2 of 2 is over" (the engine
    has dealt a third by then), and no score line plays "to 1000"."""
    game = new_game("euchre", 4, seed=3, options={"target": 1000})
    bots = [get_player("easy", seed=s) for s in range(4)]
    recaps: list[str] = []
    while len(recaps) < 2:
        seat = game.current_player
        assert seat is not None
        action = bots[seat].choose(game.view(seat), game.legal_actions())
        events = tuple(game.apply(action))
        if any(e["type"] == "hand_scored" for e in events):
            status = "finished" if len(recaps) == 1 else "playing"
            table = replace(playing_table(game), hand_limit=2, event_name=NAME, status=status)
            if status == "finished":  # as the service counts a round's hands once it ends
                table = replace(table, hand_number=2)
            applied = ActionApplied(table, 0, seat, action, "person", PEOPLE[seat], events)
            recaps.append("\n".join(narrate(applied, NAMES)))
    assert game.hand_number == 3  # the engine went on to deal a third hand
    assert "📊 **Hand 1 of 2 is over.**" in recaps[0]
    assert "📊 **Hand 2 of 2 is over.**" in recaps[1]
    assert not any("— to" in recap or "1000" in recap for recap in recaps)


def test_point_4_a_rounds_hand_messages_end_without_rematch() -> None:
    """Each player's hand message at a round's end shows the result and Review, never a
    Rematch the tournament has none of."""
    table, _ = round_table("finished")
    won = replace(table, hand_number=8, scores=(6, 3), winner=0)
    body = check_fits(embed=closed_hand_embed(won, NAMES), view=closed_hand_controls(won))
    labels = [c["label"] for c in comp.walk(body["components"]) if c["type"] == comp.BUTTON]
    assert labels == ["Review"]
    text = closed_hand_embed(won, NAMES).description or ""
    assert "Rematch" not in text and "won the round after 8 hands" in text
    game = replace(won, event_name=None, hand_limit=None)
    labels = [c["label"] for c in comp.walk(
        check_fits(view=closed_hand_controls(game))["components"]) if c["type"] == comp.BUTTON]
    assert labels == ["Rematch", "Review"]


def test_point_3_a_rounds_hand_message_counts_its_hands_with_no_target() -> None:
    table, view = round_table()
    game = new_game("euchre", 4, seed=1, options={"target": 1000})
    round_hand = {**game.view(0), "target": None, "hand_limit": 8}  # as the service gives it
    hand = replace(hand_of(game, 0, table), view=round_hand)
    footer = hand_embed(hand, NAMES).footer.text or ""
    assert footer.startswith("Hand 1 of 8 · ") and "— to" not in footer and "1000" not in footer
