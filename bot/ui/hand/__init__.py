"""A player's private hand: its embed and controls, and keeping it current."""
