"""Claims of ``/stats``' records line (``Calls 4 (3 made) · Loners 1 (1 made) · Times
euchred 1``) and partners line (``Partners: <@11> 2 games · 1 won (50%)``), each figure
counted afresh from the member's counted games: the records from the replayed games'
events, the partners from who held a seat of the member's side to the end.

What each record means (the seat that made trump, or won the bid, is the maker; a maker
is set when their side scores nothing or less for the hand):

``Calls``/``Bids won``  hands the member made, ``made`` those not set; in Flip, hands the
                        member bid in (not Zilch), ``hit`` those taking their bid or more.
``Moons made``          moon bids (Cincinnati) or shoots (Over the Rhine) taking every trick.
``Loners``              hands made alone by choice (Euchre, Railroad), ``made`` not set.
``Jambones``            Railroad Jambones declared, ``made`` not set.
``Jamborees``           Railroad Jamborees the member held.
``Times euchred``       hands the member made and was set; in Flip, hands in which the
                        member's score was the lowest, below zero.
``Makers euchred``      hands the member defended in (another side than the maker's) and
                        the maker was set.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from tests.truth.stored.ratings import Ledger
from tests.truth.stored.timeline import Snapshot

Finding = tuple[str, str, str | None]
ITEM = re.compile(r"^(?P<label>[A-Z][a-z]*(?: [a-z]+)?) (?P<count>\d+)(?: \((?P<notes>[^)]*)\))?$")
MADE = re.compile(r"^(?P<made>\d+) (?:made|hit)$")
#: Each label of the records line → the record it names.
LABELS = {"Calls": "calls", "Bids won": "calls", "Bids": "calls", "Moons made": "moons",
          "Loners": "loners", "Jambones": "jambones", "Jamborees": "jamborees",
          "Times euchred": "euchred", "Makers euchred": "euchring"}
PARTNERS = re.compile(r"^Partners: (?P<rest>.+)$")
PARTNER = re.compile(r"^<@(?P<user>\d+)> (?P<games>\d+) games? · (?P<wins>\d+) won"
                     r" \((?P<share>\d+)%\)$")
#: How many partners the line names at most.
MOST_PARTNERS = 5


def read_items(line: str) -> list[re.Match[str]] | None:
    """The items of a records line; None when the line is not one."""
    items = [ITEM.match(part) for part in line.split(" · ")]
    if not items or any(m is None or m.group("label") not in LABELS for m in items):
        return None
    return items  # type: ignore[return-value]


def side_index(sides: Sequence[Sequence[int]], seat: int) -> int | None:
    """The side a seat plays on."""
    return next((n for n, seats in enumerate(sides) if seat in seats), None)


def hand_tally(event: Mapping[str, Any], sides: Sequence[Sequence[int]], players: int,
               seat: int) -> Counter[str]:
    """What one scored hand adds to a seat's records."""
    if isinstance(event.get("bids"), list):
        return flip_tally(event, players, seat)
    tally: Counter[str] = Counter()
    maker = event.get("maker")
    if not isinstance(maker, int) or isinstance(maker, bool):
        return tally
    points, mine, theirs = event["points"], side_index(sides, seat), side_index(sides, maker)
    set_ = theirs is not None and points[theirs] <= 0
    tricks = event.get("tricks") or []
    took_all = theirs is not None and tricks and tricks[theirs] == sum(tricks)
    moon = event.get("shoot") is True or str(event.get("bid", "")).endswith("moon")
    if seat == maker:
        tally.update({"calls": 1, "calls_made": int(not set_), "euchred": int(set_)})
        if moon:
            tally["moons"] += int(bool(took_all) and not set_)
        elif event.get("declaration") == "jambone":
            tally.update({"jambones": 1, "jambones_made": int(not set_)})
        elif event.get("alone") is True or event.get("declaration") == "alone":
            tally.update({"loners": 1, "loners_made": int(not set_)})
    elif set_ and mine != theirs:
        tally["euchring"] += 1
    return tally


