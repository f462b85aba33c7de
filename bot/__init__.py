"""Bower: a Discord bot for Euchre-family trick-taking card games."""
