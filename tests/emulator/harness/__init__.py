"""Running a test against the emulator: its environment, the bot process, pytest fixtures."""
