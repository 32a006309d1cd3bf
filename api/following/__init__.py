"""The REST API of following."""
