-- 0007 (PostgreSQL): a step a person chose in the same click as an earlier one, made when
-- their turn for it comes (see the SQLite migration 0007).
CREATE TABLE held_steps (
    table_id     BIGINT  NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL CHECK (seat >= 0),
    action       TEXT    NOT NULL,
    hand_number  INTEGER NOT NULL CHECK (hand_number >= 0),
    PRIMARY KEY (table_id, seat)
);
