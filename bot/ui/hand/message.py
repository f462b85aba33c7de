"""A player's private hand: their cards, the table as they see it, and their choices.

The controls are built from the legal actions only: a button per card of the hand (and of
the face-up table or battery when playing), in the order trump makes them and disabled
when it may not be played; a button per other choice (bid, pass, order up, alone…), or a
select when there are many; Hint and Refresh. Every custom id carries the table and the
turn it was drawn for, so a click from an older state is recognised and refused.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import discord

from bot.engine import action_name, card_named, card_role, hand_order, picks_for_maker
from bot.engine.cards import natural_suit
from bot.tables.models import HandView, Table
from bot.ui.areas import area_name, area_text, face_up
from bot.ui.custom_ids import action_button, hint_button, pick_select, table_button
from bot.ui.hand.bidding import bid_task
from bot.ui.hand.choices import PASS_LIKE, choice_label, groups, is_joined, joined_help, offered
from bot.ui.hand.lasting import lasting_note, still_view
from bot.ui.hand.phases import choice_help, your_task
from bot.ui.hand.reasons import unplayable_note
from bot.ui.names import seat_names
from bot.ui.table.message import TURN_UP_STATES, result_lines, trick_lines
from bot.ui.views import StaticView
from bot.words.cards import card_text, cards_text, trump_text
from bot.words.scores import score_text

CARD_VERBS = ("play", "discard", "give", "switch")
ROWS, PER_ROW, MAX_SELECT = 5, 5, 25
FEW_CHOICES = 10
MAX_DESCRIPTION = 4000
HELD_WORDS = {"partner": "you play with your partner", "alone": "you go alone",
              "jambone": "you call Jambone"}
TRUMP_ROLES = ("right bower", "left bower", "trump")
SELECT_PROMPTS = {
    "play": "Choose a card to play…",
    "discard": "Choose a card to discard…",
    "give": "Choose a card to give…",
    "switch": "Choose a card to switch in…",
    "bid": "Choose your bid…",
    "trump": "Name trump…",
}


def hand_embed(
    hand: HandView, names: Mapping[int, str], notice: str | None = None
) -> discord.Embed:
    """The private embed: the player's cards, what they can see, and what they may do now
    (while they wait, only what stays true until it is their turn: see :func:`still_view`)."""
    hand = still_view(hand)
    view, table = hand.view, hand.table
    labels = seat_names(table, names)
    variant, trump = table.variant, view.get("trump")
    cards = hand_order(view.get("hand", []), variant, trump)
    lines = [f"**Your hand:** {' '.join(card_named(c, variant, trump) for c in cards) or 'empty'}"]
    for seat, area in enumerate(view.get("tables") or []):
        if area is None:
            continue
        whose = "Your" if seat == hand.seat else f"{labels[seat]}'s"
        lines.append(f"**{whose} {area_name(view)}:** {area_text(area, variant, trump)}")
    if trump is not None or view.get("phase") == "play":
        lines.append(f"Trump: {trump_text(trump)}")
    lines += decision_cards(view, variant)
    lines += trick_lines(view, labels, variant)
    lines += ["", prompt(hand, labels)]
    if hand.legal and hand.held:
        lines.append(held_note(hand, labels))
    if hand.legal:
        lines += choice_help(view, hand.legal, labels)
        lines += joined_help(view, offered(view, hand.legal))
        reason = unplayable_note(view, hand.legal, own_cards(hand))
        if reason:
            lines.append(f"🚫 {reason}")
    if notice:
        lines += ["", notice]
    embed = discord.Embed(
        title=f"{table.variant_name} · table #{table.id} · your hand",
        description="\n".join(lines)[:MAX_DESCRIPTION],
        colour=0x2B2D31,
    )
    embed.set_footer(text=footer(hand, labels))
    return embed


def decision_cards(view: Mapping[str, object], variant: str) -> list[str]:
    """The public cards a decision is about: turn-up, calling card, chaff, a Jambone hand."""
    lines = []
    turn_up = view.get("turn_up")
    if isinstance(turn_up, str):
        state = TURN_UP_STATES.get(str(view.get("turn_up_state") or "up"), "")
        lines.append(f"Turn-up: {card_text(turn_up, variant)} ({state})")
    if isinstance(view.get("calling_card"), str):
        lines.append(f"Calling card: {card_text(str(view['calling_card']), variant)}")
    chaff = view.get("chaff")
    if isinstance(chaff, list) and chaff:
        lines.append(f"Chaff turned: {cards_text(chaff, variant)}")
    exposed = view.get("exposed_hand")
    if isinstance(exposed, list) and exposed:
        trump = view.get("trump")
        trump = trump if isinstance(trump, str) else None
        exposed = hand_order(exposed, variant, trump)
        lines.append(f"Jambone hand (face up): {cards_text(exposed, variant, trump)}")
    return lines


def footer(hand: HandView, labels: Sequence[str]) -> str:
    """``Hand 3 · Alice & Carol 5 · Bob & Dave 9 — to 10``; at a tournament round's
    table, ``Hand 2 of 8 · …`` and no target."""
    view = hand.view
    sides = view.get("sides") or hand.table.sides
    scores = score_text(view.get("scores", []), sides, labels, target=view.get("target"))
    limit = f" of {view['hand_limit']}" if view.get("hand_limit") else ""
    return f"Hand {view.get('hand_number')}{limit} · {scores}"


def prompt(hand: HandView, labels: Sequence[str]) -> str:
    """Tell the player it is their turn and what to do, or whom they are waiting for."""
    view, table = hand.view, hand.table
    if view.get("is_over") or table.status == "finished":
        return "🏁 The game is over."
    if table.status != "playing":
        return "This table is closed."
    if hand.legal and picks_for_maker(view) and 0 <= view["maker"] < len(labels):
        maker = labels[view["maker"]]
        return (
            f"👉 **Your turn:** choose the card {maker} plays (Jambone): the card buttons "
            f"below are {maker}'s face-up cards, not yours."
        )
    if hand.legal:
        return f"👉 **Your turn:** {bid_task(view, hand.legal, labels) or your_task(view)}."
    if table.seats[hand.seat].standin:
        return "A computer is playing for you. Press **My hand** on the table to take over."
    lasting = lasting_note(hand, labels)  # a wait no refresh will end before the hand does
    if lasting:
        return lasting
    if hand.held:
        return held_note(hand, labels)
    return (
        "⏳ **Not your turn yet.** This message changes when it comes; the table message "
        "shows the play meanwhile."
    )


def held_note(hand: HandView, labels: Sequence[str]) -> str:
    """The step the player chose ahead, and when it is made (Railroad: after the dealer's
    discard)."""
    doing = HELD_WORDS.get(str(hand.held), str(hand.held))
    dealer = hand.view.get("dealer")
    if dealer == hand.seat:
        return f"🔜 Once you have discarded, {doing} (as you chose)."
    who = labels[dealer] if isinstance(dealer, int) and dealer < len(labels) else "the dealer"
    return f"⏳ {doing[:1].upper()}{doing[1:]} as soon as {who} has discarded (as you chose)."


def closed_hand_embed(table: Table, names: Mapping[int, str]) -> discord.Embed:
    """A closed table as its players' private hands show it: the result, or why it ended."""
    labels = seat_names(table, names)
    if table.status == "finished" and table.event_name:
        lines = ["🏁 **This table's round is over.**", *result_lines(table, labels)]
        lines.append("It counts in the tournament's standings: `/tournament standings`.")
    elif table.status == "finished":
        lines = ["🏁 **The game is over.**", *result_lines(table, labels)]
        lines.append("Press **Rematch** to play again with the same seats.")
    elif table.status == "cancelled":
        lines = ["This table was cancelled."]
    else:
        lines = ["This game was ended before its finish: it is not rated."]
    return discord.Embed(
        title=f"{table.variant_name} · table #{table.id}",
        description="\n".join(lines)[:MAX_DESCRIPTION],
        colour=0xFAA61A if table.status == "finished" else 0x747F8D,
    )


