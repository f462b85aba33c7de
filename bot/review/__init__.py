"""Reviewing finished games: hand records and the computer's opinion of a member's decisions."""
