"""Per-seat records of a finished game (moons, loners, Jambones, Jamborees, euchres).

Pure: derived from the engine's events of the whole game (``game.events`` after a replay
of the stored action log). What counts, for the seat that made trump or won the bid:

``moons``         a moon made: Cincinnati's moon bids taking every trick, Over the Rhine's
                  shoot taking all five.
``loners``        a hand played alone by choice (Euchre, Railroad); ``loners_made`` those
                  the maker did not lose.
``jambones``      a Railroad Jambone declared; ``jambones_made`` those taking every trick.
``jamborees``     a Railroad Jamboree held (credited to the holder).
``euchred``       a hand the seat made (or bid) and was set. In Flip, where everyone bids,
                  the seats the engine names as euchred.
``calls``         a hand the seat made trump or won the bid (moons, loners and Jambones
                  included); in Flip, a hand it bid in. ``calls_made`` those not set
                  (Flip: the bid hit, as many tricks as bid or more).
``euchring``      a hand the seat defended (on another side than the maker's) and the
                  maker was set; counted only when the seats' sides are given.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.store.standings.values import RECORD_NAMES, SeatRecords


def seat_records(
    events: Iterable[Mapping[str, Any]], players: int, sides: Sequence[int] | None = None
) -> list[SeatRecords]:
    """The records of every seat (``players`` of them) from a game's events; ``sides``
    gives each seat's side (for euchring)."""
    counts = [dict.fromkeys(RECORD_NAMES, 0) for _ in range(players)]
    for event in events:
        kind = event.get("type")
        if kind == "jamboree":
            _bump(counts, event.get("seat"), "jamborees")
        elif kind == "hand_scored":
            found = _hand_records(event) + _calls(event) + _euchring(event, sides)
            for seat, name in found:
                _bump(counts, seat, name)
    return [SeatRecords(**c) for c in counts]


def _calls(event: Mapping[str, Any]) -> list[tuple[Any, str]]:
    """(seat, record) pairs of the hand's calls: the maker's, or each Flip bid."""
    bids, tricks = event.get("bids"), event.get("tricks")
    if isinstance(bids, list) and isinstance(tricks, list):
        if event.get("zilch"):
            return []
        found: list[tuple[Any, str]] = []
        for seat, bid in enumerate(bids):
            if isinstance(bid, int) and seat < len(tricks):
                found.append((seat, "calls"))
                if tricks[seat] >= bid:
                    found.append((seat, "calls_made"))
        return found
    maker = event.get("maker")
    if not isinstance(maker, int) or isinstance(maker, bool):
        return []
    return [(maker, "calls")] + ([] if _maker_lost(event) else [(maker, "calls_made")])


def _euchring(event: Mapping[str, Any], sides: Sequence[int] | None) -> list[tuple[Any, str]]:
    """(seat, ``euchring``) for each seat on another side than a maker who was set."""
    maker = event.get("maker")
    if sides is None or not isinstance(maker, int) or not 0 <= maker < len(sides):
        return []
    if not _maker_lost(event):
        return []
    return [(seat, "euchring") for seat, side in enumerate(sides) if side != sides[maker]]


def _bump(counts: list[dict[str, int]], seat: Any, name: str) -> None:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(counts):
        counts[seat][name] += 1


def _hand_records(event: Mapping[str, Any]) -> list[tuple[Any, str]]:
    """(seat, record) pairs one scored hand earns."""
    maker = event.get("maker")
    found: list[tuple[Any, str]] = []
    lost = _maker_lost(event)
    if _is_moon(event):
        if not lost and _took_all(event, maker):
            found.append((maker, "moons"))
    elif event.get("declaration") == "jambone":
        found.append((maker, "jambones"))
        if not lost:
            found.append((maker, "jambones_made"))
    elif event.get("alone") is True or event.get("declaration") == "alone":
        found.append((maker, "loners"))
        if not lost:
            found.append((maker, "loners_made"))
    euchred = event.get("euchred")
    if isinstance(euchred, list):
        found.extend((seat, "euchred") for seat in euchred)
    elif lost:
        found.append((maker, "euchred"))
    return found


def _is_moon(event: Mapping[str, Any]) -> bool:
    return event.get("shoot") is True or str(event.get("bid", "")).endswith("moon")


def _maker_lost(event: Mapping[str, Any]) -> bool:
    """Whether the maker of this hand was set (euchred)."""
    if event.get("maker") is None:
        return False
    euchred = event.get("euchred")
    if isinstance(euchred, int) and not isinstance(euchred, bool):
        return True
    if event.get("set") is True:
        return True
    return event.get("made") is False and "euchred" not in event


def _took_all(event: Mapping[str, Any], maker: Any) -> bool:
    """For a moon: the maker took every trick (Cincinnati says so with ``made``)."""
    if "made" in event:
        return bool(event["made"])
    tricks = event.get("tricks")
    if isinstance(tricks, list) and isinstance(maker, int) and 0 <= maker < len(tricks):
        return bool(tricks[maker] == sum(tricks))
    return False
