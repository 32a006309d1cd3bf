"""The REST API of privacy."""
