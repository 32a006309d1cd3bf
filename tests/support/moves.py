"""The suite's one move finder: removals among the cards a player sees.

Works on what a client knows: a game payload (pile tops and reserve cards) or an engine
:class:`~games.engine.Board` (its playable cards), in position order P1…P12 then R1…R8, so
the first pair found is the same whichever of the two is given. The bench's load generators
choose their moves here too (``bench/perf/play.py``).
"""

from __future__ import annotations

import random

#: Values of the number cards; J, Q and K are removed as a triple, never in a pair.
VALUES = {"A": 1, **{str(n): n for n in range(2, 11)}}


def visible_cards(game) -> list[tuple[str, str]]:
    """(position, card code) of every visible card: pile tops, then reserve cards."""
    if not isinstance(game, dict):  # an engine Board
        return [(position.name, card.code) for position, card in game.playable()]
    cards = [(p["position"], p["top"]) for p in game["piles"] if p["top"]]
    return cards + [(r["position"], r["card"]) for r in game["reserve"] if r["card"]]


def _numbers(game) -> list[tuple[str, int]]:
    return [(pos, VALUES[code[:-1]]) for pos, code in visible_cards(game) if code[:-1] in VALUES]


def visible_moves(game) -> list[list[str]]:
    """Every legal removal among the visible cards: pairs summing to 11, then J+Q+K triples."""
    numbers = _numbers(game)
    moves = [[p, q] for i, (p, a) in enumerate(numbers) for q, b in numbers[i + 1 :] if a + b == 11]
    faces = {
        rank: [pos for pos, code in visible_cards(game) if code[:-1] == rank] for rank in "JQK"
    }
    moves += [[j, q, k] for j in faces["J"] for q in faces["Q"] for k in faces["K"]]
    return moves


def visible_pair(game) -> list[str] | None:
    """The first two visible positions whose cards sum to 11, or None."""
    numbers = _numbers(game)
    return next(
        ([p, q] for i, (p, a) in enumerate(numbers) for q, b in numbers[i + 1 :] if a + b == 11),
        None,
    )


def mismatched_pair(game) -> list[str] | None:
    """The first two visible number cards that do not sum to 11 (a refused pair), or None."""
    numbers = _numbers(game)
    return next(
        ([p, q] for i, (p, a) in enumerate(numbers) for q, b in numbers[i + 1 :] if a + b != 11),
        None,
    )


def next_move(game: dict, rng: random.Random) -> list[str] | None:
    """A random legal move, or None when the game is over or stalled (start another)."""
    if game["status"] != "playing":
        return None
    moves = visible_moves(game)
    return rng.choice(moves) if moves else None


def choose_action(game: dict, rng: random.Random) -> tuple[str, dict]:
    """A random action legal at this version of the game: (endpoint, body without version).

    Moves and undos are weighted up so games move on; taps keep the selection changing.
    """
    options = [("taps", {"position": pos}) for pos, _ in visible_cards(game)]
    options += [("moves", {"positions": move}) for move in visible_moves(game)] * 2
    if game["can_undo"]:
        options += [("undo", {})] * 2
    return rng.choice(options)
