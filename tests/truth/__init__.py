"""The truth audit: play seeded games through the emulator, record every message Bower
sends, and check each statement it can read against the game replayed from the stored
action log (``python -m tests.truth --games 300``)."""
