-- 0010 (PostgreSQL): calls, calls made and euchring per seat, partnerships, and each
-- rating's last change and lowest skill (see the SQLite migration 0010 for each column).
ALTER TABLE seat_records ADD COLUMN calls INTEGER CHECK (calls >= 0);
ALTER TABLE seat_records ADD COLUMN calls_made INTEGER CHECK (calls_made >= 0);
ALTER TABLE seat_records ADD COLUMN euchring INTEGER CHECK (euchring >= 0);

-- Partnerships per server, game and board (see the SQLite migration 0010).
CREATE TABLE pairs (
    guild_id   BIGINT  NOT NULL,
    variant    TEXT    NOT NULL,
    season     INTEGER NOT NULL CHECK (season >= 0),
    first_id   BIGINT  NOT NULL,
    second_id  BIGINT  NOT NULL,
    games      INTEGER NOT NULL CHECK (games > 0),
    wins       INTEGER NOT NULL CHECK (wins >= 0 AND wins <= games),
    PRIMARY KEY (guild_id, variant, season, first_id, second_id),
    CHECK (first_id < second_id)
);
CREATE INDEX pairs_of_first ON pairs (guild_id, first_id);
CREATE INDEX pairs_of_second ON pairs (guild_id, second_id);
INSERT INTO pairs (guild_id, variant, season, first_id, second_id, games, wins)
SELECT r.guild_id, r.variant, CASE WHEN x.all_time = 1 THEN 0 ELSE k.season END,
    a.user_id, b.user_id, COUNT(*), SUM(a.won)
FROM result_players a
JOIN result_players b ON b.table_id = a.table_id AND b.side = a.side AND a.user_id < b.user_id
JOIN results r ON r.table_id = a.table_id
JOIN rated_results k ON k.table_id = a.table_id
CROSS JOIN (SELECT 0 AS all_time UNION ALL SELECT 1) x
GROUP BY r.guild_id, r.variant, CASE WHEN x.all_time = 1 THEN 0 ELSE k.season END,
    a.user_id, b.user_id;

-- Each rating keeps how much its latest counted game moved the cautious skill (a
-- leaderboard's ▲ / ▼) and the lowest it has been after a game on its board (a season's
-- biggest climb). Season boards of every player count are filled in from the seat records
-- of games counted before (the season rating each keeps after the game); other boards
-- start with their next game.
ALTER TABLE ratings ADD COLUMN last_change DOUBLE PRECISION;
ALTER TABLE ratings ADD COLUMN lowest DOUBLE PRECISION;
UPDATE ratings SET
    last_change = (
        SELECT (s.mu_after - 3 * s.sigma_after) - (s.mu_before - 3 * s.sigma_before)
        FROM seat_records s JOIN results r ON r.table_id = s.table_id
        JOIN rated_results k ON k.table_id = s.table_id
        WHERE s.user_id = ratings.user_id AND r.guild_id = ratings.guild_id
        AND r.variant = ratings.variant AND k.season = ratings.season
        AND s.mu_after IS NOT NULL AND s.mu_before IS NOT NULL
        ORDER BY r.finished_at DESC, r.table_id DESC LIMIT 1),
    lowest = (
        SELECT MIN(s.mu_after - 3 * s.sigma_after)
        FROM seat_records s JOIN results r ON r.table_id = s.table_id
        JOIN rated_results k ON k.table_id = s.table_id
        WHERE s.user_id = ratings.user_id AND r.guild_id = ratings.guild_id
        AND r.variant = ratings.variant AND k.season = ratings.season
        AND s.mu_after IS NOT NULL)
WHERE season > 0 AND players = 0 AND user_id IS NOT NULL;
-- A season's biggest climb reads each rating of its board from this index alone
-- (measured with `python -m tests.load.standings`: 245 ms for the six games without it,
-- 18 ms with it).
CREATE INDEX ratings_climb ON ratings (guild_id, variant, season, players, user_id, ordinal,
    lowest) WHERE user_id IS NOT NULL AND lowest IS NOT NULL;
