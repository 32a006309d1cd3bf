"""Following (SPEC §11): a player follows others, one-way and without consent, to see them
among the boards (``?among=following``). It shows nothing the boards do not already show."""
