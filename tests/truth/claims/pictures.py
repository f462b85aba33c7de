"""Claims of the pictures' alt texts (read aloud by screen readers in place of the
picture): the leaderboard's rows (:mod:`.answers.board_alt`), a ``/stats`` card's figures
(:mod:`.answers.card_alt`), a tournament's standings
(``Final standings of Night: 1. alice 23; 2. bob 18``) and the table a table picture
names (``Euchre table #12, as the message describes it``); any other alt text is
returned unread, to be listed as seen but not checked."""

from __future__ import annotations

import re
from collections.abc import Mapping

from bot.engine import VARIANTS
from tests.truth.claims.answers import Kept
from tests.truth.claims.answers.board_alt import board_alt_findings, is_board_alt
from tests.truth.claims.answers.card_alt import card_alt_findings, is_card_alt
from tests.truth.claims.answers.stats import Finding
from tests.truth.claims.events.standings import Tournament, standing_claims, titled
from tests.truth.playing.recorder import Shown

STANDINGS = re.compile(r"^(?P<moment>Final standings|Standings so far) of (?P<name>.+?):"
                       r" (?P<body>.*)$", re.S)
ITEM = re.compile(r"^(?P<place>\d+)\. (?P<name>.+) (?P<total>-?\d+)$")
TABLE = re.compile(r"^(?P<game>.+) table #(?P<id>\d+), as the message describes it$")
TITLED_TABLE = re.compile(r"table #(\d+)")
FINAL = " — final standings"
#: Discord keeps at most this many characters of an alt text: the last item may be cut.
MAX_ALT = 1000


def alt_findings(version: Shown, kept: Kept, user_names: Mapping[int, str],
                 tournaments: Mapping[str, Tournament], variants: Mapping[int, str]
                 ) -> tuple[list[Finding], list[tuple[str, str]]]:
    """(kind, said, truth or None) for each statement of the version's alt texts, and
    (label, words) of the alt texts (or parts of a card's) no checker reads
    (``variants``: each table's game)."""
    found: list[Finding] = []
    unread: list[tuple[str, str]] = []
    for alt in version.alts:
        if is_board_alt(alt):
            more = board_alt_findings(alt, version.text, version.private_for, kept.ledger,
                                      version.at, user_names)
        elif is_card_alt(alt):
            more, parts = card_alt_findings(alt, kept.ledger, kept.finals, version.at,
                                            user_names)
            unread += [(f"alt text: /stats card · {general(part)}", part) for part in parts]
        elif STANDINGS.match(alt):
            more = standings_alt_findings(alt, version.title, tournaments)
        elif TABLE.match(alt):
            more = table_alt_findings(alt, version.title, variants)
        else:
            more = []
        found += more
        if not more:
            unread.append((f"alt text: {general(alt)}", alt))
    return found, unread


def general(words: str) -> str:
    """The start of some words with their numbers generalised: a kind in the report."""
    return re.sub(r"\d+", "#", words)[:40]


def standings_alt_findings(alt: str, title: str, tournaments: Mapping[str, Tournament]
                           ) -> list[Finding]:
    """``Final standings of Night: 1. alice 23; 2. bob 18``: final iff the message shows
    the final standings, and each member's place and total as the title counts them (a
    tie may be broken either way: the alt does not say how)."""
    match = STANDINGS.match(alt)
    assert match is not None
    name, final = match.group("name"), match.group("moment") == "Final standings"
    tournament = titled(title, tournaments)
    if tournament is None and final:
        tournament = tournaments.get(name)
    if tournament is None:
        return []
    head = alt[:alt.index(":")]
    said_final = title.endswith(FINAL) or not title
    found: list[Finding] = [("alt_standings_moment", head, None if (
        final == said_final and (not title or title.startswith(f"🏆 {name} — "))) else
        f"the message shows {title or 'the final standings'}")]
    items = [m for m in map(ITEM.match, match.group("body").split("; ")) if m]
    if len(alt) >= MAX_ALT and items:
        items.pop()  # cut short where Discord's limit fell
    totals = [item.group("total") for item in items]
    for item in items:
        tied = " · behind on ties" if totals.count(item.group("total")) > 1 else ""
        line = (f"`{item.group('place')}.` **{item.group('name')}** —"
                f" {item.group('total')} points{tied}")
        claims = standing_claims(line, tournament)
        if claims is None:
            found.append(("alt_standing_place", item.group(0), "no such member takes part"))
            continue
        found += [(f"alt_{kind}", item.group(0), truth) for kind, truth in claims]
    return found


def table_alt_findings(alt: str, title: str, variants: Mapping[int, str]) -> list[Finding]:
    """``Euchre table #12, as the message describes it``: that table exists, plays that
    game, and is the one the message's title names (if it names one)."""
    match = TABLE.match(alt)
    assert match is not None
    number = int(match.group("id"))
    variant = variants.get(number)
    if variant is None:
        return [("alt_table", alt, f"there is no table #{number}")]
    game = VARIANTS[variant].name
    titled_number = TITLED_TABLE.search(title)
    if titled_number and int(titled_number.group(1)) != number:
        return [("alt_table", alt, f"the message is about table #{titled_number.group(1)}")]
    return [("alt_table", alt, None if match.group("game") == game else f"it plays {game}")]
