"""The six variants, one module each."""
