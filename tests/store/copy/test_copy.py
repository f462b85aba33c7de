"""Copying a SQLite database into PostgreSQL: everything kept, ids and all, new ids after
the copied ones, and every refusal writes nothing."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.ratings.updater import RatingUpdater
from bot.store import Database, ResultRepository, TableRepository
from bot.store.copy import CopyRefused, copy_database
from bot.store.copy.cli import EXIT_REFUSED, main
from bot.store.copy.schema import in_dependency_order
from bot.store.database import load_migrations
from bot.store.moderation.modlog import ModLogRepository, NewModAction
from bot.store.opening import open_database
from bot.store.opinions import OpinionRepository
from bot.store.settings import SettingsRepository
from bot.store.standings.ratings import RatingRepository
from bot.store.standings.seasons import Board
from bot.store.tournaments import KeptStanding, NewTournament, TournamentRepository
from tests.store.helpers import stored_result
from tests.tables.helpers import ALICE, BOB, GUILD, make_service, open_db, play_to_end, started

MOD = 91
ROOT = Path(__file__).resolve().parents[3]
TABLES = 24  # every table of the schema but its version


async def fill(db: Database) -> dict[str, int]:
    """A played and rated game, its rematch, a review opinion, a setting changed (and so
    logged), a moderator's action and a tournament; the ids of the game and the tournament."""
    service = make_service(db)
    try:
        table = await started(service, "euchre", people=(ALICE, BOB), options={"target": 5})
        table = await play_to_end(service, table.id, (ALICE, BOB), rng=random.Random(4))
        assert table.status == "finished"
    finally:
        await service.close()
    await RatingUpdater(db).apply_pending()
    rematch = await TableRepository(db).create(  # refers to the table before it
        guild_id=GUILD, channel_id=2000, host_id=ALICE, variant="euchre", players=4,
        options={}, seed=9, rematch_of=table.id,
    )
    await OpinionRepository(db).put(table.id, 0, 3, {"mistakes": [1, 2]})
    await SettingsRepository(db).set(GUILD, "turn_timer", 60, changed_by=MOD)
    await ModLogRepository(db).record(NewModAction(GUILD, "table_end", MOD, table_id=table.id))
    tournaments = TournamentRepository(db)
    night = await tournaments.create(NewTournament(
        guild_id=GUILD, channel_id=2000, host_id=ALICE, name="Night", variant="euchre",
        players=4, options={}, format="progressive", fill="computers", rounds=1, hands=4,
        seed=5,
    ))
    for user in (ALICE, BOB, 15):
        await tournaments.register(night.id, user)
    await tournaments.seat_round(night.id, 1, [(ALICE, BOB, None, None)], byes=[15])
    await tournaments.set_table(night.id, 1, 1, rematch.id)
    await tournaments.keep_standings([KeptStanding(night.id, ALICE, 1, 10, (10,), 1, 0)])
    return {"table": table.id, "rematch": rematch.id, "tournament": night.id}


@pytest.fixture
async def source(tmp_path: Path) -> tuple[Path, dict[str, int]]:
    """A SQLite database with a bit of everything, closed; the ids in it."""
    path = tmp_path / "bower.sqlite3"
    db = await open_db(path)
    try:
        ids = await fill(db)
    finally:
        await db.close()
    return path, ids


async def everything(db: Database) -> dict[str, list[dict[str, Any]]]:
    """Every row of every table, by column name, in a stable order."""
    rows = await db.fetchall(
        "SELECT name FROM sqlite_master WHERE type = 'table'" if db.dialect == "sqlite" else
        "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
    )
    names = sorted(str(row[0]) for row in rows if row[0] != "bower_schema")
    return {
        name: sorted(
            (dict(zip(row.keys(), tuple(row), strict=True)) for row in
             await db.fetchall(f"SELECT * FROM {name}")),
            key=lambda row: repr(sorted(row.items())),
        )
        for name in names
    }


