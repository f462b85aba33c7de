-- 0002 (PostgreSQL): skill ratings, each finished game's records per seat, and the mark
-- that a result has been counted. The same schema as the SQLite migration 0002.
CREATE TABLE ratings (
    guild_id        BIGINT  NOT NULL,
    variant         TEXT    NOT NULL,
    user_id         BIGINT,
    computer_level  TEXT,
    mu              DOUBLE PRECISION NOT NULL,
    sigma           DOUBLE PRECISION NOT NULL CHECK (sigma > 0),
    ordinal         DOUBLE PRECISION NOT NULL,
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

CREATE TABLE rated_results (
    table_id  BIGINT  PRIMARY KEY REFERENCES results (table_id) ON DELETE CASCADE,
    rated_at  TEXT    NOT NULL
);

CREATE TABLE seat_records (
    table_id       BIGINT  NOT NULL REFERENCES results (table_id) ON DELETE CASCADE,
    seat           INTEGER NOT NULL CHECK (seat >= 0),
    user_id        BIGINT,
    moons          INTEGER NOT NULL DEFAULT 0 CHECK (moons >= 0),
    loners         INTEGER NOT NULL DEFAULT 0 CHECK (loners >= 0),
    loners_made    INTEGER NOT NULL DEFAULT 0 CHECK (loners_made >= 0),
    jambones       INTEGER NOT NULL DEFAULT 0 CHECK (jambones >= 0),
    jambones_made  INTEGER NOT NULL DEFAULT 0 CHECK (jambones_made >= 0),
    jamborees      INTEGER NOT NULL DEFAULT 0 CHECK (jamborees >= 0),
    euchred        INTEGER NOT NULL DEFAULT 0 CHECK (euchred >= 0),
    mu_before      DOUBLE PRECISION,
    sigma_before   DOUBLE PRECISION,
    mu_after       DOUBLE PRECISION,
    sigma_after    DOUBLE PRECISION,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX seat_records_by_user ON seat_records (user_id) WHERE user_id IS NOT NULL;
