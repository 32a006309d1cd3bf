"""Accounts: credentials added to a player (username, password, optional e-mail), and the ways
to sign in on another device (password, link code, recovery code, password reset by e-mail)."""
