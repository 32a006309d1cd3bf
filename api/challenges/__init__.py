"""The REST API of challenges."""
