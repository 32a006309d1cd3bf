"""Races: several players on one deal at the same instant, each in a game of their own, with
live progress, standings, ratings and a quick-match queue (SPEC §8)."""
