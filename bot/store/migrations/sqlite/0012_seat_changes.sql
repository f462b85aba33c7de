-- 0012: when each seat changed hands, so that the record says who held each seat at any
-- moment before a game started. A row says who holds the seat from changed_at on: a
-- member (user_id), a computer (computer_level), or nobody (both NULL: given up). Written
-- with the seats a table opens with and with every change of a lobby seat (a member joins
-- or leaves, a computer is added, the host empties a seat), in the same transaction.
-- Kept from this migration on: tables opened before it have none.
CREATE TABLE seat_changes (
    id              INTEGER PRIMARY KEY,
    table_id        INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat            INTEGER NOT NULL CHECK (seat >= 0),
    user_id         INTEGER,
    computer_level  TEXT,
    changed_at      TEXT    NOT NULL
);
CREATE INDEX seat_changes_of_table ON seat_changes (table_id, id);
