"""The REST API of seasons."""
