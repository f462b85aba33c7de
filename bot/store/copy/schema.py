"""The tables to copy, read from the migrated PostgreSQL schema: every table but
``bower_schema``, parents before the tables whose foreign keys name them."""

from __future__ import annotations

from dataclasses import dataclass

from ..backends.postgres import PostgresDatabase

#: The Python type PostgreSQL's binary COPY wants for each column type (None: as read).
KINDS: dict[str, type] = {
    "bigint": int,
    "integer": int,
    "smallint": int,
    "double precision": float,
    "real": float,
    "text": str,
}
VERSION_TABLE = "bower_schema"

_TABLES = (
    "SELECT c.relname FROM pg_class c WHERE c.relkind = 'r'"
    " AND c.relnamespace = current_schema()::regnamespace ORDER BY c.oid"
)
_FOREIGN_KEYS = (
    "SELECT child.relname AS child, parent.relname AS parent FROM pg_constraint k"
    " JOIN pg_class child ON child.oid = k.conrelid"
    " JOIN pg_class parent ON parent.oid = k.confrelid"
    " WHERE k.contype = 'f' AND k.connamespace = current_schema()::regnamespace"
)
_COLUMNS = (
    "SELECT table_name, column_name, data_type, is_identity FROM information_schema.columns"
    " WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position"
)


@dataclass(frozen=True)
class Column:
    """One column: its name, the Python type its values are copied as, and whether it is
    an identity column (whose sequence is advanced past the copied ids)."""

    name: str
    kind: type | None
    identity: bool


@dataclass(frozen=True)
class Table:
    """One table of the schema and its columns, in the target's order."""

    name: str
    columns: tuple[Column, ...]

    @property
    def column_names(self) -> tuple[str, ...]:
        """The columns' names."""
        return tuple(column.name for column in self.columns)


def quoted(name: str) -> str:
    """``name`` as a quoted SQL identifier."""
    return '"' + name.replace('"', '""') + '"'


def in_dependency_order(names: list[str], references: list[tuple[str, str]]) -> list[str]:
    """``names`` (in the order they were created) with every table moved after the tables it
    references (``(child, parent)`` pairs). A table's references to itself need no order:
    its one COPY checks them at its end."""
    parents = {name: {p for c, p in references if c == name and p != name and p in names}
               for name in names}
    ordered: list[str] = []
    while len(ordered) < len(names):
        ready = [n for n in names if n not in ordered and parents[n] <= set(ordered)]
        if not ready:  # a cycle: no order helps, so keep the rest as created
            ready = [n for n in names if n not in ordered]
        ordered.append(ready[0])
    return ordered


async def target_tables(db: PostgresDatabase) -> list[Table]:
    """Every table of Bower's schema in ``db``, parents first."""
    names = [str(row[0]) for row in await db.fetchall(_TABLES) if row[0] != VERSION_TABLE]
    references = [(str(row[0]), str(row[1])) for row in await db.fetchall(_FOREIGN_KEYS)]
    columns: dict[str, list[Column]] = {name: [] for name in names}
    for row in await db.fetchall(_COLUMNS):
        if row["table_name"] in columns:
            columns[row["table_name"]].append(
                Column(row["column_name"], KINDS.get(row["data_type"]), row["is_identity"] == "YES")
            )
    return [
        Table(name, tuple(columns[name])) for name in in_dependency_order(names, references)
    ]
