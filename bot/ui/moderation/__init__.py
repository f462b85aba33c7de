"""Moderation log: the lines and pages moderators read (``/modlog``, the mod-log channel)."""
