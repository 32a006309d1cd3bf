"""Play games through the real services for the admin tests: moves, taps, undos, resign."""
from __future__ import annotations

import functools

from django.conf import settings

from games.daily import services as daily

from games import actions
from games.engine import Board
from games.models import Game
from tests.support.solver import find_winnable_code

DEAL = "HM1-N-AAAAAAA"


def fresh(game: Game) -> Game:
    return Game.objects.select_related("deal", "owner").get(pk=game.pk)


def start(player, deal_code: str = DEAL) -> Game:
    return actions.start_game(player, deal_code).game


def start_ranked(player) -> Game:
    """Today's ranked daily attempt (the player's first game of today's deal)."""
    game = daily.start_daily(player).game
    assert game.ranked
    return game


def _mismatched_tap_pair(board: Board):
    """Two playable number cards that do not make 11 (a tap pair that clears the selection)."""
    numbers = [(p, c) for p, c in board.playable() if not c.is_face]
    for i, (p, a) in enumerate(numbers):
        for q, b in numbers[i + 1:]:
            if a.value + b.value != 11:
                return p, q
    return None


def play(player, game: Game, min_events: int, resign: bool = False) -> Game:
    """Log at least ``min_events`` entries mixing every kind of action, all legal."""
    count = 0

    def board():
        return fresh(game).board()

    pair = _mismatched_tap_pair(board())
    if pair:  # a tap that selects, then one that clears with a message
        actions.tap(player, game.pk, pair[0].name)
        actions.tap(player, game.pk, pair[1].name)
        count += 2
    step = 0
    while count < min_events:
        current = board()
        moves = current.legal_moves()
        if not moves:  # stalled (or won): take back one and play it again later
            actions.undo(player, game.pk)
            count += 1
            continue
        move = moves[0]
        names = [p.name for p in move.positions]
        kind = step % 4
        if kind == 0:
            actions.move(player, game.pk, names)
            count += 1
        elif kind == 1:  # the same removal by taps
            for name in names:
                actions.tap(player, game.pk, name)
            count += len(names)
        elif kind == 2:  # select, deselect, then move
            actions.tap(player, game.pk, names[0])
            actions.tap(player, game.pk, names[0])
            actions.move(player, game.pk, names)
            count += 3
        else:  # move, undo, move again
            actions.move(player, game.pk, names)
            actions.undo(player, game.pk)
            actions.move(player, game.pk, names)
            count += 3
        step += 1
    if resign and not board().status.is_over:
        actions.resign(player, game.pk)
    return fresh(game)


@functools.cache
def winnable() -> tuple[str, tuple]:
    """A deal the test solver wins under this deployment's key, with its winning moves."""
    code, moves = find_winnable_code(key=settings.HALFMOON_DEAL_KEY)
    return code.text, tuple(tuple(p.name for p in m.positions) for m in moves)


def win(player) -> Game:
    """A won game, every removal played through the service."""
    code, moves = winnable()
    game = start(player, code)
    for positions in moves:
        actions.move(player, game.pk, list(positions))
    return fresh(game)