def closed_hand_controls(table: Table) -> StaticView:
    """Only what still makes sense once a table has closed: Rematch (not at a tournament's
    table: the tournament seats the next round) and Review after a finish."""
    view = StaticView()
    if table.status == "finished" and not table.event_name:
        view.add_button(
            label="Rematch", style=discord.ButtonStyle.success,
            custom_id=table_button(table.id, "rematch"),
        )
    if table.status == "finished":
        view.add_button(label="Review", custom_id=table_button(table.id, "review"))
    return view


def hand_controls(hand: HandView, with_hint: bool = True) -> StaticView:
    """Buttons (or selects when there are many) for every choice open to the player."""
    view = StaticView()
    table_id, turn = hand.table.id, hand.turn
    card_actions = [a for a in hand.legal if a.partition(":")[0] in CARD_VERBS]
    others = offered(hand.view, [a for a in hand.legal if a not in card_actions])
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
                    label=card_label(card, hand, verb),
                    style=card_style(card, hand),
                    custom_id=action_button(table_id, turn, action),
                    disabled=action not in hand.legal,
                    row=row + index // PER_ROW,
                )
            row += card_rows
        else:
            _select(view, table_id, turn, verb, card_actions, hand, row)
            row += 1
    if is_joined(others):
        row = _joined_buttons(view, hand, others, row)
    elif len(others) > FEW_CHOICES:
        kind = others[0].partition(":")[0]
        _select(view, table_id, turn, kind, others, hand, row)
        row += 1
    else:
        for index, action in enumerate(others):
            _choice_button(view, hand, action, row + index // PER_ROW)
        row += other_rows
    last = min(row, ROWS - 1)
    if hand.legal and with_hint:
        view.add_button(label="Hint", emoji="💡", custom_id=hint_button(table_id, turn), row=last)
    view.add_button(label="Refresh", emoji="🔄", custom_id=table_button(table_id, "hand"), row=last)
    return view


def _choice_button(view: StaticView, hand: HandView, choice: str, row: int) -> None:
    """A button for a choice other than a card: Pass grey, the rest blurple."""
    dealer = hand.view.get("dealer") == hand.seat
    view.add_button(
        label=choice_label(choice, hand.table.variant, dealer=dealer),
        style=(
            discord.ButtonStyle.secondary if choice in PASS_LIKE else discord.ButtonStyle.primary
        ),
        custom_id=action_button(hand.table.id, hand.turn, choice),
        row=row,
    )


def _joined_buttons(view: StaticView, hand: HandView, choices: list[str], row: int) -> int:
    """A row per call (``Order up`` · ``Order up alone``), then one row for the single
    choices (Pass), where Hint and Refresh go too; returns that last row."""
    singles: list[str] = []
    for group in groups(choices):
        if len(group) == 1:
            singles += group
            continue
        for choice in group:
            _choice_button(view, hand, choice, row)
        row += 1
    for choice in singles:
        _choice_button(view, hand, choice, row)
    return row


def hand_cards(hand: HandView) -> list[str]:
    """The cards in the player's hand, once each, in the order trump makes them."""
    cards = hand_order(hand.view.get("hand", []), hand.table.variant, hand.view.get("trump"))
    return list(dict.fromkeys(cards))


def own_cards(hand: HandView) -> list[str]:
    """The player's own cards: the hand, then the face-up cards of their table or battery."""
    cards = hand_cards(hand)
    areas = hand.view.get("tables")
    if areas and 0 <= hand.seat < len(areas):
        cards += [c for c in face_up(areas[hand.seat]) if c not in cards]
    return cards


def cards_to_show(hand: HandView, verb: str) -> list[str]:
    """The cards drawn as buttons: the player's own (illegal ones disabled), or, for the
    Jambone chooser picking from the maker's exposed hand, only the cards they may pick."""
    legal = [a.partition(":")[2] for a in hand.legal if a.startswith(verb + ":")]
    mine = own_cards(hand) if verb == "play" else hand_cards(hand)
    foreign = [c for c in dict.fromkeys(legal) if c not in mine]
    if foreign:
        return hand_order(foreign, hand.table.variant, hand.view.get("trump"))
    return mine


def card_label(card: str, hand: HandView, verb: str = "play") -> str:
    """A card's button label: ``J♦ (left)`` for a bower, marking cards not in the hand;
    ``Switch in Q♠`` when the card would be switched in (Flip), not played."""
    variant = hand.table.variant
    if verb == "switch":
        return f"Switch in {card_text(card, variant)}"
    text = card_named(card, variant, hand.view.get("trump"))
    if card in hand.view.get("hand", []):
        return text
    if card in own_cards(hand):
        return f"{text} ({area_name(hand.view)})"
    return f"{text} (maker's)"


def card_style(card: str, hand: HandView) -> discord.ButtonStyle:
    """Trumps (bowers and trump jokers included) blurple, red suits red, the rest grey."""
    trump = hand.view.get("trump")
    role = card_role(card, hand.table.variant, trump)
    suit = natural_suit(card)
    if role in TRUMP_ROLES or (suit is not None and suit == trump):
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
    words = action_name if kind in CARD_VERBS else choice_label
    options = [(words(a, variant), a) for a in list(dict.fromkeys(actions))[:MAX_SELECT]]
    view.add_select(
        custom_id=pick_select(table_id, turn, "card" if kind in CARD_VERBS else "choice"),
        placeholder=SELECT_PROMPTS.get(kind, "Choose what to do…"),
        options=options,
        row=row,
    )
