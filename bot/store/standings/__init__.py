"""Standings: ratings per board (season or all time, player count), seasons, and reading
them back as leaderboards, stats and history."""
