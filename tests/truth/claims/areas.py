"""Claims about cards laid out beside the hands: Over the Rhine's tables and chaff, Over
the Top's batteries, nest and count taken, Railroad's Jambone hand, and who won an
auction; and Railroad's waits that last a hand (the Jambone's maker and chooser, a seat
sitting out, a call chosen ahead of the dealer's discard)."""

from __future__ import annotations

import re
from collections import Counter
from functools import partial
from typing import Any

from tests.truth.claims.base import Claim, Context, side_with, split_outside, who
from tests.truth.claims.table import same, standing_bid
from tests.truth.reading.cards import CARD, card_id, card_ids
from tests.truth.stored.timeline import Snapshot

OWNER = re.compile(r"^\**(?P<owner>Your|.+?)(?:'s)? (?P<area>table|battery):\** ?(?P<rest>.*)$")
FACE_DOWN = re.compile(r"(\d+) (?:more )?face down")


def owner_seat(owner: str, ctx: Context) -> int | None:
    """``Your`` (the message's seat) or a seat's name."""
    return ctx.seat if owner == "Your" else ctx.names.seat(owner)


def layout(line: str, ctx: Context) -> list[Claim] | None:
    """``alice's table: 9♥ A♣ + 3 face down`` (Over the Rhine) or ``**Your battery:**
    ⬛ Black 9 (+1 face down) · 1 face down`` (Over the Top): the face-up cards and how
    many lie face down."""
    match = OWNER.match(line)
    seat = owner_seat(match.group("owner"), ctx) if match else None
    if match is None or seat is None:
        return None
    rest = match.group("rest")
    if match.group("area") == "table":
        up = Counter(card_ids(rest.split(" + ")[0]))
        down = sum(int(n) for n in FACE_DOWN.findall(rest))

        def rhine(s: Snapshot) -> str | None:
            area = (s.public.get("tables") or [{}] * (seat + 1))[seat]
            true_up, true_down = Counter(area.get("up") or []), area.get("down", 0)
            return None if (true_up, true_down) == (up, down) else (
                f"face up {sorted(true_up.elements())}, {true_down} face down")

        return [Claim("layout", line, rhine)]
    columns = Counter(column(part) for part in rest.split(" · ") if part and part != "empty")

    def battery(s: Snapshot) -> str | None:
        area = (s.public.get("tables") or [{}] * (seat + 1))[seat]
        true = Counter((c.get("up"), c.get("down", 0)) for c in area.get("columns") or []
                       if c.get("up") or c.get("down"))
        return None if true == columns else f"the battery is {sorted(true.elements(), key=str)}"

    return [Claim("layout", line, battery)]


def column(text: str) -> tuple[str | None, int]:
    """One battery column: its face-up card (or None) and the cards face down under it."""
    card = CARD.search(text)
    down = FACE_DOWN.search(text)
    return (card_id(card) if card else None, int(down.group(1)) if down else 0)


def count_taken(line: str, ctx: Context) -> list[Claim] | None:
    """``Count taken: alice: 0, bob: 35`` (the hand in play) or ``alice 0 · bob 100``."""
    rest = line.split(": ", 1)[1]
    parts = split_outside(rest, " · ") if " · " in rest or ": " not in rest else split_outside(rest)
    claims = []
    for part in parts:
        name, _, value = part.rpartition(": " if ": " in part else " ")
        seat = ctx.names.seat(name)
        if seat is None or not value.lstrip("-").isdigit():
            return None
        claims.append(Claim("count_taken", line, partial(taken, seat=seat, said=int(value))))
    return claims


def taken(s: Snapshot, seat: int, said: int) -> str | None:
    """The count a seat has taken this hand (or in the hand just scored)."""
    true = (s.public.get("points_taken") or [None] * (seat + 1))[seat]
    if true == said:
        return None
    event = s.latest("hand_scored")
    scored = (event or {}).get("points_taken") or [None] * (seat + 1)
    return None if scored[seat] == said else f"{true}"


