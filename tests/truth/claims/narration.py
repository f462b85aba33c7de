"""Claims of the channel's running commentary: how a hand ended (its number, maker,
tricks, points, score, Flip's verdict), who made trump, went alone, defended alone or shot
the moon, who won, whose turn a ping says, who a game's greeting calls, who left."""

from __future__ import annotations

import re
from functools import partial
from typing import Any

from bot.engine import VARIANTS
from tests.truth.claims.base import Claim, Context, by_side, side_values, split_outside, who
from tests.truth.claims.events.tables import ROUND_TITLE, round_words
from tests.truth.claims.table import same, target_claim, winner_names
from tests.truth.reading.cards import card_ids, suit_named
from tests.truth.stored.timeline import Snapshot

HAND_OVER = re.compile(r"📊 \*\*Hand (\d+)(?: of (?P<of>\d+))? is over\.\*\* ?(?P<rest>.*)$")
RESULT = re.compile(
    r"^(?P<maker>.+?) (?P<how>went alone|called trump|called Jambone|shot the moon|bid [^:]+?): "
    r"\*\*(?P<outcome>\w+)\*\* — (?P<takers>.+?) took (?P<count>.+)$"
)
FAILED = {"euchred", "set", "failed"}


def scored(s: Snapshot) -> dict[str, Any] | None:
    """The newest hand result."""
    return s.latest("hand_scored")


def hand_over(line: str, ctx: Context) -> list[Claim] | None:
    """``📊 **Hand 2 is over.** X called trump: **made** — A & B took 4 tricks.``"""
    match = HAND_OVER.match(line)
    if match is None:
        return None
    number = int(match.group(1))
    of = int(match.group("of")) if match.group("of") else None

    def test(s: Snapshot) -> str | None:
        event = scored(s)
        if event is None:
            return "no hand is over"
        if of is not None and of != s.hand_limit:
            return f"the game is not a round of {of} hands"
        return same(s.hand_of(event), number)

    claims = [Claim("hand_number", line, test)]
    result = RESULT.match(match.group("rest"))
    if result is not None:
        claims += hand_result(result, line, ctx)
    else:
        claims += verdict_claims(match.group("rest"), line, ctx) or []
    return claims


EUCHRED = "Euchred (lowest this hand): "
ALL_MADE = "Everyone made their bid."
ZILCH = "Zilch: every trick taken costs 5 points."


def verdict_claims(text: str, line: str, ctx: Context) -> list[Claim] | None:
    """Flip Euchre's verdict on a hand: ``Euchred (lowest this hand): alice, bob.`` (the
    players whose points this hand were the lowest, below 0), ``Everyone made their
    bid.`` (each player took at least the tricks they bid) or the Zilch sentence."""
    if text == ZILCH:
        return [Claim("zilch", line, zilch_test)]
    if text == ALL_MADE:
        return [Claim("hand_euchred", line, partial(all_made, players=ctx.table.players))]
    if not text.startswith(EUCHRED) or not text.endswith("."):
        return None
    named = [ctx.names.seat(name) for name in split_outside(text.removeprefix(EUCHRED)[:-1])]
    said = sorted(seat for seat in named if seat is not None)
    if len(said) != len(named):
        return None
    players = ctx.table.players

    def test(s: Snapshot) -> str | None:
        event = scored(s)
        if event is None:
            return "no hand is over"
        points = list(event["points"])[:players]
        low = min(points)
        lowest = sorted(p for p in range(players) if points[p] == low) if low < 0 else []
        if said == lowest:
            return None
        return f"the lowest: {[who(ctx.names, p) for p in lowest]} ({low})"

    return [Claim("hand_euchred", line, test)]


def all_made(s: Snapshot, players: int) -> str | None:
    """Every player of the hand just scored took at least the tricks they bid (the dead
    hand, scored beside the ``players`` for comparison, plays for nobody)."""
    event = scored(s)
    if event is None or event.get("zilch"):
        return "no hand with bids is over"
    short = [seat for seat, (bid, took) in enumerate(zip(
        event.get("bids") or [], event["tricks"], strict=False))
             if seat < players and bid is not None and took < bid]
    return None if not short else f"seats {[x + 1 for x in short]} took fewer than they bid"


def zilch_test(s: Snapshot) -> str | None:
    """The hand just scored was Flip's Zilch: every player scored 5 less 5 per trick."""
    event = scored(s)
    if event is None or not event.get("zilch"):
        return "the hand was not played as Zilch"
    points = [5 - 5 * tricks for tricks in event["tricks"]]
    return None if list(event["points"]) == points else f"the points were {event['points']}"


