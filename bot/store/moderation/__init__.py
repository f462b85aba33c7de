"""Accountability and privacy: the moderation log and members erasing their data."""
