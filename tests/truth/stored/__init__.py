"""The games as the bot stored them, read from its database and replayed through the engine."""
