"""Choosing moves the way a client does: from the visible table only (pile tops, reserve)."""

from __future__ import annotations

import random

VALUES = {"A": 1, **{str(n): n for n in range(2, 11)}}


def visible_moves(game: dict) -> list[list[str]]:
    """Every legal removal among the visible cards: pairs summing to 11, J+Q+K triples."""
    cards = [(p["position"], p["top"]) for p in game["piles"] if p["top"]]
    cards += [(r["position"], r["card"]) for r in game["reserve"] if r["card"]]
    numbers = [(pos, VALUES[c[:-1]]) for pos, c in cards if c[:-1] in VALUES]
    moves = [[p, q] for i, (p, a) in enumerate(numbers) for q, b in numbers[i + 1 :] if a + b == 11]
    faces = {rank: [pos for pos, c in cards if c[:-1] == rank] for rank in "JQK"}
    moves += [[j, q, k] for j in faces["J"] for q in faces["Q"] for k in faces["K"]]
    return moves


def next_move(game: dict, rng: random.Random) -> list[str] | None:
    """A random legal move, or None when the game is over or stalled (start another)."""
    if game["status"] != "playing":
        return None
    moves = visible_moves(game)
    return rng.choice(moves) if moves else None
