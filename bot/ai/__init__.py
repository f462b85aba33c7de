"""Computer players for every game: ``random``, ``easy``, ``normal``, ``hard`` and ``expert``.

``get_player(level, seed=...)`` returns a player whose ``choose(view, legal_actions)``
picks an action from a seat's view alone; ``advise`` adds a one-line reason and ``advice``
the figures behind it (the Hint button). ``decide`` and ``hint`` are the same as plain
functions, picklable for a process pool.
"""

from .levels import LEVELS, decide, get_player, hint
from .players import Advice, Player

__all__ = ["LEVELS", "Advice", "Player", "decide", "get_player", "hint"]
