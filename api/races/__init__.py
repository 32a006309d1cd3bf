"""The REST API of races."""
