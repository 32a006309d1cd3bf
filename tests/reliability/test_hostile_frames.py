"""Hostile WebSocket frames and request bodies beyond those of tests/ws and tests/api.

Each bad frame gets an error with a stable code, nothing changes, and the socket still works.
Found here: JSON nested past the decoder's recursion limit (a 10 KB frame) and an action that
is a list closed the socket with 1011, and the deep JSON body over REST was a 500.
"""

import pytest
from asgiref.sync import sync_to_async

from games.models import Game
from tests.support.play import hand_game
from tests.support.sockets import own_reply, receive, watch_game

pytestmark = pytest.mark.django_db(transaction=True)

DEEP = "[" * 5000 + "]" * 5000


@pytest.mark.parametrize(
    "frame, code",
    [
        (b"\xff\xfe\x00", "invalid_json"),  # binary, not UTF-8
        (DEEP, "invalid_json"),
        ('{"action": "move", "positions": ' + DEEP + "}", "invalid_json"),
        ('{"action": "undo", "expected_version": ' + "9" * 5000 + "}", "invalid_json"),
        (b"x" * 20000, "request_too_large"),  # binary and too large
        ("null", "invalid_request"),
        ("42", "invalid_request"),
        ('"move"', "invalid_request"),
        ("{}", "invalid_request"),  # no action: `fields.action` says so (never "None")
        ('{"action": null}', "invalid_request"),
        ('{"action": ["move"]}', "invalid_request"),
        ('{"action": "MOVE", "positions": ["P1", "P2"]}', "unknown_action"),
        ('{"action": "move", "positions": [1, 2]}', "invalid_position"),
        ('{"action": "move", "positions": [null, "P2"]}', "invalid_position"),
        ('{"action": "move", "positions": [["P1"], "P2"]}', "invalid_position"),
        ('{"action": "move", "positions": {"a": "P1"}}', "invalid_request"),
        ('{"action": "move", "positions": ["P1"]}', "wrong_number_of_cards"),
        ('{"action": "move", "positions": ["P1", "P2", "P3", "P4"]}', "wrong_number_of_cards"),
        (
            '{"action": "move", "positions": ' + str(["P1"] * 13).replace("'", '"') + "}",
            "invalid_request",
        ),
        ('{"action": "tap", "position": "\\ud800"}', "invalid_position"),
        ('{"action": "tap", "position": null}', "invalid_request"),
        ('{"action": "tap", "position": ["P1"]}', "invalid_request"),
        ('{"action": "undo", "expected_version": -1}', "invalid_request"),
        ('{"action": "undo", "expected_version": true}', "invalid_request"),
        ('{"action": "undo", "expected_version": 1.5}', "invalid_request"),
        ('{"action": "undo", "expected_version": 1e400}', "invalid_request"),
        (
            '{"action": "tap", "position": "P1", "expected_version": 1000000000000000000000000}',
            "version_conflict",
        ),
        ('{"action": "undo", "request_id": true}', "invalid_request"),
        ('{"action": "undo", "request_id": "' + "r" * 65 + '"}', "invalid_request"),
    ],
)
async def test_hostile_frames_get_an_error_and_the_socket_survives(make_player, frame, code):
    player, token = await sync_to_async(make_player)("target")
    game = await sync_to_async(hand_game)(player)
    ws = await watch_game(game.pk, token)
    await receive(ws)
    if isinstance(frame, bytes):
        await ws.send_to(bytes_data=frame)
    else:
        await ws.send_to(text_data=frame)
    error = await receive(ws)
    assert error["type"] == "error" and error["code"] == code and error["message"]
    assert (await sync_to_async(Game.objects.get)(pk=game.pk)).version == 0
    await ws.send_json_to({"action": "tap", "position": "P1", "request_id": "alive"})
    alive = await own_reply(ws)
    assert alive["type"] == "result" and alive["request_id"] == "alive"
    await ws.disconnect()


@pytest.mark.parametrize(
    "body", [DEEP, '{"positions": ' + DEEP + "}", '{"expected_version": ' + "9" * 5000 + "}"]
)
def test_hostile_json_bodies_are_a_400_not_a_500(player_client, body):
    client, player = player_client("target")
    game = hand_game(player)
    response = client.post(f"/api/v1/games/{game.pk}/moves", body, content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] == "invalid_json"
    assert Game.objects.get(pk=game.pk).version == 0
