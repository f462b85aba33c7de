-- 0001: tables and their seats and action logs, finished results, guild settings.
-- Timestamps are ISO 8601 UTC text; JSON columns are checked with json_valid.

CREATE TABLE tables (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    thread_id   INTEGER,
    message_id  INTEGER,                       -- the public table message
    host_id     INTEGER NOT NULL,
    variant     TEXT    NOT NULL,
    players     INTEGER NOT NULL CHECK (players > 0),
    options     TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
    seed        INTEGER NOT NULL,
    status      TEXT    NOT NULL
                CHECK (status IN ('lobby', 'playing', 'finished', 'abandoned', 'cancelled')),
    rematch_of  INTEGER REFERENCES tables (id),
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL
);
CREATE INDEX tables_by_status ON tables (status);
CREATE INDEX tables_by_guild ON tables (guild_id, status);
CREATE INDEX tables_by_channel ON tables (channel_id, status);
CREATE UNIQUE INDEX tables_one_rematch ON tables (rematch_of) WHERE rematch_of IS NOT NULL;

-- One row per seat, empty seats included. A person: user_id only. A computer player:
-- computer_level only. A computer standing in for a person who timed out: both, standin = 1.
CREATE TABLE seats (
    table_id        INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat            INTEGER NOT NULL CHECK (seat >= 0),
    user_id         INTEGER,
    computer_level  TEXT,
    standin         INTEGER NOT NULL DEFAULT 0 CHECK (standin IN (0, 1)),
    timeouts        INTEGER NOT NULL DEFAULT 0 CHECK (timeouts >= 0),
    PRIMARY KEY (table_id, seat),
    CHECK (standin = 0 OR (user_id IS NOT NULL AND computer_level IS NOT NULL)),
    CHECK (standin = 1 OR user_id IS NULL OR computer_level IS NULL)
);
CREATE UNIQUE INDEX seats_one_per_user ON seats (table_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL;

-- The action log: idx counts from 0; the primary key makes a duplicate apply impossible.
-- source: 'person' (the seated user), 'computer' (a computer seat), 'timeout' (a computer
-- moving for a person whose timer ran out), 'standin' (a computer holding a person's hand).
CREATE TABLE actions (
    table_id    INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    idx         INTEGER NOT NULL CHECK (idx >= 0),
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    action      TEXT    NOT NULL,
    source      TEXT    NOT NULL CHECK (source IN ('person', 'computer', 'timeout', 'standin')),
    actor_id    INTEGER,                       -- the user who acted; NULL for a computer
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (table_id, idx)
) WITHOUT ROWID;

-- A finished game, recorded exactly once (the primary key is the table).
CREATE TABLE results (
    table_id      INTEGER PRIMARY KEY REFERENCES tables (id),
    guild_id      INTEGER NOT NULL,
    variant       TEXT    NOT NULL,
    players       INTEGER NOT NULL,
    finished_at   TEXT    NOT NULL,
    winner_side   INTEGER,
    final_scores  TEXT    NOT NULL CHECK (json_valid(final_scores)),
    hands_played  INTEGER NOT NULL CHECK (hands_played >= 0),
    hand_scores   TEXT    NOT NULL CHECK (json_valid(hand_scores))   -- [[points per side], ...]
);
CREATE INDEX results_by_guild ON results (guild_id, variant, finished_at);

-- Who played a finished game: user_id NULL and computer_level set for a computer seat;
-- standin = 1 when a computer was holding the person's hand at the end.
CREATE TABLE result_players (
    table_id        INTEGER NOT NULL REFERENCES results (table_id) ON DELETE CASCADE,
    seat            INTEGER NOT NULL CHECK (seat >= 0),
    side            INTEGER NOT NULL CHECK (side >= 0),
    user_id         INTEGER,
    computer_level  TEXT,
    standin         INTEGER NOT NULL DEFAULT 0 CHECK (standin IN (0, 1)),
    won             INTEGER NOT NULL CHECK (won IN (0, 1)),
    PRIMARY KEY (table_id, seat),
    CHECK (user_id IS NOT NULL OR computer_level IS NOT NULL)
);
CREATE INDEX result_players_by_user ON result_players (user_id) WHERE user_id IS NOT NULL;

-- Moderator settings: one JSON value per (guild, key); keys and values are validated in
-- bot/store/guild_settings.py before they are written.
CREATE TABLE guild_settings (
    guild_id    INTEGER NOT NULL,
    key         TEXT    NOT NULL,
    value       TEXT    NOT NULL CHECK (json_valid(value)),
    updated_by  INTEGER,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (guild_id, key)
);

-- Every settings change: old and new values (NULL old: was the default; NULL new: reset).
CREATE TABLE settings_log (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    key         TEXT    NOT NULL,
    old_value   TEXT    CHECK (old_value IS NULL OR json_valid(old_value)),
    new_value   TEXT    CHECK (new_value IS NULL OR json_valid(new_value)),
    changed_by  INTEGER,
    changed_at  TEXT    NOT NULL
);
CREATE INDEX settings_log_by_guild ON settings_log (guild_id, id);
