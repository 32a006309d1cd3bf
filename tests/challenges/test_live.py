"""WS /ws/challenges/{code}/: the board on connect, then after every counted attempt ends."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from tests.support.sockets import open_socket, receive

from .helpers import Challenger, small_deal

pytestmark = pytest.mark.django_db(transaction=True)


def _made():
    deal = small_deal()
    ana = Challenger("Ana")
    game = ana.start(deal)
    ana.win(game["id"])
    return ana, ana.made_challenge(game["id"])


async def test_the_board_on_connect_then_after_each_counted_attempt():
    ana, challenge = await sync_to_async(_made)()
    code = challenge["code"]
    ws = await open_socket(f"/ws/challenges/{code}/")
    assert await receive(ws) == {"type": "challenge_board", "code": code, "total": 0, "top": []}

    def bo_resigns():
        bo = Challenger("Bo")
        return bo, bo.resign(bo.play(code)["id"])

    bo, game = await sync_to_async(bo_resigns)()
    pushed = await receive(ws)
    assert pushed["type"] == "challenge_board" and pushed["total"] == 1
    assert pushed["top"][0]["player"] == {"id": bo.id, "name": "Bo"}
    assert pushed["top"][0]["game_id"] == game["id"] and pushed["top"][0]["rank"] == 1
    # the creator's practice and a moved game push nothing; a watcher who connects later
    # gets the board as it stands
    await sync_to_async(lambda: ana.resign(ana.play(code)["id"]))()
    late = await open_socket(f"/ws/challenges/{code}/?limit=1")
    snapshot = await receive(late)
    assert snapshot["total"] == 1 and len(snapshot["top"]) == 1
    assert await ws.receive_nothing(timeout=0.2)
    await ws.disconnect()
    await late.disconnect()


async def test_an_unknown_code_gets_an_error_and_4404():
    await sync_to_async(_made)()
    ws = await open_socket("/ws/challenges/no-such-code/")
    message = await receive(ws)
    assert message["type"] == "error" and message["code"] == "challenge_not_found"
    assert (await ws.receive_output(timeout=5))["code"] == 4404


async def test_a_bad_limit_gets_an_error_and_4400():
    _, challenge = await sync_to_async(_made)()
    ws = await open_socket(f"/ws/challenges/{challenge['code']}/?limit=500")
    message = await receive(ws)
    assert message["code"] == "invalid_page_size"
    assert (await ws.receive_output(timeout=5))["code"] == 4400
