"""Words every layer that talks to players shares: cards, sides, scores and how a hand ended.

Below both ``bot/ui`` (live tables) and ``bot/review`` (finished games), so a game reads the
same while it is played and when it is reviewed. Pure: built on the engine only.
"""
