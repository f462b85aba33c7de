"""What the store kept of finished games and how they were counted: each member's part in
each counted result (won or not, their rating after it, when it was counted), the hands
they played, and a board of ratings as it stood at a moment, all read from the rows
(``results``, ``result_players``, ``rated_results``, ``seat_records``, ``departures``)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from tests.truth.stored.settings import Settings, read_settings
from tests.truth.stored.store import epoch


@dataclass(frozen=True)
class Outcome:
    """A member's part in a counted game: whether they won, their rating after it (mu,
    sigma), when the game finished and when it was counted (seconds since the epoch)."""

    table_id: int
    variant: str
    user_id: int
    won: bool
    mu: float
    sigma: float
    finished_at: float
    counted_at: float

    @property
    def ordinal(self) -> float:
        """The cautious skill the rating stands for: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class Played:
    """A finished game a member played (to the end or until they left): its hands."""

    table_id: int
    variant: str
    user_id: int
    hands: int
    finished_at: float


@dataclass(frozen=True)
class Held:
    """A seat a member held to the end of a counted game (rated or not): its side, whether
    it won, and when the game was counted (seconds since the epoch)."""

    table_id: int
    variant: str
    user_id: int
    seat: int
    side: int
    won: bool
    counted_at: float


@dataclass(frozen=True)
class Standing:
    """A member on a board at a moment: games, wins, rating after their latest game."""

    user_id: int
    games: int
    wins: int
    ordinal: float
    sigma: float
    last_played: float


@dataclass
class Ledger:
    """Every counted outcome and every game played, oldest counted first."""

    outcomes: list[Outcome] = field(default_factory=list)
    played: list[Played] = field(default_factory=list)
    settings: Settings = field(default_factory=Settings)
    seasons: int = 0  # seasons started by moderators (0: the first season still runs)
    held: list[Held] = field(default_factory=list)

    def held_by(self, user_id: int, variant: str, at: float) -> list[Held]:
        """The seats the member held to the end of a game's games counted by ``at``."""
        return [h for h in self.held if h.user_id == user_id and h.variant == variant
                and h.counted_at <= at]

    def seated_with(self, table_id: int) -> list[Held]:
        """Every member's seat held to the end of one counted game."""
        return [h for h in self.held if h.table_id == table_id]

    def counted(self, user_id: int, variant: str, at: float) -> list[Outcome]:
        """The member's counted games of a game by ``at``, in the order counted."""
        return [o for o in self.outcomes if o.user_id == user_id and o.variant == variant
                and o.counted_at <= at]

    def standing(self, user_id: int, variant: str, at: float) -> Standing | None:
        """The member's rating in a game as it stood at ``at`` (None: no game counted)."""
        mine = self.counted(user_id, variant, at)
        if not mine:
            return None
        latest = mine[-1]
        return Standing(user_id, len(mine), sum(o.won for o in mine), latest.ordinal,
                        latest.sigma, max(o.finished_at for o in mine))

    def board(self, variant: str, at: float) -> list[Standing]:
        """Everyone rated in a game at ``at``, best first: higher cautious skill, then more
        games, then the lower user id."""
        members = {o.user_id for o in self.outcomes if o.variant == variant
                   and o.counted_at <= at}
        found = [self.standing(member, variant, at) for member in members]
        return sorted((s for s in found if s is not None),
                      key=lambda s: (-s.ordinal, -s.games, s.user_id))

    def variants(self, user_id: int, at: float) -> list[str]:
        """The games the member has a counted game of at ``at``."""
        return sorted({o.variant for o in self.outcomes if o.user_id == user_id
                       and o.counted_at <= at})

    def hands(self, user_id: int, variant: str, at: float) -> int:
        """Hands the member played in a game's finished games by ``at``."""
        return sum(p.hands for p in self.played if p.user_id == user_id
                   and p.variant == variant and p.finished_at <= at)


def read_ledger(path: Path) -> Ledger:
    """The counted outcomes and games played, from the store at ``path``."""
    settings = read_settings(path)
    with sqlite3.connect(path) as db:
        db.row_factory = sqlite3.Row
        results = {row["table_id"]: row for row in db.execute(
            "SELECT r.table_id, r.variant, r.finished_at, r.hands_played, c.rated_at,"
            " t.event_name FROM results r JOIN tables t ON t.id = r.table_id"
            " LEFT JOIN rated_results c USING (table_id)"
            " ORDER BY c.rated_at, r.table_id")}
        players = db.execute("SELECT p.table_id, p.seat, p.user_id, p.won, s.mu_after,"
                             " s.sigma_after FROM result_players p LEFT JOIN seat_records s"
                             " ON s.table_id = p.table_id AND s.seat = p.seat"
                             " WHERE p.user_id IS NOT NULL").fetchall()
        sided = db.execute("SELECT table_id, seat, side, user_id, won FROM result_players"
                           " WHERE user_id IS NOT NULL").fetchall()
        gone = db.execute("SELECT table_id, user_id, hand_number, counts_as_loss, mu_after,"
                          " sigma_after FROM departures WHERE returned_at IS NULL").fetchall()
        seasons = db.execute("SELECT COUNT(*) FROM seasons").fetchone()[0]
    ledger = Ledger(settings=settings, seasons=seasons)
    penalised = {(d["table_id"], d["user_id"]) for d in gone if d["counts_as_loss"]}
    seated = {(p["table_id"], p["user_id"]) for p in players}
    parts: list[tuple[int, int, bool, float | None, float | None]] = [
        (p["table_id"], p["user_id"], bool(p["won"]), p["mu_after"], p["sigma_after"])
        for p in players if (p["table_id"], p["user_id"]) not in penalised]
    parts += [(d["table_id"], d["user_id"], False, d["mu_after"], d["sigma_after"])
              for d in gone if d["counts_as_loss"] and d["table_id"] in results]
    order = {table_id: n for n, table_id in enumerate(results)}
    for table_id, user, won, mu, sigma in sorted(parts, key=lambda x: order.get(x[0], -1)):
        result = results.get(table_id)
        if result is None or result["rated_at"] is None or mu is None or sigma is None:
            continue
        finished = epoch(result["finished_at"])
        if result["event_name"] and not settings.value("rate_tournaments", finished):
            continue  # a tournament's game while the server did not rate them
        ledger.outcomes.append(Outcome(table_id, result["variant"], user, won, mu, sigma,
                                       finished, epoch(result["rated_at"])))
    ledger.held = [Held(h["table_id"], results[h["table_id"]]["variant"], h["user_id"],
                        h["seat"], h["side"], bool(h["won"]),
                        epoch(results[h["table_id"]]["rated_at"]))
                   for h in sided if results[h["table_id"]]["rated_at"] is not None]
    for p in players:
        result = results[p["table_id"]]
        ledger.played.append(Played(p["table_id"], result["variant"], p["user_id"],
                                    result["hands_played"], epoch(result["finished_at"])))
    for d in gone:
        result = results.get(d["table_id"])
        if result is not None and (d["table_id"], d["user_id"]) not in seated:
            ledger.played.append(Played(d["table_id"], result["variant"], d["user_id"],
                                        min(d["hand_number"], result["hands_played"]),
                                        epoch(result["finished_at"])))
    return ledger

