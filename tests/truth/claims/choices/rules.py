"""Claims of the rules a private hand states: which suit must be followed, and where
(hand, table or battery) the card comes from this time (the Jambone chooser's reminder
too), and what each choice offered with the buttons does (the suit it makes trump, the
tricks the makers need, Flip's bid scoring, Over the Top's count cards and nest, the cards
to discard or give) and that it is open to the seat then."""

from __future__ import annotations

import re

from bot.engine import card_role
from bot.engine.cards import rank
from bot.engine.variants.over_the_top import COUNT, DECK
from tests.truth.claims.base import Claim, Context, Test, offered, side_with, who
from tests.truth.claims.choices.lone import lone_choice
from tests.truth.reading.cards import card_ids, suit_named
from tests.truth.stored.timeline import Snapshot

FOLLOW = re.compile(r"[Yy]ou must follow (?P<suit>[^.:]+?)\.")
FROM = re.compile(r"You play from your (?P<area>hand|table|battery) this time")
HOLDS = re.compile(r"Your (?:hand|table|battery) holds (?P<suit>[^:]+?): you must follow")
BOWERS = ("right bower", "left bower", "trump")


def suit_of(card: str, variant: str, trump: str | None) -> str | None:
    """The suit a card counts as under trump: a bower or a trump joker is trump; a joker
    without a suit now (it may be played at any time) has none."""
    if card_role(card, variant, trump) in BOWERS:
        return trump
    if card in ("BJ", "LJ"):
        return None
    return card[0] if card[0] in "RYGB" and card[1:].isdigit() else card[-1]


def reminders(line: str, ctx: Context) -> list[Claim] | None:
    """``🚫 You must follow ♦ diamonds.`` / ``🚫 You play from your table this time. Your
    hand holds ♥ hearts: you must follow.``: every card the seat may play now is of that
    suit, and comes from that area."""
    seat = ctx.seat
    if seat is None:
        return None
    claims = []
    follow = HOLDS.search(line) or FOLLOW.search(line)
    if follow:
        suit = suit_named(follow.group("suit"))

        def test(s: Snapshot) -> str | None:
            if s.acting != seat:
                return f"{who(ctx.names, s.acting)} acts now"
            trump = s.public.get("trump")
            plays = [a.split(":", 1)[1] for a in s.legal if a.startswith("play:")]
            off = [c for c in plays if suit_of(c, ctx.table.variant, trump) not in (suit, None)]
            return None if plays and not off else f"{off} may be played too"

        claims.append(Claim("must_follow", line, test))
    area = FROM.search(line)
    if area:
        claims.append(Claim("play_from", line, lambda s: None if (
            s.views[seat].get("must_play_from") == area.group("area")) else (
            f"from the {s.views[seat].get('must_play_from') or 'either'}")))
    return claims or None


MAKER_FOLLOWS = re.compile(r"^🚫 The maker must follow (?P<suit>.+?) and holds (?P<cards>.+?): "
                           r"you choose only among the cards they may play\.$")


def maker_follows(line: str, ctx: Context) -> list[Claim] | None:
    """Railroad's Jambone chooser: ``🚫 The maker must follow ♠ spades and holds 9♠ A♠: …``:
    the cards the chooser may pick for the maker now are exactly those, of that suit (or
    of none)."""
    match, seat = MAKER_FOLLOWS.match(line), ctx.seat
    if match is None or seat is None:
        return None
    suit, said = suit_named(match.group("suit")), sorted(card_ids(match.group("cards")))

    def test(s: Snapshot) -> str | None:
        if s.acting != seat:
            return f"{who(ctx.names, s.acting)} acts now"
        plays = sorted(a.split(":", 1)[1] for a in s.legal if a.startswith("play:"))
        if plays != said:
            return f"the maker may play {plays}"
        trump = s.public.get("trump")
        # A suitless card (a joker of a no-trump hand) may go at any time.
        off = [c for c in plays if suit_of(c, ctx.table.variant, trump) not in (suit, None)]
        return None if not off else f"{off} are not of that suit"

    return [Claim("must_follow", line, test)]