def hand_result(match: re.Match[str], line: str, ctx: Context) -> list[Claim]:
    """The maker, alone or not, made or not, and the tricks the maker's side took, said by
    the seats that played them (a partner who sat out took none)."""
    maker = ctx.names.seat(match.group("maker"))
    takers = ctx.names.seats(match.group("takers"))
    alone = match.group("how") in ("went alone", "called Jambone") or "(alone)" in match.group(
        "how")
    failed = match.group("outcome") in FAILED
    count = re.match(r"(?:only )?(no|\d+)", match.group("count"))

    def test(s: Snapshot) -> str | None:
        event = scored(s)
        if event is None:
            return "no hand is over"
        problems = []
        if maker != event.get("maker"):
            problems.append(f"{who(ctx.names, event.get('maker'))} made trump")
        true_alone = bool(event.get("alone")) or event.get("declaration") in ("alone", "jambone")
        if alone != true_alone:
            problems.append("alone" if true_alone else "not alone")
        true_failed = event.get("made") is False or event.get("euchred") is not None or bool(
            event.get("set"))
        if failed != true_failed:
            problems.append("the contract failed" if true_failed else "the contract was made")
        return "; ".join(problems) or None

    def tricks(s: Snapshot) -> str | None:
        event = scored(s)
        side = next((n for n, seats in enumerate(s.public["sides"]) if maker in seats), None)
        if event is None or side is None or "tricks" not in event or count is None:
            return None if "tricks" in match.group("count") else "not a count of tricks"
        said = 0 if count.group(1) == "no" else int(count.group(1))
        if "in count" in match.group("count"):
            return None  # Over the Top counts points taken, read elsewhere
        return same(event["tricks"][side], said)

    def players(s: Snapshot) -> str | None:
        event = scored(s)
        if takers is None or event is None:
            return "names no seats"
        deal = s.hand_events_of(event)
        out = {e["seat"] for e in deal if e["type"] == "alone"}
        sat_out = [x for x in takers if x not in out and any(
            e["type"] == "alone" and x != e["seat"] and x in side_seats(s, e["seat"])
            for e in deal)]
        return None if not sat_out else f"{', '.join(who(ctx.names, x) for x in sat_out)} sat out"

    return [Claim("hand_result", line, test), Claim("hand_result_tricks", line, tricks),
            Claim("hand_result_takers", line, players)]


def side_seats(s: Snapshot, seat: int) -> list[int]:
    """The seats of ``seat``'s side."""
    return next((list(side) for side in s.public["sides"] if seat in side), [seat])


def hand_tricks(line: str, ctx: Context) -> list[Claim] | None:
    """``Tricks: A & B 4 · C & D 1`` of the hand just over."""
    pairs = side_values(re.sub(r" \(bid \w+\)", "", line.removeprefix("Tricks: ")), ctx.names)
    if pairs is None:
        return None
    return by_side("hand_tricks", line, pairs, lambda s: (scored(s) or {}).get("tricks"))


def points(line: str, ctx: Context) -> list[Claim] | None:
    """``Points this hand: A & B +1 · C & D 0``."""
    pairs = side_values(line.removeprefix("Points this hand: "), ctx.names)
    if pairs is None:
        return None
    return by_side("hand_points", line, pairs, lambda s: (scored(s) or {}).get("points"))


def narrated_score(line: str, ctx: Context) -> list[Claim] | None:
    """``Score: **A** 1 · **B** 2 — to 5`` after a hand: the scores after it."""
    rest, claims = target_claim(line.removeprefix("Score: "), ctx, line)
    pairs = side_values(rest, ctx.names)
    if pairs is None:
        return None
    return claims + by_side("score", line, pairs, lambda s: (scored(s) or {}).get("scores"))


def game_won(line: str, ctx: Context) -> list[Claim] | None:
    """``🏆 **A & B** won the game: A & B 6 · C & D 1!``."""
    match = re.match(r"🏆 \*\*(.+?)\*\* won the game: (.+)!$", line)
    seats = ctx.names.seats(match.group(1)) if match else None
    pairs = side_values(match.group(2), ctx.names) if match else None
    if seats is None or pairs is None:
        return None

    def test(s: Snapshot) -> str | None:
        winner = s.public.get("winner")
        if winner is None or sorted(s.public["sides"][winner]) != sorted(seats):
            return f"the winner is {winner_names(s, ctx)}"
        return None

    return [Claim("winner", line, test),
            *by_side("score", line, pairs, lambda s: list(s.public["scores"]))]


TRUMP_MADE = re.compile(
    r"^\*\*(?P<name>.+?)\*\* (?:named (?:\*\*no trump\*\*\.|\*\*(?P<named>.+?)\*\* trump)"
    r"|(?P<took>picks it up|ordered it up|plays it): (?:a \*\*no-trump\*\* hand\."
    r"|trump is \*\*(?P<ordered>.+?)\*\*))"
)


