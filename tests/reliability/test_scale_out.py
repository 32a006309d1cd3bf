"""Scale-out: two daphne processes sharing the database and Redis act as one service.

A change made through either process reaches WebSocket clients connected to the other, because
changes are published on the shared (Redis) channel layer after commit.
"""

import asyncio
import json

import pytest
import websockets

from tests.support.http import new_player
from tests.support.moves import visible_moves
from tests.support.sockets import game_path, next_game, receive_json

pytestmark = [pytest.mark.redis, pytest.mark.slow]


def test_a_move_made_through_one_process_reaches_sockets_on_the_other(start_server):
    first, second = start_server(), start_server()
    owner = new_player(first.url, "scale")
    game = owner.post("/api/v1/games", {"deal_code": "HM1-N-AAAAAAA"}).body
    assert owner.call("PATCH", f"/api/v1/games/{game['id']}", {"watchable": True}).status == 200
    moves = visible_moves(game)
    assert len(moves) >= 1
    path = game_path(game["id"])

    async def scenario():
        async with (
            websockets.connect(second.ws_url + path) as watcher_b,
            websockets.connect(f"{second.ws_url}{path}?token={owner.token}") as owner_b,
            websockets.connect(first.ws_url + path) as watcher_a,
        ):
            for socket in (watcher_b, owner_b, watcher_a):
                assert (await next_game(socket))["version"] == 0
            # REST on process A → sockets on process B (and on A).
            reply = await asyncio.to_thread(
                owner.post,
                f"/api/v1/games/{game['id']}/moves",
                {"positions": moves[0], "expected_version": 0},
            )
            assert reply.status == 200 and reply.body["version"] == 1
            for socket in (watcher_b, owner_b, watcher_a):
                pushed = await next_game(socket)
                assert pushed["version"] == 1 and pushed["score"] == reply.body["score"]
                assert pushed["piles"] == reply.body["piles"]
            # A socket action on process B → the watcher on process A, and the REST view on A.
            await owner_b.send(
                json.dumps({"action": "undo", "expected_version": 1, "request_id": "b"})
            )
            pushed_a = await next_game(watcher_a)
            assert pushed_a["version"] == 2 and pushed_a["moves"] == 0
            assert (await next_game(watcher_b))["version"] == 2

    asyncio.run(scenario())
    stored = owner.get(f"/api/v1/games/{game['id']}/log").body
    assert [e["kind"] for e in stored["entries"]] == ["move", "undo"]
    read_on_b = new_player(second.url, "reader").get(f"/api/v1/games/{game['id']}").body
    assert read_on_b["version"] == 2


def test_a_ranked_attempt_ending_on_one_process_reaches_the_live_board_on_the_other(start_server):
    first, second = start_server(), start_server()
    player = new_player(first.url, "daily")
    game = player.post("/api/v1/games", {"daily": True}).body
    assert game["ranked"] is True
    date = game["daily_date"]

    async def scenario():
        async with (
            websockets.connect(f"{second.ws_url}/ws/daily/{date}/") as board_b,
            websockets.connect(f"{first.ws_url}/ws/daily/{date}/") as board_a,
        ):
            for board in (board_b, board_a):
                snapshot = await receive_json(board)
                assert snapshot["type"] == "board" and snapshot["total"] == 0
            reply = await asyncio.to_thread(player.post, f"/api/v1/games/{game['id']}/resign")
            assert reply.status == 200
            for board in (board_b, board_a):
                pushed = await receive_json(board)
                assert pushed["type"] == "entry" and pushed["change"] == "entered"
                assert pushed["entry"]["game_id"] == game["id"] and pushed["total"] == 1

    asyncio.run(scenario())
