"""What Bower stores about a member in a server, and erasing it.

Erasing removes the member's ratings in the server and replaces them everywhere in its
past games and tournaments (results, seat records, departures, seats and their changes,
moves, hosts, tournament seatings and standings, log entries about them) with a
pseudonym: a negative id that every message shows as "former member". The games stay
whole, so everyone else's records, results and reviews keep adding up. What the member
did as a moderator stays in the moderation log. A member seated at an open table, or
still in a tournament, must leave it first; a wait in the /play queue is dropped. A
pseudonym is never rated.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..database import Database, utc_now
from ..moderation.modlog import ModLogRepository, NewModAction

OPEN = "('lobby', 'playing')"


class PrivacyError(ValueError):
    """Data that cannot be erased right now; the message says why."""


def is_former_member(user_id: int | None) -> bool:
    """Whether an id is the pseudonym of a member who erased their data."""
    return user_id is not None and user_id < 0


@dataclass(frozen=True)
class StoredData:
    """What Bower keeps about one member in one server."""

    ratings: dict[str, int]  # game → finished games on its all-time rating
    rating_rows: int
    games_played: int
    games_left: int
    moves: int
    tables_hosted: int
    closed_unfinished: int  # tables with their seat that closed without a result
    open_tables: tuple[int, ...]
    actions_taken: int
    actions_about: int
    tournaments: int = 0  # tournaments they registered for
    queued: bool = False  # waiting in the /play queue
    lobbies_left: int = 0  # tables whose lobby they sat at and left before the start

    @property
    def empty(self) -> bool:
        """Whether Bower holds nothing about the member here."""
        return not (
            self.rating_rows
            or self.games_played
            or self.games_left
            or self.moves
            or self.tables_hosted
            or self.closed_unfinished
            or self.open_tables
            or self.actions_taken
            or self.actions_about
            or self.tournaments
            or self.queued
            or self.lobbies_left
        )


_TOURNAMENTS = "(SELECT id FROM tournaments WHERE guild_id = ?)"

# (table, column, which rows of the server): every place a member's id is kept with a game.
_GAME_COLUMNS = (
    ("result_players", "user_id", "table_id IN (SELECT table_id FROM results WHERE guild_id = ?)"),
    ("seat_records", "user_id", "table_id IN (SELECT table_id FROM results WHERE guild_id = ?)"),
    ("departures", "user_id", "table_id IN (SELECT id FROM tables WHERE guild_id = ?)"),
    ("actions", "actor_id", "table_id IN (SELECT id FROM tables WHERE guild_id = ?)"),
    ("seat_changes", "user_id", "table_id IN (SELECT id FROM tables WHERE guild_id = ?)"),
    (
        "seats",
        "user_id",
        f"table_id IN (SELECT id FROM tables WHERE guild_id = ? AND status NOT IN {OPEN})",
    ),
    ("tables", "host_id", f"guild_id = ? AND status NOT IN {OPEN}"),
    ("mod_actions", "member_id", "guild_id = ?"),
    ("pairs", "first_id", "guild_id = ?"),
    ("pairs", "second_id", "guild_id = ?"),
    ("rating_changes", "user_id", "guild_id = ?"),
    ("tournament_players", "user_id", f"tournament_id IN {_TOURNAMENTS}"),
    ("tournament_byes", "user_id", f"tournament_id IN {_TOURNAMENTS}"),
    ("tournament_standings", "user_id", f"tournament_id IN {_TOURNAMENTS}"),
    ("tournaments", "host_id", "guild_id = ? AND status IN ('finished', 'ended')"),
)


class PrivacyRepository:
    """Reading and erasing a member's data in one server."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def stored(self, guild_id: int, user_id: int) -> StoredData:
        """A summary of everything kept about the member in the server."""
        ratings = await self.db.fetchall(
            "SELECT variant, games FROM ratings WHERE guild_id = ? AND user_id = ?"
            " AND season = 0 AND players = 0 ORDER BY games DESC, variant",
            (guild_id, user_id),
        )
        return StoredData(
            ratings={row["variant"]: int(row["games"]) for row in ratings},
            rating_rows=await self._count(
                "ratings WHERE guild_id = ? AND user_id = ?", guild_id, user_id
            ),
            games_played=await self._count(
                "result_players p JOIN results r USING (table_id)"
                " WHERE r.guild_id = ? AND p.user_id = ?",
                guild_id,
                user_id,
            ),
            games_left=await self._count(
                "departures d JOIN tables t ON t.id = d.table_id"
                " WHERE t.guild_id = ? AND d.user_id = ?",
                guild_id,
                user_id,
            ),
            moves=await self._count(
                "actions a JOIN tables t ON t.id = a.table_id"
                " WHERE t.guild_id = ? AND a.actor_id = ?",
                guild_id,
                user_id,
            ),
            tables_hosted=await self._count(
                "tables WHERE guild_id = ? AND host_id = ?", guild_id, user_id
            ),
            closed_unfinished=await self._count(
                "seats s JOIN tables t ON t.id = s.table_id WHERE t.guild_id = ?"
                " AND s.user_id = ? AND t.status IN ('cancelled', 'abandoned')",
                guild_id,
                user_id,
            ),
            open_tables=await self.open_tables(guild_id, user_id),
            actions_taken=await self._count(
                "mod_actions WHERE guild_id = ? AND moderator_id = ?", guild_id, user_id
            ),
            actions_about=await self._count(
                "mod_actions WHERE guild_id = ? AND member_id = ?", guild_id, user_id
            ),
            tournaments=await self._count(
                f"tournament_players WHERE tournament_id IN {_TOURNAMENTS} AND user_id = ?",
                guild_id,
                user_id,
            ),
            queued=bool(await self._count(
                "play_queue WHERE guild_id = ? AND user_id = ?", guild_id, user_id
            )),
            lobbies_left=await self._count(
                "(SELECT DISTINCT c.table_id FROM seat_changes c JOIN tables t"
                " ON t.id = c.table_id WHERE t.guild_id = ? AND c.user_id = ?"
                " AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.table_id = c.table_id"
                " AND s.user_id = c.user_id) AND NOT EXISTS (SELECT 1 FROM departures d"
                " WHERE d.table_id = c.table_id AND d.user_id = c.user_id)) AS lobbies",
                guild_id,
                user_id,
            ),
        )

    async def open_tables(self, guild_id: int, user_id: int) -> tuple[int, ...]:
        """The server's open tables (lobby or game) where the member has a seat."""
        rows = await self.db.fetchall(
            "SELECT DISTINCT t.id FROM tables t JOIN seats s ON s.table_id = t.id"
            f" WHERE t.guild_id = ? AND t.status IN {OPEN} AND s.user_id = ? ORDER BY t.id",
            (guild_id, user_id),
        )
        return tuple(int(row["id"]) for row in rows)

    async def erase(self, guild_id: int, user_id: int, *, erased_by: int) -> int:
        """Erase the member's ratings and turn them into a former member in the server's
        past games; returns the pseudonym. A moderator erasing someone else is logged.

        :class:`PrivacyError` while the member is seated at an open table.
        """
        async with self.db.transaction():
            seated = await self.open_tables(guild_id, user_id)
            if seated:
                tables = ", ".join(f"#{t}" for t in seated)
                raise PrivacyError(
                    f"Seated at table {tables}: leave it (or let it finish) first, then erase."
                )
            playing = await self.open_tournaments(guild_id, user_id)
            if playing:
                raise PrivacyError(
                    f"Registered for the tournament {playing[0]}: withdraw (or ask a moderator "
                    "to drop you) first, then erase."
                )
            await self.db.execute(
                "DELETE FROM play_queue WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
            )
            await self.db.execute(
                "DELETE FROM ratings WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
            )
            pseudonym = -await self.db.execute(
                "INSERT INTO former_members (guild_id, erased_at) VALUES (?, ?)",
                (guild_id, utc_now()),
            )
            for table, column, rows in _GAME_COLUMNS:
                await self.db.execute(
                    f"UPDATE {table} SET {column} = ? WHERE {column} = ? AND {rows}",
                    (pseudonym, user_id, guild_id),
                )
            await self._rename_in_seatings(guild_id, user_id, pseudonym)
            if erased_by != user_id:
                await ModLogRepository(self.db).record(
                    NewModAction(guild_id, "data_deletion", erased_by, member_id=pseudonym)
                )
        return pseudonym

    async def open_tournaments(self, guild_id: int, user_id: int) -> list[str]:
        """The server's tournaments not over yet that the member is still in."""
        rows = await self.db.fetchall(
            "SELECT t.name FROM tournaments t JOIN tournament_players p ON p.tournament_id ="
            " t.id WHERE t.guild_id = ? AND p.user_id = ? AND p.dropped_after IS NULL"
            " AND t.status IN ('signup', 'running', 'paused') ORDER BY t.id",
            (guild_id, user_id),
        )
        return [row["name"] for row in rows]

    async def _rename_in_seatings(self, guild_id: int, user_id: int, pseudonym: int) -> None:
        """The member's seat in past tournament rounds (a JSON list of ids) given to the
        pseudonym, with their lone hands."""
        rows = await self.db.fetchall(
            "SELECT tournament_id, round, table_no, seats, loners FROM tournament_tables"
            f" WHERE tournament_id IN {_TOURNAMENTS}",
            (guild_id,),
        )
        for row in rows:
            seats = json.loads(row["seats"])
            loners = json.loads(row["loners"] or "{}")
            if user_id not in seats and str(user_id) not in loners:
                continue
            seats = [pseudonym if s == user_id else s for s in seats]
            if str(user_id) in loners:
                loners[str(pseudonym)] = loners.pop(str(user_id))
            await self.db.execute(
                "UPDATE tournament_tables SET seats = ?, loners = ?"
                " WHERE tournament_id = ? AND round = ? AND table_no = ?",
                (json.dumps(seats), json.dumps(loners), row["tournament_id"], row["round"],
                 row["table_no"]),
            )

    async def _count(self, source: str, *params: int) -> int:
        row = await self.db.fetchone(f"SELECT COUNT(*) FROM {source}", params)
        return int(row[0]) if row else 0
