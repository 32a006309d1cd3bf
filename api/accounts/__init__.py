"""The REST API of accounts."""
