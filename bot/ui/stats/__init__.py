"""Leaderboards, stats and history as Discord embeds."""
