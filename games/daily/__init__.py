"""The daily deal: one deal per UTC date, ranked attempts, leaderboards and their ranks."""
