"""Looking ahead in sampled deals: determinized playouts (:mod:`.playouts`, the ``hard``
level's search), exact trick solvers over a deal whose hands are all known (:mod:`.solver`
for every game, :mod:`.endgame` for the last tricks in the game's own points), and a
bit-mask form of classic Euchre's play with its fast solver (:mod:`.euchre_play`,
:mod:`.euchre_solver`) for the ``expert`` level."""

from .playouts import SearchResult, clone, hand_value, playout, search

__all__ = ["SearchResult", "clone", "hand_value", "playout", "search"]
