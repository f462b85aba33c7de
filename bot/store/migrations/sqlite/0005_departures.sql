-- 0005: members who left a game in progress, so that leaving cannot dodge a rating.
-- why: 'left' (/table leave), 'timeouts' (a computer held their hand after repeated
-- timeouts; returned_at is set if they took it back), 'replaced' (a moderator's
-- /table replace). counts_as_loss is the server's leaver_penalty at that moment (what the
-- member was told). computer_level is the computer that took the seat. hand_number is the
-- hand in progress (from 1). The rating before and after are written when the result is
-- counted, in the same transaction as its rated_results mark.
CREATE TABLE departures (
    id              INTEGER PRIMARY KEY,
    table_id        INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat            INTEGER NOT NULL CHECK (seat >= 0),
    user_id         INTEGER NOT NULL,
    computer_level  TEXT    NOT NULL,
    why             TEXT    NOT NULL CHECK (why IN ('left', 'timeouts', 'replaced')),
    hand_number     INTEGER NOT NULL CHECK (hand_number >= 0),
    counts_as_loss  INTEGER NOT NULL CHECK (counts_as_loss IN (0, 1)),
    departed_at     TEXT    NOT NULL,
    returned_at     TEXT,
    mu_before       REAL,
    sigma_before    REAL,
    mu_after        REAL,
    sigma_after     REAL
);
-- A member is gone from a table at most once at a time (a return closes a departure).
CREATE UNIQUE INDEX departures_one_open ON departures (table_id, user_id)
    WHERE returned_at IS NULL;
CREATE INDEX departures_by_user ON departures (user_id, table_id);
