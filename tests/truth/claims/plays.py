"""Claims about cards played: the trick on the table and the last trick taken."""

from __future__ import annotations

import re

from bot.engine import card_role
from tests.truth.claims.base import Claim, Context, split_outside, who
from tests.truth.reading.cards import CARD, ROLE, card_id
from tests.truth.stored.timeline import Snapshot

PLAY = re.compile(rf"^(?P<name>.+?) (?P<card>{CARD.pattern})(?P<rest>.*)$")
TOOK = re.compile(r"→ \*\*(?P<winner>.+?)\*\* took it(?: with (?P<card>.+?))?\.?$")


def plays(text: str, ctx: Context) -> list[tuple[int, str, str]] | None:
    """``A 9♥, B 10♠ (trump)`` as (seat, card, role said) triples; None if unreadable."""
    found = []
    for part in split_outside(text):
        match = PLAY.match(part.strip())
        seat = ctx.names.seat(match.group("name")) if match else None
        if match is None or seat is None:
            return None
        card = card_id(CARD.match(match.group("card")))  # type: ignore[arg-type]
        role = ROLE.search(match.group("rest"))
        found.append((seat, card, role.group(1) if role else ""))
    return found


def role_claims(found: list[tuple[int, str, str]], ctx: Context, said: str,
                last: bool = False) -> list[Claim]:
    """A card marked a bower or trump is one, under the trump it was played to."""
    claims = []
    for seat, card, role in found:
        if not role:
            continue
        def test(s: Snapshot, seat: int = seat, card: str = card, role: str = role) -> str | None:
            trump = played_under(s, seat, card, last)
            true = card_role(card, ctx.table.variant, trump)
            return None if true == role else f"{card} is {true or 'no bower and not trump'}"
        claims.append(Claim("card_role", said, test))
    return claims


def played_under(s: Snapshot, seat: int, card: str, last: bool) -> str | None:
    """The trump a card was played to (Flip Euchre's trump changes within a hand): the
    trump when it was played, its play in the last trick taken or in the trick on the
    table."""
    shown = (s.public.get("last_trick") or {}).get("cards") if last else s.public.get("trick")
    for play in shown or []:  # the engine keeps the trump with each play (Flip Euchre)
        if play.get("seat") == seat and play.get("card") == card and "trump" in play:
            return str(play["trump"]) if play["trump"] is not None else None
    if last:
        event = s.latest("trick")
        index = next((i for i in range(len(s.events) - 1, -1, -1) if s.events[i] is event),
                     None)
        return s.trump_played_under(seat, card, before=index)
    return s.trump_played_under(seat, card)


def current_trick(line: str, ctx: Context) -> list[Claim] | None:
    """``Trick: A 9♥, B 10♠``: the cards on the table, in order, and who played them."""
    found = plays(line.removeprefix("Trick: "), ctx)
    if found is None:
        return None
    said = [(seat, card) for seat, card, _ in found]

    def test(s: Snapshot) -> str | None:
        true = [(p["seat"], p["card"]) for p in s.public.get("trick") or []]
        return None if true == said else f"the trick is {describe(true, ctx)}"

    return [Claim("trick", line, test), *role_claims(found, ctx, line)]


def last_trick(line: str, ctx: Context) -> list[Claim] | None:
    """``Last trick[ of hand N]: A 9♥, B 10♠ → **B** took it [with 10♠].``"""
    head, _, rest = line.partition(": ")
    took = TOOK.search(rest)
    found = plays(rest[: took.start()].strip(), ctx) if took else None
    winner = ctx.names.seat(took.group("winner")) if took else None
    if found is None or winner is None or took is None:
        return None
    said = [(seat, card) for seat, card, _ in found]
    hand = re.search(r"of hand (\d+)", head)

    def test(s: Snapshot) -> str | None:
        event = s.latest("trick")
        if event is None:
            return "no trick has been taken yet"
        true = [(p["seat"], p["card"]) for p in event["cards"]]
        problems = []
        if true != said:
            problems.append(f"the last trick was {describe(true, ctx)}")
        if event["winner"] != winner:
            problems.append(f"{who(ctx.names, event['winner'])} took it")
        if hand and s.hand_of(event) != int(hand.group(1)):
            problems.append(f"it was a trick of hand {s.hand_of(event)}")
        return "; ".join(problems) or None

    claims = [Claim("last_trick", line, test), *role_claims(found, ctx, line, last=True)]
    if took.group("card"):
        card = card_id(CARD.search(took.group("card")))  # type: ignore[arg-type]
        claims.append(Claim("last_trick", line, winning_card(card, winner, ctx)))
    return claims


def winning_card(card: str, winner: int, ctx: Context):  # type: ignore[no-untyped-def]
    """The test that the card named as taking the trick is the winner's card in it."""
    def test(s: Snapshot) -> str | None:
        event = s.latest("trick")
        mine = [p["card"] for p in (event or {}).get("cards", []) if p["seat"] == winner]
        return None if card in mine else f"{who(ctx.names, winner)} played {mine or 'nothing'}"
    return test


def describe(plays: list[tuple[int, str]], ctx: Context) -> str:
    """Plays as a report writes them: ``alice 9H, seat 2 TS``."""
    return ", ".join(f"{who(ctx.names, seat)} {card}" for seat, card in plays) or "empty"
