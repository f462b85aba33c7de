-- 0006: seasons and boards of ratings, the moderation log, and members who erased their
-- data.

-- A server's seasons. Season 1 runs from the server's first game and has a row only once
-- a moderator starts season 2 (/season start closes the current season: ended_at).
-- A result counts in the season that was current when it finished.
CREATE TABLE seasons (
    guild_id    INTEGER NOT NULL,
    number      INTEGER NOT NULL CHECK (number >= 1),
    name        TEXT    NOT NULL,
    started_at  TEXT    NOT NULL,              -- '' for season 1: since the beginning
    ended_at    TEXT,
    started_by  INTEGER,
    PRIMARY KEY (guild_id, number)
);

-- Ratings are kept per board: a season (season >= 1) or all time (season = 0), every
-- player count (players = 0) or one (players = n, for games played at several counts).
-- last_played is when the player's latest counted game on the board finished (what the
-- server's inactive_days measures). Rows before this migration become both the all-time
-- and the season 1 boards of every player count.
CREATE TABLE ratings_by_board (
    guild_id        INTEGER NOT NULL,
    variant         TEXT    NOT NULL,
    season          INTEGER NOT NULL CHECK (season >= 0),
    players         INTEGER NOT NULL CHECK (players >= 0),
    user_id         INTEGER,
    computer_level  TEXT,
    mu              REAL    NOT NULL,
    sigma           REAL    NOT NULL CHECK (sigma > 0),
    ordinal         REAL    NOT NULL,
    games           INTEGER NOT NULL DEFAULT 0 CHECK (games >= 0),
    wins            INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0 AND wins <= games),
    last_played     TEXT    NOT NULL,
    updated_at      TEXT    NOT NULL,
    CHECK ((user_id IS NULL) <> (computer_level IS NULL))
);
INSERT INTO ratings_by_board (guild_id, variant, season, players, user_id, computer_level, mu,
    sigma, ordinal, games, wins, last_played, updated_at)
SELECT guild_id, variant, season, 0, user_id, computer_level, mu, sigma, ordinal, games, wins,
    updated_at, updated_at
FROM ratings, (SELECT 0 AS season UNION ALL SELECT 1);
DROP TABLE ratings;
ALTER TABLE ratings_by_board RENAME TO ratings;
CREATE UNIQUE INDEX ratings_person ON ratings (guild_id, variant, season, players, user_id)
    WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX ratings_computer
    ON ratings (guild_id, variant, season, players, computer_level)
    WHERE computer_level IS NOT NULL;
CREATE INDEX ratings_board
    ON ratings (guild_id, variant, season, players, ordinal DESC, games DESC, user_id)
    WHERE user_id IS NOT NULL;
CREATE INDEX ratings_of_member ON ratings (guild_id, user_id) WHERE user_id IS NOT NULL;

-- The season a counted result went into.
ALTER TABLE rated_results ADD COLUMN season INTEGER NOT NULL DEFAULT 1;

-- Every moderator action: who, when, what, and the table or member concerned. kind:
-- 'setting' (detail: key, old, new; NULL old: was the default, NULL new: reset),
-- 'table_end', 'table_replace', 'season_start', 'rating_reset', 'data_deletion'.
-- The settings log of earlier versions is carried over and replaced by it.
CREATE TABLE mod_actions (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    moderator_id  INTEGER,
    kind          TEXT    NOT NULL CHECK (kind IN ('setting', 'table_end', 'table_replace',
                      'season_start', 'rating_reset', 'data_deletion')),
    table_id      INTEGER,
    member_id     INTEGER,
    detail        TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(detail)),
    created_at    TEXT    NOT NULL
);
INSERT INTO mod_actions (guild_id, moderator_id, kind, detail, created_at)
SELECT guild_id, changed_by, 'setting',
    json_object('key', key, 'old', json(old_value), 'new', json(new_value)), changed_at
FROM settings_log ORDER BY id;
DROP TABLE settings_log;
CREATE INDEX mod_actions_by_guild ON mod_actions (guild_id, id);
CREATE INDEX mod_actions_by_moderator ON mod_actions (guild_id, moderator_id, id);
CREATE INDEX mod_actions_by_kind ON mod_actions (guild_id, kind, id);

-- A member who erased their data in a server: in that server's past games they are the
-- pseudonym -id ("former member"), so everyone else's records stay whole.
CREATE TABLE former_members (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    erased_at   TEXT    NOT NULL
);

-- Indexes the leaderboards, /stats and /history need on a busy server
-- (measured with `python -m tests.load.standings`: 100,000 games, 10,000 members).
-- A board's index also holds last_played, so counting a board (with or without the
-- inactive_days filter), a member's place on it and the rows a page skips are read from
-- the index alone, not from each rating row.
DROP INDEX ratings_board;
CREATE INDEX ratings_board
    ON ratings (guild_id, variant, season, players, ordinal DESC, games DESC, user_id, last_played)
    WHERE user_id IS NOT NULL;
-- A rating by its player, person or computer level: not partial, because the rating
-- updater looks a rating up with `user_id IS ? AND computer_level IS ?`, which no partial
-- index can serve (it read the whole table for every seat of every game counted). It also
-- serves a member's ratings (/stats, a rating reset, erasing their data).
DROP INDEX ratings_of_member;
CREATE INDEX ratings_by_player
    ON ratings (guild_id, user_id, variant, season, players, computer_level);
