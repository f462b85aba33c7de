"""Claims of the lines explaining a call made alone or as a Jambone in the same click
(``**A suit alone**: …``, ``**Order up alone**: …``, ``**A suit Jambone**: …``): that the
call is open to the seat then, that the partner sits out, who picks a Jambone's cards, and
the scoring said, held to the engine's scoring of that call at that position."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import Any

from tests.truth.claims.base import Claim, Test, offered
from tests.truth.claims.choices.lone_scoring import called, score_taking, tricks_of_hand
from tests.truth.stored.store import StoredTable
from tests.truth.stored.timeline import Snapshot

EUCHRE_ALONE = re.compile(
    r"^\*\*(?P<call>.+?) alone\*\*: the same, and your partner sits out this hand; all "
    r"(?P<all>\d+) tricks score (?P<top>\d+) \((?P<low>\d+) or (?P<high>\d+) still score "
    r"(?P<some>\d+)\)\.$")
RAILROAD_ALONE = re.compile(
    r"^\*\*(?P<call>.+?) alone\*\*: (?:once (?:you have|the dealer has) discarded, )?you give "
    r"your partner one card and get one back, then your partner sits out; points count "
    r"double\.$")
JAMBONE = re.compile(
    r"^\*\*(?P<call>.+?) Jambone\*\*: like alone, but your hand is then shown face up and the "
    r"opponent on your left picks every card you play; every trick scores (?P<all>\d+), less "
    r"gives the opponents (?P<less>\d+)\.$")
#: A call's bold name → the first step it makes (a suit named: any suit open then).
ORDERS = ("Order up", "Pick up")
#: A game replayed with the call made, or None if the engine refused it.
Called = Callable[[Snapshot], Any | None]
#: The seat's call, made at a snapshot with the given way of playing it.
Making = Callable[[str], Called]


def lone_choice(line: str, seat: int, table: StoredTable) -> list[Claim] | None:
    """The claims of an alone or Jambone line of a hand's choices; None if not one."""
    for pattern, claims in ((EUCHRE_ALONE, euchre_alone), (RAILROAD_ALONE, railroad_alone),
                            (JAMBONE, jambone)):
        match = pattern.match(line)
        if match is not None:
            first = "order" if match.group("call") in ORDERS else "trump:"
            return [Claim("choice_offered", line, offered(seat, first)), *claims(
                line, match, partial(making, table, seat, first))]
    return None


def making(table: StoredTable, seat: int, first: str, how: str) -> Called:
    """The game at a snapshot with the seat's call (``first`` then ``how``) made and the
    hand brought to its first card (made once a snapshot)."""
    made: dict[int, Any | None] = {}

    def game_at(s: Snapshot) -> Any | None:
        step = next((a for a in s.legal if a.startswith(first)), None)
        if s.acting != seat or step is None:
            return None
        if s.k not in made:
            made[s.k] = called(table, s.k, (step, how))
        return made[s.k]
    return game_at


def partner_sits_out(game_at: Called) -> Test:
    """Once the call is made, the maker's partner sits the hand out."""
    def test(s: Snapshot) -> str | None:
        game = game_at(s)
        if game is None:
            return None  # not open now: choice_offered says so
        partners = [x for x in game.seats_of(game.side_of(game.maker)) if x != game.maker]
        playing = [x for x in partners if game.active[x]]
        return None if not playing else f"seats {[x + 1 for x in playing]} still play"
    return test


def euchre_alone(line: str, match: re.Match[str], make: Making) -> list[Claim]:
    """Euchre's loner: all the tricks score ``top``, ``low`` or ``high`` of them ``some``."""
    game_at = make("alone")
    said = {int(match.group("all")): int(match.group("top")),
            int(match.group("low")): int(match.group("some")),
            int(match.group("high")): int(match.group("some"))}

    def test(s: Snapshot) -> str | None:
        game = game_at(s)
        if game is None:
            return None
        if tricks_of_hand(game) != int(match.group("all")):
            return f"the hand has {tricks_of_hand(game)} tricks"
        side = game.side_of(game.maker)
        for taken, points in said.items():
            true = score_taking(game, taken)[side]
            if true != points:
                return f"{taken} tricks alone score {true}"
        return None

    return [Claim("choice_scoring", line, test),
            Claim("choice_sits_out", line, partner_sits_out(game_at))]


def railroad_alone(line: str, match: re.Match[str], make: Making) -> list[Claim]:
    """Railroad's loner: every side's points, made or euchred, twice what they are with
    the partner playing, the partner sitting out after one card each way."""
    game_at, with_partner = make("alone"), make("partner")

    def test(s: Snapshot) -> str | None:
        alone, together = game_at(s), with_partner(s)
        if alone is None or together is None:
            return None
        for taken in range(tricks_of_hand(alone) + 1):
            lone, usual = score_taking(alone, taken), score_taking(together, taken)
            if lone != [2 * x for x in usual]:
                return f"taking {taken} scores {lone} alone, {usual} with the partner"
        return None

    def exchanged(s: Snapshot) -> str | None:
        game = game_at(s)
        if game is None:
            return None
        ways = [(giver, receiver) for giver, receiver, _ in getattr(game, "exchanges", [])]
        partners = [x for x in game.seats_of(game.side_of(game.maker)) if x != game.maker]
        one_each_way = [[(game.maker, x), (x, game.maker)] for x in partners]
        return None if ways in one_each_way else f"the cards went {ways}"

    return [Claim("choice_scoring", line, test),
            Claim("choice_sits_out", line, partner_sits_out(game_at)),
            Claim("choice_give", line, exchanged)]


def jambone(line: str, match: re.Match[str], make: Making) -> list[Claim]:
    """Railroad's Jambone: every trick scores ``all`` for the maker's side; fewer give
    ``less`` to the opponents who took one; the opponent on the maker's left chooses."""
    game_at = make("jambone")
    top, less = int(match.group("all")), int(match.group("less"))

    def test(s: Snapshot) -> str | None:
        game = game_at(s)
        if game is None:
            return None
        side, total = game.side_of(game.maker), tricks_of_hand(game)
        every = score_taking(game, total)
        if every[side] != top or any(every[x] for x in range(len(every)) if x != side):
            return f"every trick scores {every}"
        short = score_taking(game, total - 1)
        gained = [x for x in range(len(short)) if x != side and short[x]]
        if short[side] or [short[x] for x in gained] != [less]:
            return f"one trick short scores {short}"
        return None

    def chooser(s: Snapshot) -> str | None:
        game = game_at(s)
        if game is None:
            return None
        left = (game.maker + 1) % game.players
        if game.side_of(left) == game.side_of(game.maker):
            return "the seat on the maker's left is a partner"
        return None if game.chooser == left else f"seat {game.chooser + 1} chooses"

    return [Claim("choice_scoring", line, test),
            Claim("choice_sits_out", line, partner_sits_out(game_at)),
            Claim("choice_chooser", line, chooser)]