def flip_tally(event: Mapping[str, Any], players: int, seat: int) -> Counter[str]:
    """Flip: the seat's bid and whether it hit, and whether its score was the hand's
    lowest below zero."""
    tally: Counter[str] = Counter()
    bid, tricks, points = event["bids"][seat], event["tricks"], event["points"][:players]
    if isinstance(bid, int) and not event.get("zilch"):
        tally.update({"calls": 1, "calls_made": int(tricks[seat] >= bid)})
    low = min(points)
    tally["euchred"] += int(low < 0 and points[seat] == low)
    return tally


def game_tally(final: Snapshot, seat: int) -> Counter[str]:
    """A seat's records over a whole game."""
    sides, players = final.public["sides"], len(final.views)
    tally: Counter[str] = Counter()
    for event in final.all_events[: final.n_events]:
        if event["type"] == "hand_scored":
            tally += hand_tally(event, sides, players, seat)
        elif event["type"] == "jamboree" and event.get("seat") == seat:
            tally["jamborees"] += 1
    return tally


def records_findings(line: str, member: int, variant: str, ledger: Ledger,
                     finals: Mapping[int, Snapshot], at: float) -> list[Finding] | None:
    """(kind, said, truth or None) for each record of the line; None if it is no records
    line."""
    items = read_items(line)
    if items is None:
        return None
    held = ledger.held_by(member, variant, at)
    unplayed = [h.table_id for h in held if h.table_id not in finals]
    if unplayed:
        return [("stats_records", line, f"tables {unplayed} were not replayed")]
    tally: Counter[str] = Counter()
    for seat in held:
        tally += game_tally(finals[seat.table_id], seat.seat)
    found: list[Finding] = []
    for item in items:
        name = LABELS[item.group("label")]
        notes = (item.group("notes") or "").split(", ")
        if any(note.startswith("in ") for note in notes):
            continue  # a figure over part of the games: none here lacks its records
        wrong = [] if int(item.group("count")) == tally[name] else [f"{tally[name]}"]
        made = next((m for m in map(MADE.match, notes) if m), None)
        if made and int(made.group("made")) != tally[f"{name}_made"]:
            wrong.append(f"{tally[f'{name}_made']} made")
        found.append((f"stats_{name}", line, " ".join(wrong) or None))
    return found


def partner_counts(ledger: Ledger, member: int, variant: str, at: float
                   ) -> dict[int, tuple[int, int]]:
    """Each partner of the member in a game's counted games by ``at``: (games, won)."""
    counts: dict[int, tuple[int, int]] = {}
    for mine in ledger.held_by(member, variant, at):
        for other in ledger.seated_with(mine.table_id):
            if other.user_id != member and other.side == mine.side:
                games, wins = counts.get(other.user_id, (0, 0))
                counts[other.user_id] = (games + 1, wins + mine.won)
    return counts


def partners_findings(line: str, member: int, variant: str, ledger: Ledger,
                      at: float) -> list[Finding] | None:
    """Each partner's games and wins together, and that the partners named are those with
    most games together (then most won, then the lower id); None if it is no partners
    line."""
    match = PARTNERS.match(line)
    if match is None:
        return None
    counts = partner_counts(ledger, member, variant, at)
    found: list[Finding] = []
    named = []
    for part in match.group("rest").split(" — "):
        said = PARTNER.match(part)
        if said is None:
            found.append(("stats_partner", part, "not read"))
            continue
        user = int(said.group("user"))
        named.append(user)
        games, wins = counts.get(user, (0, 0))
        wrong = [f"{games} games"] if int(said.group("games")) != games else []
        wrong += [f"{wins} won"] if int(said.group("wins")) != wins else []
        share = 100 * wins / games if games else None
        if share is not None and abs(int(said.group("share")) - share) > 0.5:
            wrong.append(f"{share:.1f}%")
        found.append(("stats_partner", part, "; ".join(wrong) or None))
    best = sorted(counts, key=lambda u: (-counts[u][0], -counts[u][1], u))[:MOST_PARTNERS]
    found.append(("stats_partners_named", line,
                  None if named == best else f"the partners with most games: {best}"))
    return found
