"""Computer players for every game: ``random``, ``easy``, ``normal`` and ``hard``.

``get_player(level, seed=...)`` returns a player whose ``choose(view, legal_actions)``
picks an action from a seat's view alone; ``advise`` adds a one-line reason (the Hint
button). ``decide`` is the same as a plain function, picklable for a process pool.
"""

from .players import LEVELS, Player, decide, get_player

__all__ = ["LEVELS", "Player", "decide", "get_player"]
