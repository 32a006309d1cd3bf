"""A stalled game's clock over the socket (issue 26): the game frame carries the same stopped
``elapsed_ms`` as REST, and an undo sent on the socket makes it run again.

Time moves by the service's clock (``games.core.clock.now``), never by sleeping.
"""

import datetime as dt

import pytest
from asgiref.sync import sync_to_async

from games import actions
from games.core import clock
from games.engine import Board, Layout
from games.models import Game
from tests.support.clock import FakeClock
from tests.support.play import DEAL
from tests.support.sockets import own_reply, receive, watch_game

pytestmark = pytest.mark.django_db(transaction=True)

T0 = dt.datetime(2026, 3, 2, 9, 0, tzinfo=dt.UTC)
#: P1+P2 (5S+6D) leaves a lone 5H: stalled.
STALLING = Layout.build([["5H", "5S"], ["6D"]] + [[]] * 10, [None] * 8)


@pytest.fixture
def fake_clock(monkeypatch):
    fake = FakeClock(T0)
    monkeypatch.setattr(clock, "now", fake)
    return fake


def stalling_game(player) -> Game:
    game = actions.start_game(player, DEAL).game
    # One removal from a stall, its clock running since its deal (as after a first tap).
    Game.objects.filter(pk=game.pk).update(
        state=Board(STALLING).state_string(), clock_started_at=game.started_at
    )
    return game


async def test_the_socket_shows_the_stopped_clock_and_an_undo_restarts_it(make_player, fake_clock):
    player, token = await sync_to_async(make_player)("staller")
    game = await sync_to_async(stalling_game)(player)
    ws = await watch_game(game.pk, token)
    await receive(ws)
    fake_clock.advance(seconds=61)
    await ws.send_json_to({"action": "move", "positions": ["P1", "P2"], "request_id": "stall"})
    stalled = (await own_reply(ws))["game"]
    assert (stalled["status"], stalled["elapsed_ms"]) == ("stalled", 61_000)
    assert stalled["finished_at"] == "2026-03-02T09:01:01Z"
    await ws.disconnect()

    fake_clock.advance(minutes=13)
    again = await watch_game(game.pk, token)
    snapshot = (await receive(again))["game"]
    assert (snapshot["status"], snapshot["elapsed_ms"]) == ("stalled", 61_000)
    await again.send_json_to({"action": "undo", "request_id": "reopen"})
    reopened = (await own_reply(again))["game"]
    assert (reopened["status"], reopened["finished_at"]) == ("playing", None)
    assert reopened["elapsed_ms"] == 841_000  # 14:01 of wall time since the start
    await again.disconnect()