async def test_everything_is_copied_with_its_ids(
    source: tuple[Path, dict[str, int]], postgres_url: str
) -> None:
    path, ids = source
    report = await copy_database(path, postgres_url)
    assert len(report.counts) == TABLES and report.version == len(load_migrations())
    order = list(report.counts)  # parents first, else as the migrations made them
    assert order[:5] == ["tables", "seats", "actions", "results", "result_players"]
    assert order.index("tournaments") < order.index("tournament_tables")
    assert len(report.lines()) == TABLES + 1 and "Copied" in report.lines()[-1]

    old, new = await open_db(path), await open_database(postgres_url)
    try:
        assert new.dialect == "postgresql"
        assert await everything(new) == await everything(old)
        assert all(report.counts[name] == len(rows) for name, rows in
                   (await everything(old)).items())
        for db in (old, new):  # read alike through the repositories
            [result] = await ResultRepository(db).for_guild(GUILD)
            assert result.table_id == ids["table"]
        assert await ResultRepository(new).for_guild(GUILD) == await ResultRepository(
            old
        ).for_guild(GUILD)
        alice = await RatingRepository(new).get(GUILD, "euchre", Board(1), user_id=ALICE)
        assert alice is not None and alice.games == 1
        assert alice == await RatingRepository(old).get(GUILD, "euchre", Board(1), user_id=ALICE)
        assert await OpinionRepository(new).get(ids["table"], 0, 3) == {"mistakes": [1, 2]}
        log = await ModLogRepository(new).page(GUILD)
        assert [a.kind for a in log] == ["table_end", "setting"]
        assert log == await ModLogRepository(old).page(GUILD)
        tournaments = TournamentRepository(new)
        assert await tournaments.tournament_of_table(ids["rematch"]) == (ids["tournament"], 1,
                                                                         False)
        assert await tournaments.byes(ids["tournament"]) == {1: (15,)}
        assert await tournaments.kept_standings(ids["tournament"]) == (
            await TournamentRepository(old).kept_standings(ids["tournament"]))

        # new rows get ids after the copied ones
        table = await TableRepository(new).create(
            guild_id=GUILD, channel_id=2000, host_id=BOB, variant="euchre", players=4,
            options={}, seed=1,
        )
        assert table.id == ids["rematch"] + 1
        entry = await ModLogRepository(new).record(NewModAction(GUILD, "table_end", MOD))
        assert entry.id == max(a.id for a in log) + 1
        night = await tournaments.create(NewTournament(
            guild_id=GUILD, channel_id=2000, host_id=ALICE, name="Next", variant="euchre",
            players=4, options={}, format="swiss", fill="bye", rounds=1, hands=4, seed=6,
        ))
        assert night.id == ids["tournament"] + 1
    finally:
        await old.close()
        await new.close()


async def test_a_second_copy_is_refused_and_changes_nothing(
    source: tuple[Path, dict[str, int]], postgres_url: str
) -> None:
    path, _ = source
    await copy_database(path, postgres_url)
    db = await open_database(postgres_url)
    try:
        before = await everything(db)
    finally:
        await db.close()
    with pytest.raises(CopyRefused, match="already holds data"):
        await copy_database(path, postgres_url)
    db = await open_database(postgres_url)
    try:
        assert await everything(db) == before
    finally:
        await db.close()


async def test_an_older_source_is_brought_up_to_date_then_copied(
    tmp_path: Path, postgres_url: str
) -> None:
    path = tmp_path / "old.sqlite3"
    db = await open_database(path, migrations=load_migrations()[:4])
    await stored_result(db, (ALICE,), (BOB,))
    await db.close()
    report = await copy_database(path, postgres_url)
    assert (report.version, report.counts["results"], report.counts["result_players"]) == (
        len(load_migrations()), 1, 4)


def test_tables_come_after_the_tables_they_refer_to() -> None:
    references = [("b", "c"), ("a", "a"), ("c", "a"), ("d", "x")]
    assert in_dependency_order(["a", "b", "c", "d"], references) == ["a", "c", "b", "d"]


def test_a_missing_source_is_refused_and_not_created(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nowhere" / "bower.sqlite3"
    status = main(["--from", str(missing), "--to", "postgresql://bower:secret@127.0.0.1:1/x"])
    assert status == EXIT_REFUSED
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no such file" in err
    assert not missing.exists() and not missing.parent.exists()


def test_files_that_are_not_bowers_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    junk, other = tmp_path / "junk.sqlite3", tmp_path / "other.sqlite3"
    newer = tmp_path / "newer.sqlite3"
    junk.write_text("not a database " * 100)
    for path, sql in ((other, "CREATE TABLE notes (text TEXT)"),
                      (newer, "CREATE TABLE tables (id INTEGER); PRAGMA user_version = 99")):
        conn = sqlite3.connect(path)
        conn.executescript(sql)
        conn.close()
    to = "postgresql://bower@127.0.0.1:1/x"
    assert main(["--from", str(junk), "--to", to]) == EXIT_REFUSED
    assert "not a SQLite database" in capsys.readouterr().err
    assert main(["--from", str(other), "--to", to]) == EXIT_REFUSED
    assert "not Bower's" in capsys.readouterr().err
    assert main(["--from", str(newer), "--to", to]) == EXIT_REFUSED
    assert "schema version 99, newer than" in capsys.readouterr().err
    assert main(["--from", str(other), "--to", str(tmp_path / "x.sqlite3")]) == EXIT_REFUSED
    assert "not a postgresql:// URL" in capsys.readouterr().err
    assert not (tmp_path / "x.sqlite3").exists()


def test_an_unreachable_target_is_refused_without_its_password(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bower.sqlite3"
    asyncio.run(_empty(path))
    status = main(["--from", str(path), "--to", "postgresql://bower:s3cret@127.0.0.1:1/bower"])
    assert status == EXIT_REFUSED
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no PostgreSQL server answers" in err
    assert "s3cret" not in err and "bower:***@127.0.0.1:1" in err


async def _empty(path: Path) -> None:
    await (await open_db(path)).close()


async def test_the_command_prints_each_tables_count(
    source: tuple[Path, dict[str, int]], postgres_url: str
) -> None:
    path, _ = source
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.store.copy", "--from", str(path), "--to", postgres_url,
        cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), timeout=60)
    assert process.returncode == 0, err.decode()
    lines = out.decode().splitlines()
    assert len(lines) == TABLES + 1
    assert lines[0].split() == ["tables", "2"]
    assert lines[-1].startswith("Copied ") and f"{TABLES} tables" in lines[-1]
