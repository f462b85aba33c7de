"""The review picture of one step of a finished game: where its rows, trick column and
piles go, and its header."""
