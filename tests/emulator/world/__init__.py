"""The emulated world: guild specs, guilds, channels, messages, permissions, ids, nonces."""
