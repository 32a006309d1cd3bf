"""Play: deals, games, the move log and the changes a player makes to their own game."""
