"""A store with Bower's schema to plant finished games, ratings and departures in, and
how a test judges an answer against it."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from bot.engine.errors import IllegalAction
from bot.store.database import load_migrations
from tests.truth.claims.answers import answer_findings, read_kept
from tests.truth.stored.store import read_tables
from tests.truth.stored.timeline import Snapshot, replay

ALICE, BOB = 10, 11
GUILD, CHANNEL = 1, 2


def stamp(at: float) -> str:
    """A moment (seconds since the epoch) as the store writes it."""
    return datetime.fromtimestamp(at, UTC).isoformat()


class Planted:
    """Rows written straight into a fresh store, as Bower would have written them."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.db = sqlite3.connect(path)
        self.db.executescript("\n".join(m.sql for m in load_migrations()))

    def table(self, number: int, variant: str, host: int, status: str, at: float,
              seats: list[tuple[int | None, str | None]], tournament: bool = False) -> None:
        """A table opened at ``at`` with its seats as they are now."""
        self.db.execute(
            "INSERT INTO tables (id, guild_id, channel_id, host_id, variant, players, seed,"
            " status, created_at, updated_at, event_name) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?,"
            " ?)", (number, GUILD, CHANNEL, host, variant, len(seats), status, stamp(at),
                    stamp(at), "Night · round 1" if tournament else None))
        for seat, (user, level) in enumerate(seats):
            self.db.execute("INSERT INTO seats (table_id, seat, user_id, computer_level)"
                            " VALUES (?, ?, ?, ?)", (number, seat, user, level))

    def move(self, number: int, at: float, seat: int = 0, source: str = "computer") -> None:
        """A stored move of the table's game at ``at`` (by ``seat``, made by ``source``)."""
        index = self.db.execute("SELECT COUNT(*) FROM actions WHERE table_id = ?",
                                (number,)).fetchone()[0]
        self.db.execute("INSERT INTO actions (table_id, idx, seat, action, source, created_at)"
                        " VALUES (?, ?, ?, 'pass', ?, ?)", (number, index, seat, source, stamp(at)))

    def plays(self, number: int, actions: list[str], at: float) -> None:
        """The table's game as stored moves from ``at``, one a second."""
        for index, action in enumerate(actions):
            self.db.execute("INSERT INTO actions (table_id, idx, seat, action, source,"
                            " created_at) VALUES (?, ?, 0, ?, 'computer', ?)",
                            (number, index, action, stamp(at + index)))

    def result(self, number: int, variant: str, at: float, hands: int,
               players: list[tuple[int | None, bool, float | None]],
               counted_at: float | None = None, sides: list[int] | None = None) -> None:
        """A finished game: each seat's (member or None for a computer, won, skill after as
        mu with sigma 7.0); counted into ratings at ``counted_at``; each seat's side
        (``sides``; by default its own)."""
        self.db.execute(
            "INSERT INTO results (table_id, guild_id, variant, players, finished_at,"
            " winner_side, final_scores, hands_played, hand_scores) VALUES (?, ?, ?, ?, ?, 0,"
            " ?, ?, '[]')", (number, GUILD, variant, len(players), stamp(at),
                             json.dumps([0] * len(players)), hands))
        for seat, (user, won, mu) in enumerate(players):
            self.db.execute(
                "INSERT INTO result_players (table_id, seat, side, user_id, computer_level, won)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (number, seat, sides[seat] if sides else seat, user,
                 None if user else "normal", int(won)))
            if counted_at is not None:
                self.db.execute(
                    "INSERT INTO seat_records (table_id, seat, user_id, mu_after, sigma_after)"
                    " VALUES (?, ?, ?, ?, ?)", (number, seat, user, mu, 7.0 if mu else None))
        if counted_at is not None:
            self.db.execute("INSERT INTO rated_results (table_id, rated_at) VALUES (?, ?)",
                            (number, stamp(counted_at)))

    def departure(self, number: int, seat: int, user: int, why: str, at: float,
                  counts: bool = True, mu_after: float | None = None) -> None:
        """A member gone from a seat at ``at`` (a rating change written: ``mu_after``)."""
        self.db.execute(
            "INSERT INTO departures (table_id, seat, user_id, computer_level, why, hand_number,"
            " counts_as_loss, departed_at, mu_after, sigma_after) VALUES (?, ?, ?, 'normal', ?,"
            " 1, ?, ?, ?, ?)", (number, seat, user, why, int(counts), stamp(at), mu_after,
                                7.0 if mu_after else None))

    def setting(self, key: str, value: object) -> None:
        """A server setting stored now."""
        self.db.execute("INSERT INTO guild_settings (guild_id, key, value, updated_at)"
                        " VALUES (?, ?, ?, ?)", (GUILD, key, json.dumps(value), stamp(0)))

    def done(self) -> Path:
        """The store, written."""
        self.db.commit()
        return self.path


def finals(path: Path) -> dict[int, Snapshot]:
    """Each planted table's game replayed to its end (a table some tests plant with a
    seat count its game is not played by has none)."""
    found = {}
    for table in read_tables(path):
        try:
            found[table.id] = replay(table)[-1]
        except IllegalAction:
            continue
    return found


def rival_games(store: Planted, second: float = 200) -> Planted:
    """alice (with a computer partner) beats bob at Euchre, counted at 101; bob beats her
    in a second game finished at ``second``, counted a second later, and goes top."""
    sides = [0, 1, 0, 1]
    for number, at in ((1, 0.0), (2, second - 100)):
        store.table(number, "euchre", ALICE, "finished", at,
                    [(ALICE, None), (BOB, None), (None, "normal"), (None, "normal")])
    store.result(1, "euchre", 100, 3, [(ALICE, True, 26.5), (BOB, False, 19.6),
                                       (None, True, None), (None, False, None)], 101, sides)
    store.result(2, "euchre", second, 3, [(ALICE, False, 20.3), (BOB, True, 28.0),
                                          (None, False, None), (None, True, None)],
                 second + 1, sides)
    return store


def judged(store: Planted, text: str, at: float, member: int = ALICE) -> dict[str, str | None]:
    """Each kind of statement the text makes → the first truth against it (None: all
    true), judged at ``at``."""
    path = store.done()
    found: dict[str, str | None] = {}
    for kind, _, truth in answer_findings(text, member, read_kept(path, finals(path)), at):
        found[kind] = found.get(kind) or truth
    return found
