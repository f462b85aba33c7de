"""One step of a game's review as a JSON-safe dict: a hand's deal and auction (trick 0)
or the moment trick k of the hand is complete, with every card, for a text or a picture.
"""

from __future__ import annotations

from typing import Any

from bot.engine import hand_order
from bot.engine.variants.over_the_top import COUNT

from .hands import GameRecord, HandRecord, TrickRecord
from .tracking import copy_tables, tables_of

TURN_UP_NOTES = {"up": "turned up", "down": "turned down", "taken": "picked up"}
CONTRACT_KEYS = ("declaration", "defender", "shoot", "free_for_all", "zilch", "chooser")


def steps(record: GameRecord) -> list[tuple[int, int]]:
    """Every step of the review in order: (hand number, trick), trick 0 the deal."""
    return [(hand.number, trick) for hand in record.hands for trick in range(len(hand.tricks) + 1)]


def last_trick(record: GameRecord, hand: int) -> int:
    """The last step of hand ``hand``: how many tricks it had."""
    return len(record.hand(hand).tricks)


def step_view(record: GameRecord, hand: int, trick: int) -> dict[str, Any]:
    """Hand ``hand`` (1-based) at trick ``trick`` (0: the deal and every call of the
    auction; k: once trick k is complete). ValueError for a step the game does not have."""
    played = record.hand(hand)
    if not 0 <= trick <= len(played.tricks):
        raise ValueError(f"Hand {hand} has no trick {trick} (it has {len(played.tricks)}).")
    current = played.tricks[trick - 1] if trick else None
    taken = played.tricks[:trick]
    seats = record.seats
    trump = current.trump if current else played.trump
    last = trick == len(played.tricks)
    over = last and played is record.hands[-1] and record.is_over
    won = [sum(1 for t in taken if t.winner == seat) for seat in range(seats)]
    return {
        "variant": record.variant, "players": record.players, "seats": seats,
        "dead_hand": record.players if seats > record.players else None,
        "sides": [list(side) for side in record.sides],
        "target": None if record.hand_limit else record.options.get("target"),
        "round": record.hand_limit is not None,
        "hand": played.number, "hands": len(record.hands),
        "trick": trick, "tricks": len(played.tricks), "last_step": last,
        "dealer": played.dealer, "misdeal": played.misdeal,
        "trump": trump, "trump_known": not played.misdeal, "maker": played.maker,
        "contract": contract(played),
        "active": active_seats(played, seats),
        "cards": held_cards(record, played, current, trump),
        "tables": list(copy_tables(current.tables if current else tables_of(played.dealt))),
        "tables_in_play": list(played.setup.get("table_in_play") or [True] * seats),
        "piles": piles(played, current),
        "calls": [{"seat": s, "action": a} for s, a in calls_at(played, current)],
        "trick_cards": trick_cards(current) if current else [],
        "winner": current.winner if current else None,
        "winning": current.winning if current else None,
        "tricks_won": won,
        "side_tricks": [sum(won[s] for s in side if s < seats) for side in record.sides],
        "count_taken": count_taken(record, taken, seats),
        "scores_before": list(played.scores_before), "scores": list(played.scores),
        "points": list(played.points),
        "result": dict(played.result) if last else None,
        "game_over": over, "game_winner": record.round_winner if over else None,
        "final_scores": list(record.scores),
    }


def contract(hand: HandRecord) -> dict[str, Any]:
    """What the maker undertook: the bid (or each Flip player's), alone, and so on."""
    setup, result = hand.setup, hand.result
    terms: dict[str, Any] = {"maker": hand.maker}
    bid = result.get("bid", setup.get("bid", setup.get("high_bid")))
    if bid is not None:
        terms["bid"] = bid
    bids = result.get("bids", setup.get("bids"))
    if bids and not setup.get("zilch"):
        terms["bids"] = list(bids)
    for key in CONTRACT_KEYS:
        if setup.get(key) not in (None, False):
            terms[key] = setup[key]
    active = setup.get("active")
    terms["alone"] = bool(hand.maker is not None and active and not all(active))
    if result.get("jamboree") is not None:
        terms["jamboree"] = result["jamboree"]
    return terms


