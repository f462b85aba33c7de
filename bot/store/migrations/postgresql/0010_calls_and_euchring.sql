-- 0010 (PostgreSQL): calls, calls made and euchring per seat (see the SQLite migration
-- 0010 for what each column means; NULL for games counted before it).
ALTER TABLE seat_records ADD COLUMN calls INTEGER CHECK (calls >= 0);
ALTER TABLE seat_records ADD COLUMN calls_made INTEGER CHECK (calls_made >= 0);
ALTER TABLE seat_records ADD COLUMN euchring INTEGER CHECK (euchring >= 0);
