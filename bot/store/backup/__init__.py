"""Backups of the live database: one copy on demand (:mod:`.copy`, also
``python -m bot.store.backup FILE``) and automatic ones while the bot runs (:mod:`.schedule`)."""
