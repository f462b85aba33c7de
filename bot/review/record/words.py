"""A step of the hand record in words, piece by piece: the calls (``Alice passed, Bob
ordered up the Q♥ and went alone``), the contract, each seat's cards, the piles, the trick.

Markdown for Discord (``**`` around names that matter); :mod:`.text` strips it for the
downloadable hand record. Built on Bower's own wording of cards and scores (``bot.ui``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine import action_name, card_named
from bot.words.cards import (
    card_text,
    cards_text,
    took_it,
    trick_text,
    trump_text,
)

View = Mapping[str, Any]
SIMPLE_CALLS = {
    "pass": "passed", "partner": "played with their partner", "alone": "went alone",
    "jambone": "called Jambone", "defend_alone": "defended alone", "shoot": "shot the moon",
    "no_shoot": "did not shoot the moon", "no_switch": "did not switch",
}


#: How a member came to leave a game, with their name and the hand (from 1).
DEPARTURES = {
    "left": "{name} left during hand {hand}",
    "timeouts": "{name} was replaced after timeouts during hand {hand}",
    "replaced": "A moderator replaced {name} during hand {hand}",
}


def departure_sentence(name: str, why: str, hand: int, taker: str) -> str:
    """``🚪 Bob left during hand 3; 🤖 a normal computer took the seat.``"""
    said = DEPARTURES.get(why, DEPARTURES["left"]).format(name=name, hand=hand)
    return f"🚪 {said}; {taker} took the seat."


def name_of(names: Sequence[str], seat: Any) -> str:
    """The seat's name, or ``Seat N`` when no name is given."""
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return f"Seat {seat + 1}" if isinstance(seat, int) else "?"


def call_words(action: str, view: View) -> str:
    """One call, as said after the caller's name: ``ordered up the Q♥``, ``bid 4``."""
    variant = str(view["variant"])
    if action in SIMPLE_CALLS:
        return SIMPLE_CALLS[action]
    kind, _, arg = action.partition(":")
    if action == "order":
        card = _turn_up(view)
        return f"played it ({card})" if variant == "over_the_rhine" else f"ordered up the {card}"
    if kind == "trump":
        return f"named {trump_text(arg)}" + ("" if arg == "N" else " trump")
    if kind == "bid":
        bid = action_name(action, variant).removeprefix("Bid ")
        return f"bid {bid} trick{'s' if bid != '1' else ''}" if variant == "flip" else f"bid {bid}"
    if kind == "discard":
        return f"discarded the {card_text(arg, variant)}"
    if kind == "give":
        return f"gave their partner the {card_text(arg, variant)}"
    if kind == "switch":
        return f"switched in the {card_text(arg, variant)} as calling card"
    return action_name(action, variant).lower()


def calls_sentence(calls: Sequence[Mapping[str, Any]], names: Sequence[str], view: View) -> str:
    """``Alice passed, Bob ordered up the Q♥ and went alone.`` (a seat's calls in a row
    are joined; the dealer who takes the turn-up picks it up, said once: ``Alice picked
    up the 10♥, went alone and discarded the 10♦``)."""
    parts: list[tuple[int, list[str]]] = []
    picked: set[int] = set()  # seats whose words already say they picked the card up
    for call in calls:
        seat, action = call["seat"], str(call["action"])
        words = call_words(action, view)
        if view.get("dealer") == seat and words.startswith("ordered up"):
            words = words.replace("ordered up", "picked up", 1)
        if words.startswith("picked up"):
            picked.add(seat)
        mine = parts[-1][1] if parts and parts[-1][0] == seat else None
        if mine and action.startswith("discard:") and mine[-1].startswith("discarded"):
            mine[-1] += ", " + words.removeprefix("discarded the ")
        elif action.startswith("discard:") and seat not in picked and _picked_up(view, seat):
            picked.add(seat)
            parts.append((seat, [f"picked up the {_turn_up(view)} and {words}"]))
        elif mine is not None:
            mine.append(words)
        else:
            parts.append((seat, [words]))
    said = [f"{name_of(names, seat)} {_joined(words)}" for seat, words in parts]
    return ", ".join(said) + "." if said else ""


def _turn_up(view: View) -> str:
    """The turned card, as named in the text."""
    turned = next((p["cards"][0] for p in view["piles"] if p["name"] in ("turn-up", "chaff")),
                  None)
    return card_text(turned, str(view["variant"])) if turned else "the card"


def _picked_up(view: View, seat: int) -> bool:
    """Whether ``seat`` is the dealer who took the turn-up into hand before discarding."""
    return view.get("dealer") == seat and any(
        p["name"] == "turn-up" and p["note"] == "picked up" for p in view["piles"]
    )


