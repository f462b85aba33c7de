"""A table survives what goes wrong around it: a database away or full, a restart,
clicks at once."""
