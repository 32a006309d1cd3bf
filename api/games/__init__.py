"""The REST API of games."""
