"""Tournaments: their settings, registered players, each round's tables and byes, and the
final standings (see migration 0009)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from .database import INTEGRITY_ERRORS, Database, Row, utc_now

TournamentStatus = Literal["signup", "running", "paused", "finished", "ended"]
Format = Literal["progressive", "swiss"]
#: Players short of a full table: computers fill the seats, or they sit the round out.
Fill = Literal["computers", "bye"]
OPEN_TOURNAMENT: tuple[TournamentStatus, ...] = ("signup", "running", "paused")


@dataclass(frozen=True)
class NewTournament:
    """What /tournament create stores: what is played and how."""

    guild_id: int
    channel_id: int
    host_id: int
    name: str
    variant: str
    players: int
    options: Mapping[str, Any]
    format: Format
    fill: Fill
    rounds: int
    hands: int
    seed: int
    round_minutes: int | None = None
    starts_at: str | None = None


@dataclass(frozen=True, kw_only=True)
class TournamentRecord(NewTournament):
    """A stored tournament: what was created, and how far it has come."""

    id: int
    message_id: int | None
    status: TournamentStatus
    round: int
    round_ends_at: str | None
    created_at: str
    finished_at: str | None = None
    #: What the channel was last told: ``round 2``, ``final`` (``""``: nothing yet).
    announced: str = ""

    @property
    def is_open(self) -> bool:
        """Signing up, running or paused."""
        return self.status in OPEN_TOURNAMENT


@dataclass(frozen=True)
class RoundTable:
    """One table of a round: its seats (user ids, None for a computer), its table once
    opened, and once over what each side scored and each player's lone hands."""

    round: int
    table_no: int
    seats: tuple[int | None, ...]
    table_id: int | None = None
    scores: tuple[int, ...] | None = None
    loners: Mapping[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class KeptStanding:
    """A player's line in a tournament's final standings, as kept."""

    tournament_id: int
    user_id: int
    rank: int
    total: int
    rounds: tuple[int, ...]
    rounds_won: int
    loners: int
    tie_break: str = ""


class TournamentRepository:
    """Reads and writes tournaments (each method its own transaction unless wrapped)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def create(self, new: NewTournament) -> TournamentRecord:
        """Store a tournament open for sign-up."""
        tournament_id = await self.db.execute(
            "INSERT INTO tournaments (guild_id, channel_id, host_id, name, variant, players,"
            " options, format, fill, rounds, hands, round_minutes, seed, starts_at, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (new.guild_id, new.channel_id, new.host_id, new.name, new.variant, new.players,
             json.dumps(dict(new.options)), new.format, new.fill, new.rounds, new.hands,
             new.round_minutes, new.seed, new.starts_at, utc_now()),
        )
        record = await self.get(tournament_id)
        assert record is not None
        return record

    async def get(self, tournament_id: int) -> TournamentRecord | None:
        """The tournament with this id, or None."""
        row = await self.db.fetchone("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
        return _tournament(row) if row else None

    async def of_guild(
        self, guild_id: int, statuses: Sequence[TournamentStatus] | None = None
    ) -> list[TournamentRecord]:
        """The server's tournaments (in ``statuses``), newest first."""
        wanted = list(statuses or ("signup", "running", "paused", "finished", "ended"))
        marks = ", ".join("?" * len(wanted))
        rows = await self.db.fetchall(
            f"SELECT * FROM tournaments WHERE guild_id = ? AND status IN ({marks})"
            " ORDER BY id DESC",
            (guild_id, *wanted),
        )
        return [_tournament(row) for row in rows]

    async def open_ones(self) -> list[TournamentRecord]:
        """Every tournament signing up, running or paused (to resume at start-up)."""
        rows = await self.db.fetchall(
            "SELECT * FROM tournaments WHERE status IN ('signup', 'running', 'paused')"
            " ORDER BY id"
        )
        return [_tournament(row) for row in rows]

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        """Note the sign-up message."""
        await self.db.execute(
            "UPDATE tournaments SET message_id = ? WHERE id = ?", (message_id, tournament_id)
        )

    async def set_state(
        self,
        tournament_id: int,
        status: TournamentStatus,
        round_number: int,
        round_ends_at: str | None,
    ) -> None:
        """The tournament's status, round and round clock."""
        finished = utc_now() if status in ("finished", "ended") else None
        await self.db.execute(
            "UPDATE tournaments SET status = ?, round = ?, round_ends_at = ?,"
            " finished_at = coalesce(?, finished_at) WHERE id = ?",
            (status, round_number, round_ends_at, finished, tournament_id),
        )

    async def forget_start(self, tournament_id: int) -> None:
        """The planned start time came (started or not, it does not come again)."""
        await self.db.execute(
            "UPDATE tournaments SET starts_at = NULL WHERE id = ?", (tournament_id,)
        )

    async def set_announced(self, tournament_id: int, what: str) -> None:
        """Note what the channel has now been told (``round 2``, ``final``)."""
        await self.db.execute(
            "UPDATE tournaments SET announced = ? WHERE id = ?", (what, tournament_id)
        )

    async def unannounced(self) -> list[TournamentRecord]:
        """Tournaments whose channel has not been told their present round or their end."""
        rows = await self.db.fetchall(
            "SELECT * FROM tournaments WHERE (status IN ('running', 'paused') AND round > 0"
            " AND announced != 'round ' || round) OR (status IN ('finished', 'ended')"
            " AND announced != 'final') ORDER BY id"
        )
        return [_tournament(row) for row in rows]

    # ----- players ---------------------------------------------------------------------
    async def register(self, tournament_id: int, user_id: int) -> bool:
        """Add a player; False if they were already registered."""
        try:
            await self.db.execute(
                "INSERT INTO tournament_players (tournament_id, user_id, registered_at)"
                " VALUES (?, ?, ?)",
                (tournament_id, user_id, utc_now()),
            )
        except INTEGRITY_ERRORS:
            return False
        return True

    async def withdraw(self, tournament_id: int, user_id: int) -> bool:
        """Remove a player before the start; False if they were not registered."""
        removed = await self.db.changes(
            "DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?",
            (tournament_id, user_id),
        )
        return removed > 0

    async def drop(self, tournament_id: int, user_id: int, after_round: int) -> bool:
        """Take a player out of the rounds after ``after_round``; False if not in."""
        dropped = await self.db.changes(
            "UPDATE tournament_players SET dropped_after = ?"
            " WHERE tournament_id = ? AND user_id = ? AND dropped_after IS NULL",
            (after_round, tournament_id, user_id),
        )
        return dropped > 0

    async def players(self, tournament_id: int, *, active: bool = False) -> list[int]:
        """Registered players in order of registration (``active``: not dropped)."""
        rows = await self.db.fetchall(
            "SELECT user_id FROM tournament_players WHERE tournament_id = ?"
            + (" AND dropped_after IS NULL" if active else "")
            + " ORDER BY registered_at, user_id",
            (tournament_id,),
        )
        return [row["user_id"] for row in rows]

    # ----- rounds ------------------------------------------------------------------------
    async def seat_round(
        self, tournament_id: int, round_number: int,
        tables: Sequence[Sequence[int | None]], byes: Sequence[int],
    ) -> None:
        """Store a round's seating (its tables not yet opened) and byes."""
        for table_no, seats in enumerate(tables, start=1):
            await self.db.execute(
                "INSERT INTO tournament_tables (tournament_id, round, table_no, seats)"
                " VALUES (?, ?, ?, ?)",
                (tournament_id, round_number, table_no, json.dumps(list(seats))),
            )
        for user_id in byes:
            await self.db.execute(
                "INSERT INTO tournament_byes (tournament_id, round, user_id) VALUES (?, ?, ?)",
                (tournament_id, round_number, user_id),
            )

    async def set_table(
        self, tournament_id: int, round_number: int, table_no: int, table_id: int
    ) -> None:
        """Note the table opened for a seat of the round."""
        await self.db.execute(
            "UPDATE tournament_tables SET table_id = ?"
            " WHERE tournament_id = ? AND round = ? AND table_no = ?",
            (table_id, tournament_id, round_number, table_no),
        )

    async def set_result(
        self, table_id: int, scores: Sequence[int], loners: Mapping[int, int]
    ) -> bool:
        """What a round's table scored (once: False if it was already noted)."""
        noted = await self.db.changes(
            "UPDATE tournament_tables SET scores = ?, loners = ?"
            " WHERE table_id = ? AND scores IS NULL",
            (json.dumps(list(scores)), json.dumps({str(k): v for k, v in loners.items()}),
             table_id),
        )
        return noted > 0

    async def tournament_of_table(self, table_id: int) -> tuple[int, int, bool] | None:
        """(tournament id, round, whether its scores are noted) of a round's table."""
        row = await self.db.fetchone(
            "SELECT tournament_id, round, scores IS NOT NULL AS scored FROM tournament_tables"
            " WHERE table_id = ?",
            (table_id,),
        )
        return (row["tournament_id"], row["round"], bool(row["scored"])) if row else None

    async def round_tables(self, tournament_id: int, round_number: int) -> list[RoundTable]:
        """The tables of one round, table 1 first."""
        rows = await self.db.fetchall(
            "SELECT * FROM tournament_tables WHERE tournament_id = ? AND round = ?"
            " ORDER BY table_no",
            (tournament_id, round_number),
        )
        return [_round_table(row) for row in rows]

    async def all_tables(self, tournament_id: int) -> list[RoundTable]:
        """Every table of every round, in order."""
        rows = await self.db.fetchall(
            "SELECT * FROM tournament_tables WHERE tournament_id = ? ORDER BY round, table_no",
            (tournament_id,),
        )
        return [_round_table(row) for row in rows]

    async def byes(self, tournament_id: int) -> dict[int, tuple[int, ...]]:
        """Round → the players who sat it out."""
        rows = await self.db.fetchall(
            "SELECT round, user_id FROM tournament_byes WHERE tournament_id = ?"
            " ORDER BY round, user_id",
            (tournament_id,),
        )
        found: dict[int, list[int]] = {}
        for row in rows:
            found.setdefault(row["round"], []).append(row["user_id"])
        return {r: tuple(users) for r, users in found.items()}

    # ----- final standings -----------------------------------------------------------------
    async def keep_standings(self, lines: Sequence[KeptStanding]) -> None:
        """Keep the final standings (once; a second call changes nothing)."""
        for line in lines:
            await self.db.execute(
                "INSERT INTO tournament_standings (tournament_id, user_id, rank, total,"
                " rounds, rounds_won, loners, tie_break) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT DO NOTHING",
                (line.tournament_id, line.user_id, line.rank, line.total,
                 json.dumps(list(line.rounds)), line.rounds_won, line.loners, line.tie_break),
            )

    async def kept_standings(self, tournament_id: int) -> list[KeptStanding]:
        """A finished tournament's final standings, first place first."""
        rows = await self.db.fetchall(
            "SELECT * FROM tournament_standings WHERE tournament_id = ? ORDER BY rank, total"
            " DESC, user_id",
            (tournament_id,),
        )
        return [_kept(row) for row in rows]

    async def placings_of(
        self, user_id: int, guild_id: int
    ) -> list[tuple[TournamentRecord, KeptStanding, int]]:
        """A player's finished tournaments in a server, newest first: the tournament, their
        line and how many ranked."""
        rows = await self.db.fetchall(
            "SELECT t.*, s.user_id AS s_user, s.rank AS s_rank, s.total AS s_total,"
            " s.rounds AS s_rounds, s.rounds_won AS s_won, s.loners AS s_loners,"
            " s.tie_break AS s_tie,"
            " (SELECT count(*) FROM tournament_standings c WHERE c.tournament_id = t.id) AS ranked"
            " FROM tournament_standings s JOIN tournaments t ON t.id = s.tournament_id"
            " WHERE s.user_id = ? AND t.guild_id = ? ORDER BY t.id DESC",
            (user_id, guild_id),
        )
        return [
            (
                _tournament(row),
                KeptStanding(row["id"], row["s_user"], row["s_rank"], row["s_total"],
                             tuple(json.loads(row["s_rounds"])), row["s_won"], row["s_loners"],
                             row["s_tie"]),
                row["ranked"],
            )
            for row in rows
        ]


def _tournament(row: Row) -> TournamentRecord:
    return TournamentRecord(
        id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"],
        message_id=row["message_id"], host_id=row["host_id"], name=row["name"],
        variant=row["variant"], players=row["players"], options=json.loads(row["options"]),
        format=row["format"], fill=row["fill"], rounds=row["rounds"], hands=row["hands"],
        round_minutes=row["round_minutes"], seed=row["seed"], status=row["status"],
        round=row["round"], starts_at=row["starts_at"], round_ends_at=row["round_ends_at"],
        created_at=row["created_at"], finished_at=row["finished_at"],
        announced=row["announced"],
    )


def _round_table(row: Row) -> RoundTable:
    scores = row["scores"]
    return RoundTable(
        round=row["round"],
        table_no=row["table_no"],
        seats=tuple(json.loads(row["seats"])),
        table_id=row["table_id"],
        scores=tuple(json.loads(scores)) if scores is not None else None,
        loners={int(k): v for k, v in json.loads(row["loners"] or "{}").items()},
    )


def _kept(row: Row) -> KeptStanding:
    return KeptStanding(
        tournament_id=row["tournament_id"], user_id=row["user_id"], rank=row["rank"],
        total=row["total"], rounds=tuple(json.loads(row["rounds"])),
        rounds_won=row["rounds_won"], loners=row["loners"], tie_break=row["tie_break"],
    )
