-- 0008: the /play queue. A member waits in at most one queue per server (the primary key);
-- members with the same variant, players and options (JSON, keys sorted) are matched.
-- joined_at and wait_ends are Unix times in seconds, so a restart keeps when each wait
-- ends (wait_ends already counts the bot's timer scale); wait_minutes is what they chose.
CREATE TABLE play_queue (
    guild_id      INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    variant       TEXT    NOT NULL,
    players       INTEGER NOT NULL CHECK (players >= 2),
    options       TEXT    NOT NULL,
    computers     INTEGER NOT NULL CHECK (computers IN (0, 1)),
    wait_minutes  INTEGER NOT NULL CHECK (wait_minutes >= 1),
    channel_id    INTEGER NOT NULL,
    thread_id     INTEGER,
    joined_at     REAL    NOT NULL,
    wait_ends     REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;
