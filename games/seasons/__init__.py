"""Seasons (SPEC §11): boards per ISO week and per calendar month, built from the ranked
daily results of their closed days by one points rule (:mod:`games.seasons.points`), live
while open and final once closed."""
