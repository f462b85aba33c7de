"""Pictures of the standings: a leaderboard page, a member's stats card with its skill
chart, a season's closing standings. Each is drawn from a plain view (no Discord, no
database) into PNG bytes, in the drawing workers like the table pictures, with the
palette every picture shares (half the time of choosing one for each: about 10 ms a
picture, not 20)."""