# ----- what each choice offered with a seat's buttons does ---------------------------------

ORDER_UP = re.compile(r"^\*\*Order up\*\*: (?:(?P<suit>.+?) becomes trump|the hand is played "
                      r"with no trump) and the dealer picks the card up; your side must then "
                      r"take (?P<need>\d+) of the (?P<of>\d+) tricks or be euchred\.$")
PLAY_IT = re.compile(r"^\*\*Play it\*\*: (?P<suit>.+?) becomes trump and you are the maker: "
                     r"take (?P<need>\d+) of the (?P<of>\d+) tricks \(")
SWITCH_IN = re.compile(r"^\*\*Switch in\*\* a card: it becomes the calling card and its suit "
                       r"trump; you take the (?P<card>.+) into your hand\.$")
FLIP_BID = re.compile(r"^Bid how many tricks you will take: make it and score (?P<made>\d+) "
                      r"\(less (?P<over>\d+) for each trick over\), miss it and lose "
                      r"(?P<short>\d+) for each trick short\.$")
DISCARDS = re.compile(r"^Discard (?P<count>\d+) cards, one at a time; ")
PICKED_UP = "You picked up the turned card: discard one card face down."
JOKERS = ("BJ", "LJ")
#: A choice's line by its bold name → the action (or start of one) it stands for; ``Order
#: up alone`` orders now and goes alone when that turn comes.
OFFERS = {
    "Pass": "pass", "Don't switch": "no_switch", "Shoot the moon": "shoot",
    "Don't shoot": "no_shoot", "Defend alone": "defend_alone", "Go alone": "alone",
    "Play with partner": "partner", "Jambone": "jambone", "Name a suit": "trump:",
    "Order up alone": "order", "Order up Jambone": "order", "Pick up alone": "order",
    "Pick up Jambone": "order",
}
OFFER = re.compile(r"^\*\*(?P<name>[^*]+)\*\*:? ")
#: The lines :func:`choice_help` reads.
CHOICE_LINE = re.compile(
    r"^(\*\*(?:Order up|Play it|" + "|".join(re.escape(name) for name in OFFERS) + r")\*\*:? "
    r"|\*\*[^*]+ (?:alone|Jambone)\*\*: |\*\*Switch in\*\* a card: |Bid how many "
    r"|Discard \d+ cards, one at a time; "
    r"|You picked up the turned card: |Pick the card your partner gets|Bid the count you )")
GIVES_FIRST = "Pick the card your partner gets; they give you one back, then sit out."
GIVES_BACK = "Pick the card your partner gets back; then you sit out this hand."
CINCINNATI_BID = re.compile(r"^Bid how many of the (?P<of>\d+) tricks your side will take, or a "
                            r"Moon: all (?P<all>\d+), played alone")
COUNT_BID = re.compile(r"^Bid the count you will capture \((?P<values>.+): (?P<total>\d+) in "
                       r"all\)\. The high bidder takes the nest and names trump\.$")
WORTH = re.compile(r"^(?P<ranks>.+?) are worth (?P<value>\d+)$")


