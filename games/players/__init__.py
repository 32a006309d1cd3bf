"""Players: who plays, their settings and their API token."""
