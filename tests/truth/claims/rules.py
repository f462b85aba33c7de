"""Claims of the rule reminders in a private hand: which suit must be followed, and where
(hand, table or battery) the card comes from this time."""

from __future__ import annotations

import re

from bot.engine import card_role
from tests.truth.claims.base import Claim, Context, who
from tests.truth.reading.cards import suit_named
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
