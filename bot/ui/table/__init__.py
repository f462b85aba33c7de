"""The public table message: its embed and buttons, narration, and keeping it current."""
