-- 0008 (PostgreSQL): the /play queue (see the SQLite migration 0008).
CREATE TABLE play_queue (
    guild_id      BIGINT  NOT NULL,
    user_id       BIGINT  NOT NULL,
    variant       TEXT    NOT NULL,
    players       INTEGER NOT NULL CHECK (players >= 2),
    options       TEXT    NOT NULL,
    computers     INTEGER NOT NULL CHECK (computers IN (0, 1)),
    wait_minutes  INTEGER NOT NULL CHECK (wait_minutes >= 1),
    channel_id    BIGINT  NOT NULL,
    thread_id     BIGINT,
    joined_at     DOUBLE PRECISION NOT NULL,
    wait_ends     DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
