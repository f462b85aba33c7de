"""A player's private hand: their cards, the table as they see it, and their choices.

The controls are built from the legal actions only: a button per card of the hand (and of
the face-up table or battery when playing), disabled when it may not be played; a button
per other choice (bid, pass, order up, alone…), or a select when there are many; Hint and
Refresh. Every custom id carries the table and the turn it was drawn for, so a click from
an older state is recognised and refused.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import discord

from bot.engine import action_name
from bot.tables.models import HandView
from bot.ui.areas import area_name, area_text, face_up
from bot.ui.cards import card_text, cards_text, suit_of_card, trump_text
from bot.ui.custom_ids import action_button, hint_button, pick_select, table_button
from bot.ui.hand.phases import task
from bot.ui.names import seat_names
from bot.ui.table.message import TURN_UP_STATES, trick_lines
from bot.ui.views import StaticView

CARD_VERBS = ("play", "discard", "give", "switch")
ROWS, PER_ROW, MAX_SELECT = 5, 5, 25
FEW_CHOICES = 10
MAX_DESCRIPTION = 4000


def hand_embed(
    hand: HandView, names: Mapping[int, str], notice: str | None = None
) -> discord.Embed:
    """The private embed: the player's cards, what they can see, and what they may do now."""
    view, table = hand.view, hand.table
    labels = seat_names(table, names)
    variant = table.variant
    lines = [f"**Your hand:** {cards_text(view.get('hand', []), variant)}"]
    for seat, area in enumerate(view.get("tables") or []):
        whose = "Your" if seat == hand.seat else f"{labels[seat]}'s"
        lines.append(f"**{whose} {area_name(view)}:** {area_text(area, variant)}")
    if view.get("trump") is not None or view.get("phase") == "play":
        lines.append(f"Trump: {trump_text(view.get('trump'))}")
    if view.get("turn_up"):
        state = TURN_UP_STATES.get(view.get("turn_up_state") or "up", "")
        lines.append(f"Turn-up: {card_text(view['turn_up'], variant)} ({state})")
    if view.get("calling_card"):
        lines.append(f"Calling card: {card_text(view['calling_card'], variant)}")
    if view.get("exposed_hand"):
        lines.append(f"Jambone hand: {cards_text(view['exposed_hand'], variant)}")
    if view.get("must_play_from") and hand.legal:
        lines.append(f"Play from your {view['must_play_from']}.")
    lines += trick_lines(view, labels, variant)
    lines += ["", prompt(hand, labels)]
    if notice:
        lines += ["", notice]
    embed = discord.Embed(
        title=f"{table.variant_name} · table #{table.id} · your hand",
        description="\n".join(lines)[:MAX_DESCRIPTION],
        colour=0x2B2D31,
    )
    scores = " – ".join(str(s) for s in view.get("scores", []))
    embed.set_footer(text=f"Hand {view.get('hand_number')} · scores {scores}")
    return embed


def prompt(hand: HandView, labels: Sequence[str]) -> str:
    """Tell the player it is their turn and what to do, or whom they are waiting for."""
    view, table = hand.view, hand.table
    if view.get("is_over") or table.status == "finished":
        return "The game is over."
    if table.status != "playing":
        return "This table is closed."
    if hand.legal:
        return f"👉 **Your turn** to {task(view)}."
    if table.seats[hand.seat].standin:
        return "A computer is playing for you. Press **My hand** on the table to take over."
    seat = table.current_seat
    if seat is None or seat >= len(labels):
        return ""
    return f"Waiting for {labels[seat]} to {task(view)}."


def hand_controls(hand: HandView, with_hint: bool = True) -> StaticView:
    """Buttons (or selects when there are many) for every choice open to the player."""
    view = StaticView()
    table_id, turn = hand.table.id, hand.turn
    card_actions = [a for a in hand.legal if a.partition(":")[0] in CARD_VERBS]
    others = [a for a in hand.legal if a not in card_actions]
    other_rows = 1 if len(others) > FEW_CHOICES else math.ceil(len(others) / PER_ROW)
    row = 0
    if card_actions:
        verb = card_actions[0].partition(":")[0]
        cards = cards_to_show(hand, verb)
        card_rows = math.ceil(len(cards) / PER_ROW)
        if card_rows <= ROWS - 1 - other_rows:
            for index, card in enumerate(cards):
                action = f"{verb}:{card}"
                view.add_button(
                    label=card_label(card, hand),
                    style=card_style(card, hand.view.get("trump")),
                    custom_id=action_button(table_id, turn, action),
                    disabled=action not in hand.legal,
                    row=row + index // PER_ROW,
                )
            row += card_rows
        else:
            _select(view, table_id, turn, "card", card_actions, hand, row)
            row += 1
    if len(others) > FEW_CHOICES:
        _select(view, table_id, turn, "choice", others, hand, row)
        row += 1
    else:
        for index, action in enumerate(others):
            pass_like = action == "pass"
            view.add_button(
                label=action_name(action, hand.table.variant),
                style=discord.ButtonStyle.secondary if pass_like else discord.ButtonStyle.primary,
                custom_id=action_button(table_id, turn, action),
                row=row + index // PER_ROW,
            )
        row += other_rows
    last = min(row, ROWS - 1)
    if hand.legal and with_hint:
        view.add_button(label="Hint", emoji="💡", custom_id=hint_button(table_id, turn), row=last)
    view.add_button(label="Refresh", emoji="🔄", custom_id=table_button(table_id, "hand"), row=last)
    return view


def own_cards(hand: HandView) -> list[str]:
    """The player's own cards: the hand, plus the face-up cards of their table or battery."""
    cards = list(dict.fromkeys(hand.view.get("hand", [])))
    areas = hand.view.get("tables")
    if areas and 0 <= hand.seat < len(areas):
        cards += [c for c in face_up(areas[hand.seat]) if c not in cards]
    return cards


def cards_to_show(hand: HandView, verb: str) -> list[str]:
    """The cards drawn as buttons: the player's own (illegal ones disabled), or, for the
    Jambone chooser picking from the maker's exposed hand, only the cards they may pick."""
    legal = [a.partition(":")[2] for a in hand.legal if a.startswith(verb + ":")]
    mine = own_cards(hand) if verb == "play" else list(dict.fromkeys(hand.view.get("hand", [])))
    foreign = [c for c in dict.fromkeys(legal) if c not in mine]
    if foreign:
        return foreign
    return mine


def card_label(card: str, hand: HandView) -> str:
    """A card's button label, marking cards that are not in the player's hand."""
    text = card_text(card, hand.table.variant)
    if card in hand.view.get("hand", []):
        return text
    if card in own_cards(hand):
        return f"{text} ({area_name(hand.view)})"
    return f"{text} (maker's)"


def card_style(card: str, trump: str | None) -> discord.ButtonStyle:
    """Trump blurple, red suits red, the rest grey."""
    suit = suit_of_card(card)
    if trump is not None and suit == trump:
        return discord.ButtonStyle.primary
    if suit in ("H", "D", "R"):
        return discord.ButtonStyle.danger
    return discord.ButtonStyle.secondary


def _select(
    view: StaticView,
    table_id: int,
    turn: int,
    kind: str,
    actions: Sequence[str],
    hand: HandView,
    row: int,
) -> None:
    """A select whose values are action ids (at most 25)."""
    variant = hand.table.variant
    options = [(action_name(a, variant), a) for a in list(dict.fromkeys(actions))[:MAX_SELECT]]
    view.add_select(
        custom_id=pick_select(table_id, turn, kind),
        placeholder=f"Choose a {kind}…",
        options=options,
        row=row,
    )