def trump_made(line: str, ctx: Context) -> list[Claim] | None:
    """``**X** named **♠ spades** trump.`` / ``**X** ordered it up: trump is **♣ clubs**.``
    (Over the Rhine: ``**X** plays it: …``; no trump: ``**X** named **no trump**.``,
    ``**X** picks it up: a **no-trump** hand.``): the newest trump made was that seat's,
    that trump (or none), named or taken up as said (picked up: by the dealer)."""
    match = TRUMP_MADE.match(line)
    seat = ctx.names.seat(match.group("name")) if match else None
    if match is None or seat is None:
        return None
    said = match.group("named") or match.group("ordered")
    suit = suit_named(said) if said else None
    took = match.group("took")

    def test(s: Snapshot) -> str | None:
        event = s.latest("trump")
        if event is None:
            return "no trump was made"
        if event.get("seat") != seat:
            return f"{who(ctx.names, event.get('seat'))} made trump"
        if event.get("how") != ("ordered" if took else "named"):
            return f"trump was {event.get('how')}"
        if "dealer" in event and took and (took == "picks it up") != (event["dealer"] == seat):
            dealer = event["dealer"] == seat
            return "the dealer picked it up" if dealer else "a seat not the dealer ordered it"
        return same(event.get("trump"), suit)

    return [Claim("trump_made", line, test)]


#: What a seat announces → the event that makes it so (and what the event must say).
ANNOUNCED = {"goes alone": ("alone", {}), "defends alone": ("defend", {"alone": True}),
             "shoots the moon": ("shoot", {})}
PAST = {"goes alone": "went alone", "defends alone": "defended alone",
        "shoots the moon": "shot the moon"}


def goes_alone(line: str, ctx: Context) -> list[Claim] | None:
    """``**X** goes alone!`` (``defends alone!``, Over the Rhine's ``shoots the moon!``):
    the newest such move was that seat's."""
    match = re.match(r"^\*\*(.+?)\*\* (goes alone|defends alone|shoots the moon)!$", line)
    seat = ctx.names.seat(match.group(1)) if match else None
    if match is None or seat is None:
        return None
    kind, details = ANNOUNCED[match.group(2)]

    def test(s: Snapshot) -> str | None:
        event = next((e for e in reversed(s.events) if e["type"] == kind and all(
            e.get(key) == value for key, value in details.items())), None)
        if event is not None and event["seat"] == seat:
            return None
        return f"nobody {PAST[match.group(2)]}"

    return [Claim("alone", line, test)]


FREE_FOR_ALL = re.compile(r"^Nobody played it: a free-for-all with (?:\*\*(?P<suit>.+?)\*\*|no) "
                          r"trump\.$")


def free_for_all(line: str, ctx: Context) -> list[Claim] | None:
    """Over the Rhine's ``Nobody played it: a free-for-all with **♥ hearts** trump.``: the
    chaff made that trump (or none) after both passed."""
    match = FREE_FOR_ALL.match(line)
    if match is None:
        return None
    suit = suit_named(match.group("suit")) if match.group("suit") else None

    def test(s: Snapshot) -> str | None:
        event = s.latest("trump")
        if event is None or event.get("how") != "free_for_all":
            return "the hand is not a free-for-all"
        true = None if event.get("trump") in (None, "N") else event.get("trump")
        return same(true, suit)

    return [Claim("trump_made", line, test)]


def turn_ping(line: str, ctx: Context) -> list[Claim] | None:
    """``<@id>: your turn at **Euchre** (table #1).``: that member acts now."""
    match = re.match(r"^<@(\d+)>: your turn at ", line)
    if match is None:
        return None
    user = int(match.group(1))
    seats = [x.seat for x in ctx.table.seats if x.user_id == user]
    seats += [seat for seat, left in ctx.table.departed.items() if left == user]

    def test(s: Snapshot) -> str | None:
        return None if s.acting in seats else f"{who(ctx.names, s.acting)} acts now"

    return [Claim("turn_ping", line, test)]


