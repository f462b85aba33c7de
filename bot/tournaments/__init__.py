"""Tournaments: many tables at once, round after round, each player keeping their own score.

A tournament is a layer above tables, as tables are above the engine: it seats players
(:mod:`.seating`, pure), opens ordinary tables through the table service, listens for
their results and moves players between rounds.
"""
