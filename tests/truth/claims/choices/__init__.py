"""Claims of the rules a private hand states with its choices: that each choice is open,
and what it does (a lone call's scoring held to the engine's)."""