def trump_changed(line: str, ctx: Context) -> list[Claim] | None:
    """Flip Euchre: ``The calling card 9♣ makes **♣ clubs** trump.`` (turned at the deal),
    ``Trump flipped: the calling card 10♥ makes **♥ hearts** trump.`` or ``**X**
    switched in 9♣: trump is now **♣ clubs**.``"""
    flipped = re.match(r"^(Trump flipped: the|The) calling card (.+?) makes \*\*(.+?)\*\* trump",
                       line)
    switched = re.match(r"^\*\*(.+?)\*\* switched in (.+?): trump is now \*\*(.+?)\*\*", line)
    if flipped:
        how = "turned" if flipped.group(1) == "The" else "flipped"
        seat, card, suit = None, flipped.group(2), flipped.group(3)
    elif switched:
        seat = ctx.names.seat(switched.group(1))
        card, suit, how = switched.group(2), switched.group(3), "switched"
        if seat is None:
            return None
    else:
        return None
    cards = card_ids(card)

    def matches(event: dict[str, Any]) -> bool:
        return (event["type"] == "trump" and event.get("how") == how
                and [event.get("card")] == cards and event.get("trump") == suit_named(suit)
                and (how != "switched" or event.get("seat") == seat))

    def test(s: Snapshot) -> str | None:
        # One move may change trump twice, and the card that flips trump may end the hand
        # (the flip is told with the hand's end, possibly after the next deal).
        if any(matches(e) for e in s.hand_being_told()):
            return None
        event = s.latest("trump") or {}
        return (f"the last change: {event.get('how')} {event.get('card')}, "
                f"trump {event.get('trump')}")

    return [Claim("trump_made", line, test)]


LEFT = re.compile(r"^(?P<name>.+?) left the game: 🤖 an? (?P<level>\w+) computer plays on")
GAVE = re.compile(r"^A moderator gave (?P<name>.+?)'s seat (?P<seat>\d+) to 🤖 an? "
                  r"(?P<level>\w+) computer\.$")


def departed(line: str, ctx: Context) -> list[Claim] | None:
    """``bob left the game: 🤖 a normal computer plays on in their seat.`` or ``A moderator
    gave bob's seat 2 to 🤖 a normal computer.``: that member's seat was given up that way
    (their own leaving, a moderator's replacement), and a computer of that level holds it."""
    left, gave = LEFT.match(line), GAVE.match(line)
    match = left or gave
    seat = ctx.names.seat(match.group("name")) if match else None
    if match is None or seat is None or (gave and int(gave.group("seat")) - 1 != seat):
        return None
    why, level = "left" if left else "replaced", match.group("level")

    def test(s: Snapshot) -> str | None:
        gone = [d.why for d in ctx.table.departures if d.seat == seat]
        if why not in gone:
            return f"the seat was not given up that way ({gone or 'nobody left it'})"
        held = next((x.computer_level for x in ctx.table.seats if x.seat == seat), None)
        return None if held == level else f"a {held} computer holds the seat"

    return [Claim("departure", line, test)]


def started(line: str, ctx: Context) -> list[Claim] | None:
    """``🃏 **Euchre** (table #3) has started.``: that table's game."""
    match = re.match(r"^🃏 \*\*(.+?)\*\* \(table #(\d+)\) has started", line)
    if match is None:
        return None
    name, number = match.group(1), int(match.group(2))
    true = VARIANTS[ctx.table.variant].name
    return [Claim("title", line, lambda s: None if (name, number) == (true, ctx.table.id)
                  else f"table #{ctx.table.id} plays {true}")]


GAME_ON = re.compile(r"^(?P<people>(?:<@\d+> ?)+): your game at (?:table #(?P<table>\d+)|"
                     r"\*\*(?P<event>.+?)\*\*) is on(?:, and (?P<mine>it's your turn)\.|!(?: "
                     r"<@(?P<turn>\d+)>, it's your turn\.)?)$")


def game_on(line: str, ctx: Context) -> list[Claim] | None:
    """``<@a> <@b>: your game at table #3 is on! <@b>, it's your turn.`` (``…is on, and
    it's your turn.`` to one member): each member greeted has a seat at this table, and
    the one told it is their turn acts first."""
    match = GAME_ON.match(line)
    if match is None:
        return None
    greeted = [int(user) for user in re.findall(r"<@(\d+)>", match.group("people"))]
    number = int(match.group("table")) if match.group("table") else None
    event = ROUND_TITLE.match(match.group("event") or "")
    named = (event.group("name"), int(event.group("round")), int(event.group("no"))) if (
        event) else None
    turn = greeted[0] if match.group("mine") and len(greeted) == 1 else (
        int(match.group("turn")) if match.group("turn") else None)
    seats = {x.seat: x.user_id for x in ctx.table.seats if x.user_id is not None}
    seats.update(ctx.table.departed)

    def seated(s: Snapshot) -> str | None:
        if number is not None and number != ctx.table.id:
            return f"this is table #{ctx.table.id}"
        if match.group("event") and named != round_words(ctx.table):
            return f"this is {round_words(ctx.table) or 'no tournament round'}"
        strangers = [user for user in greeted if user not in seats.values()]
        return None if not strangers else f"{strangers} have no seat here"

    claims = [Claim("game_on", line, seated)]
    if turn is not None:
        mine = [seat for seat, user in seats.items() if user == turn]
        claims.append(Claim("turn_ping", line, lambda s: None if s.acting in mine else (
            f"{who(ctx.names, s.acting)} acts now")))
    return claims