def won_bidding(line: str, ctx: Context) -> list[Claim] | None:
    """``**X** won the bidding: **Moon**.`` / ``… at **60** and takes the nest.``"""
    match = re.match(r"^\*\*(.+?)\*\* won the bidding(?::| at) \*\*(.+?)\*\*", line)
    seat = ctx.names.seat(match.group(1)) if match else None
    if match is None or seat is None:
        return None
    return [standing_bid(line, ctx, seat, match.group(2))]


def chaff(line: str, ctx: Context) -> list[Claim] | None:
    """``Chaff turned: 8♣ 10♥ (12 more face down)``."""
    turned = card_ids(line)
    hidden = FACE_DOWN.search(line)
    down = int(hidden.group(1)) if hidden else None  # unsaid when no count is given

    def test(s: Snapshot) -> str | None:
        true = (list(s.public.get("chaff") or []), s.public.get("chaff_hidden"))
        if true[0] == turned and down in (None, true[1]):
            return None
        return f"turned {true[0]}, {true[1]} face down"

    return [Claim("chaff", line, test)]


def nest(line: str, ctx: Context) -> list[Claim] | None:
    """``Nest: 4 cards face down``."""
    match = re.search(r"(\d+) cards? face down", line)
    if match is None:
        return None
    return [Claim("nest", line, lambda s: same(s.public.get("nest_size"), int(match.group(1))))]


def jambone_hand(line: str, ctx: Context) -> list[Claim] | None:
    """``Jambone hand (face up): 9♥ Q♥ …``: exactly the maker's cards."""
    said = Counter(card_ids(line.split(":", 1)[1]))
    return [Claim("jambone_hand", line, lambda s: None if Counter(
        s.public.get("exposed_hand") or []) == said else f"{s.public.get('exposed_hand')}")]


def jambone_called(line: str, ctx: Context) -> list[Claim] | None:
    """``🚂 **bob** calls **Jambone**, hand face up (…); **alice** picks its cards.``"""
    match = re.match(r"^🚂 \*\*(.+?)\*\* calls \*\*Jambone\*\*, hand face up \((.+?)\); "
                     r"\*\*(.+?)\*\* picks", line)
    maker = ctx.names.seat(match.group(1)) if match else None
    chooser = ctx.names.seat(match.group(3)) if match else None
    if match is None or maker is None or chooser is None:
        return None
    cards = Counter(card_ids(match.group(2)))

    def test(s: Snapshot) -> str | None:
        view = s.public
        if view.get("maker") != maker or view.get("declaration") != "jambone":
            return f"{who(ctx.names, view.get('maker'))} made trump ({view.get('declaration')})"
        if view.get("chooser") != chooser:
            return f"{who(ctx.names, view.get('chooser'))} picks"
        return None if Counter(view.get("exposed_hand") or []) == cards else (
            f"the hand is {view.get('exposed_hand')}")

    return [Claim("jambone", line, test)]


# ----- Railroad's waits that last the hand: a Jambone, a seat sitting out, a held call ------

JAMBONE_WAIT = re.compile(r"^🃏 \*\*Jambone:\*\* your hand is face up and (?P<chooser>.+?) "
                          r"chooses each card you play")
CHOOSER = re.compile(r"^(?P<maker>.+?) called Jambone: you choose which of their cards they "
                     r"play")
SITS_OUT = re.compile(r"^🪑 \*\*You sit out this hand:\*\* (?P<who>.+?) (?P<what>called a "
                      r"Jambone|defends alone|plays alone)\. ")
HELD = re.compile(r"^(?:⏳ (?P<waiting>.+?) as soon as (?P<dealer>.+?) has discarded|🔜 Once you "
                  r"have discarded, (?P<dealing>.+?)) \(as you chose\)\.$")
