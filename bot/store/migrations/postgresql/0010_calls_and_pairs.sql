-- 0010 (PostgreSQL): calls, calls made and euchring per seat, and partnerships (see the
-- SQLite migration 0010 for what each column means; NULL for games counted before it).
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
