"""Games played through the real services (no HTTP): started, played with every kind of
action, won, or set on a small hand-built table."""

from __future__ import annotations

import functools

from django.conf import settings

from games import actions
from games.daily import services as daily
from games.engine import Board, Layout
from games.models import Game

from .moves import mismatched_pair
from .solver import find_winnable_code

#: The suite's fixed deal. Its opening table shows a pair, which the tests that remove one rely
#: on: about 1 random deal in 2,200 shows none, so they do not play a random deal.
DEAL = "HM1-N-AAAAAAA"

# P1 shows 5S, P2 6D, P3 QH, P4 KH, P5 JC, P6 AH; everything else is padding (two decks).
HAND_PILES = [
    ["2C", "5S"],
    ["3C", "6D"],
    ["4C", "QH"],
    ["7C", "KH"],
    ["8C", "JC"],
    ["9C", "AH"],
    [],
    [],
    [],
    [],
    [],
    [],
]
HAND_RESERVE = ["10C", None, None, None, None, None, None, "2D"]


def hand_game(player) -> Game:
    """A game whose table is the small hand-built layout above (P1 5S, P2 6D, P3 QH, P4 KH,
    P5 JC, P6 AH on top; 10C in R1, 2D in R8)."""
    game = actions.start_game(player, DEAL).game
    Game.objects.filter(pk=game.pk).update(
        state=Board(Layout.build(HAND_PILES, HAND_RESERVE)).state_string()
    )
    return Game.objects.get(pk=game.pk)


def fresh(game: Game) -> Game:
    return Game.objects.select_related("deal", "owner").get(pk=game.pk)


def start(player, deal_code: str = DEAL) -> Game:
    return actions.start_game(player, deal_code).game


def start_ranked(player) -> Game:
    """Today's ranked daily attempt (the player's first game of today's deal)."""
    game = daily.start_daily(player).game
    assert game.ranked
    return game


def play(player, game: Game, min_events: int, resign: bool = False) -> Game:
    """Log at least ``min_events`` entries mixing every kind of action, all legal."""
    count = 0

    def board():
        return fresh(game).board()

    pair = mismatched_pair(board())
    if pair:  # a tap that selects, then one that clears with a message
        actions.tap(player, game.pk, pair[0])
        actions.tap(player, game.pk, pair[1])
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


def start_clock(client, game: dict) -> dict:
    """Start a game's clock through REST as a player does, by its first change (SPEC §7): a
    tap on the first shown position and a tap again (selected, then not), so the board is as
    it was and the clock runs from now. Returns the game as the second tap answered it."""
    shown = [p["position"] for p in game["piles"] if p.get("top")]
    shown += [r["position"] for r in game["reserve"] if r.get("card")]
    answer = None
    for _ in range(2):
        answer = client.post(
            f"/api/v1/games/{game['id']}/taps", {"position": shown[0]}, format="json"
        )
        assert answer.status_code == 200, answer.content
    assert answer is not None
    started = answer.json()["game"]
    assert started["clock_started_at"] is not None and started["selection"] == []
    return started
