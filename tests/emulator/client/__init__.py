"""Acting as members, as Discord's client lets them: the member API, outcomes, commands."""
