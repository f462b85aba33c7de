"""The repository as a whole: its layers, its deployment files, its operating guide."""
