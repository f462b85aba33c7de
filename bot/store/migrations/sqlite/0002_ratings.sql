-- 0002: skill ratings per server and game, each finished game's records per seat, and the
-- mark that a result has been counted (so that it is counted exactly once).

-- One rating per (guild, game, player). A player is a person (user_id) or a computer level
-- (computer_level) whose mu and sigma are fixed in code and never change; its row only
-- counts games and wins. ordinal = mu - 3 sigma, the cautious skill leaderboards sort by.
CREATE TABLE ratings (
    guild_id        INTEGER NOT NULL,
    variant         TEXT    NOT NULL,
    user_id         INTEGER,
    computer_level  TEXT,
    mu              REAL    NOT NULL,
    sigma           REAL    NOT NULL CHECK (sigma > 0),
    ordinal         REAL    NOT NULL,
    games           INTEGER NOT NULL DEFAULT 0 CHECK (games >= 0),
    wins            INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0 AND wins <= games),
    updated_at      TEXT    NOT NULL,
    CHECK ((user_id IS NULL) <> (computer_level IS NULL))
);
CREATE UNIQUE INDEX ratings_person ON ratings (guild_id, variant, user_id)
    WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX ratings_computer ON ratings (guild_id, variant, computer_level)
    WHERE computer_level IS NOT NULL;
CREATE INDEX ratings_board ON ratings (guild_id, variant, ordinal DESC)
    WHERE user_id IS NOT NULL;

-- A result whose ratings and records are applied. Written in the same transaction as the
-- ratings and seat_records it caused, so that a result is counted once, even across a
-- restart. Results recorded before this migration are rated on the next start.
CREATE TABLE rated_results (
    table_id  INTEGER PRIMARY KEY REFERENCES results (table_id) ON DELETE CASCADE,
    rated_at  TEXT    NOT NULL
);

-- One row per seat of a rated result: what the seat achieved in that game (derived from
-- the replayed action log) and, for a person, their rating before and after it.
-- loners / jambones count the hands declared, *_made those the makers won; euchred counts
-- hands the seat made trump (or bid) and was set.
CREATE TABLE seat_records (
    table_id       INTEGER NOT NULL REFERENCES results (table_id) ON DELETE CASCADE,
    seat           INTEGER NOT NULL CHECK (seat >= 0),
    user_id        INTEGER,
    moons          INTEGER NOT NULL DEFAULT 0 CHECK (moons >= 0),
    loners         INTEGER NOT NULL DEFAULT 0 CHECK (loners >= 0),
    loners_made    INTEGER NOT NULL DEFAULT 0 CHECK (loners_made >= 0),
    jambones       INTEGER NOT NULL DEFAULT 0 CHECK (jambones >= 0),
    jambones_made  INTEGER NOT NULL DEFAULT 0 CHECK (jambones_made >= 0),
    jamborees      INTEGER NOT NULL DEFAULT 0 CHECK (jamborees >= 0),
    euchred        INTEGER NOT NULL DEFAULT 0 CHECK (euchred >= 0),
    mu_before      REAL,
    sigma_before   REAL,
    mu_after       REAL,
    sigma_after    REAL,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX seat_records_by_user ON seat_records (user_id) WHERE user_id IS NOT NULL;
