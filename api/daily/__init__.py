"""The REST API of daily."""
