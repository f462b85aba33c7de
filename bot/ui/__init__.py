"""Rendering tables and hands for Discord: embeds, buttons and selects, card text."""
