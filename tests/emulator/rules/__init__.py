"""Discord's rules for requests: its API description, corrections, limits, the checks."""
