"""Judging what was shown against the replayed games, and reporting the findings."""