def choice_help(line: str, ctx: Context) -> list[Claim] | None:
    """The lines shown with a seat's buttons, saying what each choice does: the suit that
    becomes trump, the tricks the makers must take of the hand's tricks, the card a switch
    takes into the hand, Flip's bid scoring, the cards to discard, and that the choice is
    open to the seat now."""
    seat = ctx.seat
    if seat is None:
        return None
    ordered = ORDER_UP.match(line) or PLAY_IT.match(line)
    if ordered is not None:
        return order_claims(line, ordered, seat)
    switch = SWITCH_IN.match(line)
    if switch is not None:
        cards = card_ids(switch.group("card"))
        return None if len(cards) != 1 else [
            Claim("choice_switch", line, switch_test(seat, cards[0]))]
    bid = FLIP_BID.match(line)
    if bid is not None:
        made, over, short = (int(bid.group(g)) for g in ("made", "over", "short"))
        return [Claim("choice_offered", line, offered(seat, "bid:")),
                Claim("choice_scoring", line, bid_scoring(made, over, short))]
    discards = DISCARDS.match(line)
    if discards is not None or line == PICKED_UP:
        count = int(discards.group("count")) if discards else 1
        return [Claim("choice_offered", line, offered(seat, "discard:")),
                Claim("choice_discards", line, discard_test(seat, count, line == PICKED_UP))]
    if line in (GIVES_FIRST, GIVES_BACK):
        return [Claim("choice_offered", line, offered(seat, "give:")),
                Claim("choice_give", line, giving(seat, line == GIVES_FIRST))]
    cincinnati = CINCINNATI_BID.match(line)
    if cincinnati is not None:
        return [Claim("choice_offered", line, offered(seat, "bid:")),
                Claim("choice_tricks", line, every_trick(seat, int(cincinnati.group("of")))),
                Claim("choice_tricks", line, every_trick(seat, int(cincinnati.group("all"))))]
    worth = COUNT_BID.match(line)
    if worth is not None:
        values = count_values(worth.group("values"))
        return None if values is None else [
            Claim("choice_offered", line, offered(seat, "bid:")),
            Claim("choice_count", line, count_test(values, int(worth.group("total")))),
            Claim("choice_nest", line, high_bidder_takes_nest)]
    lone = lone_choice(line, seat, ctx.table)
    if lone is not None:
        return lone
    named = OFFER.match(line)
    if named is not None and named.group("name") in OFFERS:
        return [Claim("choice_offered", line, offered(seat, OFFERS[named.group("name")]))]
    return None


def every_trick(seat: int, said: int) -> Test:
    """The hand in play has ``said`` tricks."""
    def test(s: Snapshot) -> str | None:
        total = tricks_in_hand(s, seat)
        return None if total == said else f"the hand has {total} tricks"
    return test


def tricks_in_hand(s: Snapshot, seat: int) -> int:
    """The tricks of the hand in play: as many as were taken once it was scored, else as
    many as the seat holds cards (one a trick)."""
    scored = [e for e in s.whole_hand() if e["type"] == "hand_scored"]
    if scored:
        return sum(scored[-1]["tricks"])
    return int(s.views[seat]["hand_sizes"][seat])


def order_claims(line: str, match: re.Match[str], seat: int) -> list[Claim]:
    """``**Order up**: ♦ diamonds becomes trump …; take 4 of the 7 tricks …``: the seat
    may order now, the turned card (Over the Rhine: the chaff turned last) is of that
    suit (a joker, said to make a no-trump hand, of none), and the makers need a majority
    of the hand's tricks."""
    suit = suit_named(match.group("suit")) if match.group("suit") else None
    need, of = int(match.group("need")), int(match.group("of"))

    def trump(s: Snapshot) -> str | None:
        view = s.views[seat]
        turned = view.get("turn_up") or (view.get("chaff") or [None])[-1]
        true = turned[-1] if isinstance(turned, str) and turned not in JOKERS else None
        return None if true == suit else f"the turned card is {turned}"

    def tricks(s: Snapshot) -> str | None:
        total = tricks_in_hand(s, seat)
        if of != total:
            return f"the hand has {total} tricks"
        return None if need == total // 2 + 1 else f"a majority of {total} is {total // 2 + 1}"

    return [Claim("choice_offered", line, offered(seat, "order")),
            Claim("choice_trump", line, trump), Claim("choice_tricks", line, tricks)]


def switch_test(seat: int, card: str) -> Test:
    """Flip's switch: the seat may switch now, and the calling card it would take into its
    hand is ``card``."""
    def test(s: Snapshot) -> str | None:
        wrong = offered(seat, "switch:")(s)
        if wrong is not None:
            return wrong
        calling = s.views[seat].get("calling_card")
        return None if calling == card else f"the calling card is {calling}"
    return test


