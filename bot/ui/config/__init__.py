"""Server settings as Discord embeds, and parsing what moderators type."""