HELD_CHOICES = {"you play with your partner": "partner", "you go alone": "alone",
                "you call jambone": "jambone"}


def jambone_sides(line: str, ctx: Context) -> list[Claim] | None:
    """``🃏 **Jambone:** your hand is face up and bob chooses each card you play`` (to the
    maker) or ``alice called Jambone: you choose which of their cards they play`` (to the
    chooser): the Jambone's maker and chooser."""
    wait, chooses = JAMBONE_WAIT.match(line), CHOOSER.match(line)
    if wait is not None:
        maker, chooser = ctx.seat, ctx.names.seat(wait.group("chooser"))
    elif chooses is not None:
        maker, chooser = ctx.names.seat(chooses.group("maker")), ctx.seat
    else:
        return None
    if maker is None or chooser is None:
        return None

    def test(s: Snapshot) -> str | None:
        view = s.public
        if view.get("declaration") != "jambone" or view.get("maker") != maker:
            return f"{who(ctx.names, view.get('maker'))} made trump ({view.get('declaration')})"
        return None if view.get("chooser") == chooser else (
            f"{who(ctx.names, view.get('chooser'))} chooses")

    return [Claim("jambone", line, test)]


def sits_out(line: str, ctx: Context) -> list[Claim] | None:
    """``🪑 **You sit out this hand:** bob plays alone.`` (``Your partner``, ``defends
    alone``, ``called a Jambone``): the seat sits the hand out, beside that partner who
    plays alone, defends alone or called the Jambone."""
    match, seat = SITS_OUT.match(line), ctx.seat
    if match is None or seat is None:
        return None
    named = None if match.group("who") == "Your partner" else ctx.names.seat(match.group("who"))
    if named is None and match.group("who") != "Your partner":
        return None
    what = match.group("what")

    def test(s: Snapshot) -> str | None:
        view = s.views[seat]
        active = view.get("active") or []
        if seat >= len(active) or active[seat]:
            return "the seat plays this hand"
        side = side_with(view.get("sides"), seat)
        alone = [x for x in side if x != seat and active[x]]
        if named is not None and alone != [named]:
            return f"{[who(ctx.names, x) for x in alone]} play for the side"
        partner = alone[0] if alone else None
        if view.get("defender") == partner:
            true = "defends alone"
        elif view.get("maker") == partner:
            true = "called a Jambone" if view.get("declaration") == "jambone" else "plays alone"
        else:
            true = "is not alone"
        return None if true == what else f"the partner {true}"

    return [Claim("sits_out", line, test)]


def held_call(line: str, ctx: Context) -> list[Claim] | None:
    """``⏳ You go alone as soon as bob has discarded (as you chose).`` (``🔜 Once you have
    discarded, …`` to the dealer): bob deals, the seat has not made its call yet, and the
    call it chose ahead is the one it makes."""
    match, seat = HELD.match(line), ctx.seat
    if match is None or seat is None:
        return None
    choice = HELD_CHOICES.get((match.group("waiting") or match.group("dealing")).lower())
    dealer = ctx.names.seat(match.group("dealer")) if match.group("dealer") else seat
    if choice is None or dealer is None:
        return None

    def test(s: Snapshot) -> str | None:
        if s.public.get("dealer") != dealer:
            return f"{who(ctx.names, s.public.get('dealer'))} deals"
        if any(called(e, seat) for e in s.hand_events()):
            return "the seat has made its call already"
        made = [e.get("choice") or e.get("how") or "alone" for e in s.whole_hand()
                if called(e, seat)]
        true = made[0] if made else "partner"
        return None if true == choice else f"the seat chose {true}"

    return [Claim("held_call", line, test)]


def called(event: dict[str, Any], seat: int) -> bool:
    """Whether ``event`` is ``seat``'s call with or without its partner (Railroad's
    ``declare``; Euchre's ``alone``, a call with the partner leaving no event)."""
    return event["type"] in ("declare", "alone") and event.get("seat") == seat
