"""Moderation: staff actions on games and players, each audited."""
