"""The words, embeds and buttons of ``/tournament``: the sign-up message, each round's
message, the notices (clock, pause, drop, end) and the final message."""
