"""Exceptions raised by the rules engine."""


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the game is left unchanged."""
