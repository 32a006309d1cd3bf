"""The REST API of oauth."""
