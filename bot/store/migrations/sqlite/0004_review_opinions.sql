-- 0004: the computer's opinion of a member's decisions in a finished game, computed when
-- first asked for and kept so that a second review is instant. `version` is the
-- analysis's version: an opinion made by an older analysis is computed again.
CREATE TABLE review_opinions (
    table_id    INTEGER NOT NULL REFERENCES results (table_id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    version     INTEGER NOT NULL,
    opinion     TEXT    NOT NULL CHECK (json_valid(opinion)),
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (table_id, seat)
);
