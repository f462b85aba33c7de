-- 0010: more of each seat's records, for the stats cards. calls: hands the seat made trump
-- or won the bid (in Flip, where everyone bids, the hands it bid); calls_made: those it
-- made (Flip: bids hit); euchring: hands the seat defended and the makers were euchred.
-- Games counted before this migration keep NULL here: their logs are not replayed again,
-- so /stats says how many games these figures cover.
ALTER TABLE seat_records ADD COLUMN calls INTEGER CHECK (calls >= 0);
ALTER TABLE seat_records ADD COLUMN calls_made INTEGER CHECK (calls_made >= 0);
ALTER TABLE seat_records ADD COLUMN euchring INTEGER CHECK (euchring >= 0);