def _joined(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def contract_words(view: View, names: Sequence[str]) -> str:
    """Who made trump and how: ``maker Bob, alone``, ``Alice bid Moon``, Flip's bids."""
    terms, variant = view["contract"], str(view["variant"])
    if view.get("misdeal"):
        return f"thrown in ({view['misdeal']})"
    if terms.get("zilch"):
        return "Zilch: every trick taken costs 5 points"
    if "bids" in terms:
        bids = [f"{name_of(names, s)} bid {b}" for s, b in enumerate(terms["bids"])
                if b is not None]
        return ", ".join(bids)
    if terms.get("free_for_all"):
        return "a free-for-all: no maker"
    maker = terms.get("maker")
    if maker is None:
        return ""
    who = f"**{name_of(names, maker)}**"
    if "bid" in terms:
        bid = action_name(f"bid:{terms['bid']}", variant).removeprefix("Bid ")
        words = f"{who} bid {bid}"
    else:
        words = f"{who} played it" if variant == "over_the_rhine" else f"maker {who}"
    extras = []
    if terms.get("declaration") == "jambone":
        extras.append("Jambone")
    elif terms.get("alone") and "bid" not in terms:
        extras.append("alone")
    if terms.get("shoot"):
        extras.append("shooting the moon")
    if terms.get("defender") is not None:
        extras.append(f"{name_of(names, terms['defender'])} defends alone")
    return ", ".join([words, *extras])


def trump_words(view: View) -> str:
    """``trump ♥ hearts``, ``no trump``, or nothing for a hand thrown in."""
    if not view.get("trump_known"):
        return ""
    trump = view.get("trump")
    return "no trump" if trump in (None, "N") else f"trump {trump_text(trump)}"


def table_cards(table: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    """A table's or battery's cards: (face up, face down)."""
    if "columns" in table:
        return ([c["up"] for c in table["columns"] if c["up"]],
                [c["down"] for c in table["columns"] if c["down"]])
    return list(table["up"]), list(table["down"])


def table_words(table: Mapping[str, Any], view: View) -> str:
    """A table or battery: its face-up cards, then those face down (``table Q♠ K♠, face
    down 7♠ 8♣``)."""
    name = "battery" if "columns" in table else "table"
    up, down = table_cards(table)
    words = f"{name} {cards_text(up, str(view['variant']))}"
    return words + (f", face down {cards_text(down, str(view['variant']))}" if down else "")


def seat_lines(view: View, names: Sequence[str], *, holding_only: bool = False) -> list[str]:
    """Each seat's cards on a line (``Alice: 9♠ J♠ A♥``), its table too in the two-player
    games; a seat that sits out the hand says so. ``holding_only``: only the seats that
    still hold a card (in hand or on their table)."""
    variant, lines = str(view["variant"]), []
    tables = view.get("tables") or []
    for seat, cards in enumerate(view["cards"]):
        table = tables[seat] if seat < len(tables) else None
        if holding_only and not cards and not (table and any(table_cards(table))):
            continue
        out = "" if view["active"][seat] else " (sits out)"
        held = cards_text(cards, variant)
        if seat < len(tables):
            idle = "" if view["tables_in_play"][seat] else " (takes no part)"
            held = f"hand {held} · {table_words(tables[seat], view)}{idle}"
        lines.append(f"{name_of(names, seat)}{out}: {held}")
    return lines


def piles_line(view: View) -> str:
    """``Turn-up: Q♥ (picked up) · Kitty: 9♣ T♦ A♠ (face down)``."""
    variant, parts = str(view["variant"]), []
    for pile in view["piles"]:
        notes = [pile["note"]] if pile["note"] else []
        if pile["hidden"]:
            notes.append("face down")
        note = f" ({', '.join(notes)})" if notes else ""
        parts.append(f"{pile['name'].capitalize()}: {cards_text(pile['cards'], variant)}{note}")
    return " · ".join(parts)


def trick_words(view: View, names: Sequence[str]) -> str:
    """``Alice 9♥, Bob J♦ (left) → **Bob** took it.`` (the area of each card in the
    two-player games)."""
    variant, cards = str(view["variant"]), view["trick_cards"]
    if any("area" in c for c in cards):
        said = ", ".join(
            f"{name_of(names, c['seat'])} {card_named(c['card'], variant, view['trump'])} "
            f"from {c['area']}" for c in cards
        )
    else:
        said = trick_text(cards, names, variant, view.get("trump"))
    labels = [name_of(names, seat) for seat in range(int(view["seats"]))]
    taker = took_it(cards, view.get("winning"), labels, variant, view.get("trump"))
    return f"{said} → {taker}."
