-- 0007: a step a person chose in the same click as an earlier one, to be made when their
-- turn for it comes (Railroad's "Order up alone": the maker's "alone" waits for the
-- dealer's discard). At most one per seat; hand_number is the hand it belongs to, and the
-- row goes in the same transaction as the action that makes it (or replaces it).
CREATE TABLE held_steps (
    table_id     INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL CHECK (seat >= 0),
    action       TEXT    NOT NULL,
    hand_number  INTEGER NOT NULL CHECK (hand_number >= 0),
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;
