-- 0011 (PostgreSQL): each counted game's change to each member's rating on each board,
-- with the rating before it (see the SQLite migration 0011).
CREATE TABLE rating_changes (
    guild_id            BIGINT  NOT NULL,
    variant             TEXT    NOT NULL,
    season              INTEGER NOT NULL CHECK (season >= 0),
    players             INTEGER NOT NULL CHECK (players >= 0),
    finished_at         TEXT    NOT NULL,
    table_id            BIGINT  NOT NULL REFERENCES results (table_id) ON DELETE CASCADE,
    user_id             BIGINT  NOT NULL,
    ordinal_before      DOUBLE PRECISION,
    games_before        INTEGER NOT NULL CHECK (games_before >= 0),
    last_played_before  TEXT    NOT NULL,
    PRIMARY KEY (guild_id, variant, season, players, finished_at, table_id, user_id)
);
CREATE INDEX rating_changes_of_table ON rating_changes (table_id);
