-- 0011: each counted game's change to each member's rating on each board it counts on,
-- with that rating as it stood before the game (NULL ordinal: the member was not on the
-- board yet). A leaderboard reads the board as it stood at an earlier time from these
-- rows: a member whose last game on the board came later stood where their first later
-- row says; everyone else stood where they stand now (see bot/store/standings/moves.py).
-- Kept from this migration on: games counted before it have none.
CREATE TABLE rating_changes (
    guild_id            INTEGER NOT NULL,
    variant             TEXT    NOT NULL,
    season              INTEGER NOT NULL CHECK (season >= 0),
    players             INTEGER NOT NULL CHECK (players >= 0),
    finished_at         TEXT    NOT NULL,
    table_id            INTEGER NOT NULL REFERENCES results (table_id) ON DELETE CASCADE,
    user_id             INTEGER NOT NULL,
    ordinal_before      REAL,
    games_before        INTEGER NOT NULL CHECK (games_before >= 0),
    last_played_before  TEXT    NOT NULL,
    PRIMARY KEY (guild_id, variant, season, players, finished_at, table_id, user_id)
);
CREATE INDEX rating_changes_of_table ON rating_changes (table_id);
