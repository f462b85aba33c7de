"""Moderator tools: the moderation log (``/modlog``, the mod-log channel) and rating resets."""
