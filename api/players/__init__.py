"""The REST API of players."""
