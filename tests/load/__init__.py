"""Load benchmark (not collected by pytest): ``python -m tests.load.run --tables 100``."""
