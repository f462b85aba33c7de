"""Tests of each game's rules, as bot/engine/variants holds them."""
