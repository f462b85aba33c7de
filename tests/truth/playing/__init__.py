"""Playing the audit's games through the emulated Discord, recording what Bower showed."""
