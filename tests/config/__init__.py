"""Bower's configuration from the environment (bot/config.py)."""