def active_seats(hand: HandRecord, seats: int) -> list[bool]:
    """Who plays the hand (a lone maker's partner sits out)."""
    active = hand.setup.get("active")
    return [bool(a) for a in active] if active else [True] * seats


def held_cards(
    record: GameRecord, hand: HandRecord, trick: TrickRecord | None, trump: str | None
) -> list[list[str]]:
    """Each seat's cards: as dealt at the deal, else still held once ``trick`` was taken;
    in the order trump makes them."""
    cards = trick.held if trick else hand.dealt["hands"]
    return [hand_order(list(c), record.variant, trump) for c in cards]


def calls_at(hand: HandRecord, trick: TrickRecord | None) -> list[tuple[int, str]]:
    """The calls of the step: at the deal, every call before the first card; at a
    trick, those made during it (Flip's switches)."""
    calls = zip(hand.calls, hand.call_at or [0] * len(hand.calls), strict=True)
    if trick is None:
        start = hand.tricks[0].first_action if hand.tricks else None
        return [call for call, at in calls if start is None or at < start]
    return [call for call, at in calls if trick.first_action <= at <= trick.last_action]


def trick_cards(trick: TrickRecord) -> list[dict[str, Any]]:
    """The trick's cards in play order, each with its seat (and area, or Flip's trump)."""
    cards = []
    for index, (seat, card) in enumerate(trick.plays):
        play: dict[str, Any] = {"seat": seat, "card": card}
        if trick.areas:
            play["area"] = trick.areas[index]
        if trick.trumps:
            play["trump"] = trick.trumps[index]
        cards.append(play)
    return cards


def count_taken(
    record: GameRecord, taken: tuple[TrickRecord, ...], seats: int
) -> list[int] | None:
    """Over the Top: the count each player has captured so far (None in other games)."""
    if record.variant != "over_the_top":
        return None
    return [sum(COUNT.get(c, 0) for t in taken if t.winner == seat for _, c in t.plays)
            for seat in range(seats)]


def piles(hand: HandRecord, trick: TrickRecord | None) -> list[dict[str, Any]]:
    """The cards outside the hands as the variant has them: the turn-up and kitty, the
    calling and burn cards, the chaff, the nest, the discards. ``hidden``: nobody saw
    them during the hand."""
    dealt, setup = hand.dealt, hand.setup
    found: list[dict[str, Any]] = []
    if "kitty" in dealt:
        state = setup.get("turn_up_state") or ("down" if hand.misdeal else "up")
        found.append(_pile("turn-up", dealt["kitty"][:1], note=TURN_UP_NOTES.get(state, "")))
        found.append(_pile("kitty", dealt["kitty"][1:], hidden=True))
    if "calling" in dealt:
        calling = trick.calling if trick else dealt["calling"]
        burn = trick.burn if trick else dealt["burn"]
        found.append(_pile("calling card", [calling]))
        found.append(_pile("burn card", [burn], hidden=True))
    if "chaff" in dealt:
        turned = len(setup.get("chaff") or dealt["chaff"][:1])
        found.append(_pile("chaff", dealt["chaff"][:turned], note="turned up"))
        found.append(_pile("rest of the chaff", dealt["chaff"][turned:], hidden=True))
    if "nest" in dealt and trick is None:
        found.append(_pile("nest", dealt["nest"], note="to the bidder"))
    discards = [a[8:] for _, a in hand.calls if a.startswith("discard:")]
    if discards:
        found.append(_pile("discarded", discards, hidden=True))
    return [p for p in found if p["cards"]]


def _pile(name: str, cards: Any, *, note: str = "", hidden: bool = False) -> dict[str, Any]:
    return {"name": name, "cards": [c for c in cards if c], "note": note, "hidden": hidden}
