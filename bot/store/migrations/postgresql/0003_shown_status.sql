-- 0003 (PostgreSQL): the status the public table message was last seen to show (see the
-- SQLite migration 0003).
ALTER TABLE tables ADD COLUMN shown_status TEXT;
UPDATE tables SET shown_status = status WHERE status IN ('finished', 'abandoned', 'cancelled');
