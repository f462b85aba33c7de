"""``python -m tests.load.standings``: how fast the standings and moderation-log queries answer
on a busy server (see :mod:`.seed` for the data, :mod:`.timing` for what is measured)."""
