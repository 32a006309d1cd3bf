"""Helpers of the REST API tests: hand-built tables and "nothing changed" checks.

Requests and the error check are :mod:`tests.support.api`.
"""

from __future__ import annotations

from games.engine import DOUBLE_DECK, Board, Layout
from games.models import Game, GameEvent
from games.play.selectors import replay
from tests.support.api import assert_error

#: A small hand-built table (piles bottom → top, P12 empty, R8 empty) with every kind of case:
#: pairs P1+P2 (5S+6D), P1+R6, R5+P2, R5+R6, P3+P8 (4C+7H), P9+P10 (10D+AH), P11+R7 (9S+2H),
#: R3+R4 (3D+8S); triples from J (P4, R1) × Q (P5, R2) × K (P6, P7).
RICH_PILES = [
    ["2C", "5S"],
    ["3C", "6D"],
    ["4D", "4C"],
    ["9C", "JC"],
    ["9D", "QH"],
    ["8C", "KH"],
    ["KS"],
    ["7C", "7H"],
    ["AC", "10D"],
    ["8D", "AH"],
    ["2D", "9S"],
    [],
]
RICH_RESERVE = ["JH", "QS", "3D", "8S", "5H", "6S", "2H", None]
#: Cards of RICH_PILES below a pile's top: never shown while the game can be played.
RICH_HIDDEN = {"2C", "3C", "4D", "9C", "9D", "8C", "7C", "AC", "8D", "2D"}


def full_layout(piles_tops: list[list[str]], reserve: list[str]) -> Layout:
    """A full 104-card layout: each pile gets the given cards on top of filler cards."""
    remaining = [c.code for c in DOUBLE_DECK]
    for card in [c for pile in piles_tops for c in pile] + reserve:
        remaining.remove(card)
    piles = []
    for tops in piles_tops:
        filler = [remaining.pop() for _ in range(8 - len(tops))]
        piles.append(filler + tops)
    assert not remaining
    return Layout.build(piles, reserve)


def snapshot(game_id: int) -> dict:
    """Everything about a stored game that a refused request must leave as it was."""
    game = Game.objects.get(pk=game_id)
    return {
        "version": game.version,
        "state": game.state,
        "status": game.status,
        "score": game.score,
        "moves": game.moves,
        "finished_at": game.finished_at,
        "updated_at": game.updated_at,
        "events": list(
            GameEvent.objects.filter(game_id=game_id)
            .order_by("seq")
            .values_list("seq", "kind", "positions", "cards")
        ),
    }


def refused(game_id: int, send, status: int, code: str) -> dict:
    """Send a request that must be refused with ``code``; assert the game did not change."""
    before = snapshot(game_id)
    body = assert_error(send(), status, code)
    assert snapshot(game_id) == before
    return body


def stored_board(game_id: int) -> Board:
    return Game.objects.get(pk=game_id).board()


def replayed_equals_stored(game_id: int) -> bool:
    """Replaying the game's log from its deal (games.services.replay) gives the stored state."""
    game = Game.objects.select_related("deal").get(pk=game_id)
    return replay(game).state_string() == game.state
