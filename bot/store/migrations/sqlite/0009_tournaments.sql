-- 0009: tournaments. A tournament seats its registered players at ordinary tables round
-- after round. A table of a tournament round ends after hand_limit scored hands (the round
-- clock may lower it to the hand in progress) and shows event_name ("Euchre night · round
-- 2 · table 1") as its thread's name.
ALTER TABLE tables ADD COLUMN hand_limit INTEGER CHECK (hand_limit IS NULL OR hand_limit > 0);
ALTER TABLE tables ADD COLUMN event_name TEXT;

-- status: signup (Register open), running, paused (the next round waits for Resume),
-- finished (the last round ended) or ended (a moderator ended it early). round: the
-- round in play or last played (0 before the start). starts_at: the planned start, if
-- any; round_ends_at: when the round clock ends the round in play (NULL: no clock, or it
-- has fired). fill: 'computers' or 'bye' for players short of a full table. announced:
-- what the channel was last told ('round 2', 'final'), so a restart posts what it missed.
CREATE TABLE tournaments (
    id             INTEGER PRIMARY KEY,
    guild_id       INTEGER NOT NULL,
    channel_id     INTEGER NOT NULL,
    message_id     INTEGER,
    host_id        INTEGER NOT NULL,
    name           TEXT    NOT NULL,
    variant        TEXT    NOT NULL,
    players        INTEGER NOT NULL CHECK (players > 1),
    options        TEXT    NOT NULL,
    format         TEXT    NOT NULL CHECK (format IN ('progressive', 'swiss')),
    fill           TEXT    NOT NULL CHECK (fill IN ('computers', 'bye')),
    rounds         INTEGER NOT NULL CHECK (rounds > 0),
    hands          INTEGER NOT NULL CHECK (hands > 0),
    round_minutes  INTEGER CHECK (round_minutes IS NULL OR round_minutes > 0),
    seed           INTEGER NOT NULL,
    status         TEXT    NOT NULL DEFAULT 'signup'
                   CHECK (status IN ('signup', 'running', 'paused', 'finished', 'ended')),
    round          INTEGER NOT NULL DEFAULT 0,
    starts_at      TEXT,
    round_ends_at  TEXT,
    created_at     TEXT    NOT NULL,
    finished_at    TEXT,
    announced      TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, status);

-- dropped_after: the round after which a moderator dropped the player (NULL: still in).
CREATE TABLE tournament_players (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id        INTEGER NOT NULL,
    registered_at  TEXT    NOT NULL,
    dropped_after  INTEGER,
    PRIMARY KEY (tournament_id, user_id)
) WITHOUT ROWID;

-- One row per table of a round (seats: JSON list of user ids, null for a computer), and
-- when it is over, what each side scored and each player's lone hands made.
CREATE TABLE tournament_tables (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round          INTEGER NOT NULL CHECK (round > 0),
    table_no       INTEGER NOT NULL CHECK (table_no > 0),
    table_id       INTEGER UNIQUE REFERENCES tables (id),
    seats          TEXT    NOT NULL,
    scores         TEXT,
    loners         TEXT,
    PRIMARY KEY (tournament_id, round, table_no)
) WITHOUT ROWID;

CREATE TABLE tournament_byes (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round          INTEGER NOT NULL CHECK (round > 0),
    user_id        INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, round, user_id)
) WITHOUT ROWID;

-- The final standings, kept for /history and /tournament results (rank, total, and the
-- round scores as JSON).
CREATE TABLE tournament_standings (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id        INTEGER NOT NULL,
    rank           INTEGER NOT NULL,
    total          INTEGER NOT NULL,
    rounds         TEXT    NOT NULL,
    rounds_won     INTEGER NOT NULL,
    loners         INTEGER NOT NULL,
    tie_break      TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (tournament_id, user_id)
) WITHOUT ROWID;
CREATE INDEX tournament_standings_by_user ON tournament_standings (user_id);
