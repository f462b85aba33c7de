-- 0004 (PostgreSQL): the computer's opinion of a member's decisions in a finished game.
CREATE TABLE review_opinions (
    table_id    BIGINT  NOT NULL REFERENCES results (table_id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    version     INTEGER NOT NULL,
    opinion     TEXT    NOT NULL CHECK (opinion::jsonb IS NOT NULL),
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (table_id, seat)
);
