"""Statements read out of Bower's messages, each with a test against a snapshot of the
replayed game: ``table`` (the table message and the shared lines of a private hand),
``hand`` (a private hand's own lines), ``narration`` (the channel's running commentary),
``review`` (a /review step)."""
