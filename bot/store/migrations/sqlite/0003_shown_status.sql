-- 0003: the status the public table message was last seen to show, so that a table that
-- closed while the bot was stopping (its result stored, its message not yet edited) has
-- its message brought up to date at the next start. Tables closed before this migration
-- are taken as shown.
ALTER TABLE tables ADD COLUMN shown_status TEXT;
UPDATE tables SET shown_status = status WHERE status IN ('finished', 'abandoned', 'cancelled');