def bid_scoring(made: int, over: int, short: int) -> Test:
    """Flip's bids: every player of the hand scored ``made`` less ``over`` a trick over
    their bid, or lost ``short`` a trick short of it (once the hand is scored)."""
    def test(s: Snapshot) -> str | None:
        scored = [e for e in s.whole_hand() if e["type"] == "hand_scored"]
        if not scored or scored[-1].get("zilch"):
            return None  # not scored yet (or scored as Zilch): no score to hold it to
        event = scored[-1]
        for player, (bid, took, points) in enumerate(zip(
                event["bids"], event["tricks"], event["points"], strict=False)):
            if bid is None:
                continue
            rule = made - over * (took - bid) if took >= bid else -short * (bid - took)
            if rule != points:
                return f"seat {player + 1} bid {bid}, took {took} and scored {points}"
        return None
    return test


def discard_test(seat: int, count: int, picked_up: bool) -> Test:
    """The seat discards ``count`` cards this hand (no more, in a hand ended before it was
    played out); having picked up the turned card, it is the dealer and holds that card."""
    def test(s: Snapshot) -> str | None:
        view = s.views[seat]
        if picked_up and (view.get("dealer") != seat or view.get("turn_up") not in (
                view.get("hand") or [])):
            return "the seat did not pick up the turned card"
        hand = s.whole_hand()
        done = sum(1 for e in hand if e["type"] == "discard" and e.get("seat") == seat)
        if done == count or (done < count and not any(e["type"] == "hand_scored" for e in hand)):
            return None  # a hand ended before it was played out may cut the discards short
        return f"the seat discards {done}"
    return test


def giving(seat: int, first: bool) -> Test:
    """A lone player's exchange: the seat gives first when it plays (or defends) alone,
    its partner, who then sits out, gives back."""
    def test(s: Snapshot) -> str | None:
        view = s.views[seat]
        lone = [x for x in (view.get("maker"), view.get("defender")) if x is not None]
        side = side_with(view.get("sides"), seat)
        if first:
            return None if seat in lone else "the seat does not play alone"
        partner_alone = any(x in side and x != seat for x in lone)
        return None if partner_alone else "the seat's partner does not play alone"
    return test


def count_values(said: str) -> dict[str, int] | None:
    """``14s and 10s are worth 10, 5s are worth 5`` as rank → value; None if a part is not
    that."""
    values: dict[str, int] = {}
    for part in said.split(", "):
        match = WORTH.match(part)
        ranks = re.findall(r"(\w+)s\b", match.group("ranks")) if match else []
        if match is None or not ranks:
            return None
        values.update((r, int(match.group("value"))) for r in ranks)
    return values


def count_test(values: dict[str, int], total: int) -> Test:
    """Over the Top's count cards: every card of the engine's deck is worth what its rank
    is said to be worth (nothing if unnamed), and the deck's count adds up to ``total``."""
    def test(s: Snapshot) -> str | None:
        ranks = {rank(card) for card in DECK}
        unknown = sorted(set(values) - ranks)
        if unknown:
            return f"the deck has no {unknown[0]}s"
        for card in DECK:
            if COUNT[card] != values.get(rank(card), 0):
                return f"a {rank(card)} is worth {COUNT[card]}"
        deck_total = sum(COUNT[card] for card in DECK)
        return None if deck_total == total else f"the deck's count is {deck_total} in all"
    return test


def high_bidder_takes_nest(s: Snapshot) -> str | None:
    """In the hand being bid, the seat of the highest bid took the nest and named trump
    (once the bidding and those steps are in the game's events)."""
    hand = s.whole_hand()
    bids = [(int(e["action"][4:]), e["seat"]) for e in hand
            if e["type"] == "bid" and str(e["action"]).startswith("bid:")]
    nest = next((e["seat"] for e in hand if e["type"] == "nest"), None)
    if not bids or nest is None:
        return None  # the bidding is not over (or the hand was cut short)
    high = max(bids)[1]
    if nest != high:
        return f"the nest went to seat {nest + 1}, the high bidder was seat {high + 1}"
    named = next((e["seat"] for e in hand if e["type"] == "trump" and e.get("how") == "named"),
                 high)
    return None if named == high else f"seat {named + 1} named trump, not the high bidder"
