"""The two databases behind :class:`bot.store.database.Database`: SQLite and PostgreSQL."""
