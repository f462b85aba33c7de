"""The repositories' SQL as PostgreSQL reads it."""

from __future__ import annotations

from bot.store.backends.dialect import inserted_id_table, to_postgresql


def test_parameters_are_numbered_in_order() -> None:
    sql = "UPDATE seats SET user_id = ? WHERE table_id = ? AND seat = ?"
    assert to_postgresql(sql) == "UPDATE seats SET user_id = $1 WHERE table_id = $2 AND seat = $3"


def test_null_safe_comparisons_become_distinct_from() -> None:
    sql = "SELECT 1 FROM ratings WHERE user_id IS ? AND computer_level IS NOT ? AND games = ?"
    assert to_postgresql(sql) == (
        "SELECT 1 FROM ratings WHERE user_id IS NOT DISTINCT FROM $1"
        " AND computer_level IS DISTINCT FROM $2 AND games = $3"
    )


def test_question_marks_in_quoted_text_are_left_alone() -> None:
    sql = "SELECT 'who? it''s ?' FROM tables WHERE id = ? AND status IS NULL"
    assert to_postgresql(sql) == (
        "SELECT 'who? it''s ?' FROM tables WHERE id = $1 AND status IS NULL"
    )


def test_an_insert_names_its_table_unless_it_returns_something_itself() -> None:
    assert inserted_id_table("INSERT INTO tables (guild_id) VALUES (?)") == "tables"
    assert inserted_id_table("  insert into mod_actions VALUES (?)") == "mod_actions"
    assert inserted_id_table("INSERT INTO tables (id) VALUES (?) RETURNING id") is None
    assert inserted_id_table("UPDATE tables SET status = ?") is None
