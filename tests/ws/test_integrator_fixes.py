"""What integrators hit on the sockets (issue 13), each through the real ASGI application:
paths with or without the trailing slash, unknown paths refused with a documented close code,
throttled errors that keep the refused frame's `request_id` and a whole-second `retry_after`,
unknown keys and a missing `action` refused as REST refuses them, and the `resign` action.
Every refusal leaves the game as it was."""

import json

import pytest
from asgiref.sync import sync_to_async

from games import actions
from games.models import Game
from realtime import frames
from tests.support.play import hand_game
from tests.support.sockets import communicator, open_socket, own_reply, receive, watch_game

pytestmark = pytest.mark.django_db(transaction=True)

# hand_game: P1 shows 5S, P2 6D, P3 QH, P4 KH, P5 JC, P6 AH, R1 10C, R8 2D.


@pytest.fixture
def owner(make_player):
    return make_player("owner")


@pytest.fixture
def game(owner):
    found = hand_game(owner[0])
    actions.set_watchable(owner[0], found.pk, True)
    return found


async def stored(game) -> Game:
    return await sync_to_async(Game.objects.get)(pk=game.pk)


async def closed_with(socket, code: int, error_code: str) -> None:
    error = await receive(socket)
    assert error["type"] == "error" and error["code"] == error_code, error
    assert (await socket.receive_output(timeout=5)) == {"type": "websocket.close", "code": code}


async def test_a_socket_path_without_its_trailing_slash_is_the_same_socket(owner, game):
    socket = await open_socket(f"/ws/games/{game.pk}", owner[1])
    snapshot = await receive(socket)
    assert snapshot["type"] == "game" and snapshot["game"]["id"] == game.pk
    await socket.send_json_to({"action": "move", "positions": ["P1", "P2"], "request_id": "m"})
    assert (await own_reply(socket))["game"]["version"] == 1
    await socket.disconnect()
    today = snapshot["game"]["started_at"][:10]
    board = await open_socket(f"/ws/daily/{today}")
    assert (await receive(board))["type"] == "board"
    await board.disconnect()
    me = await open_socket("/ws/me", owner[1])
    await me.send_to(text_data="{}")
    assert (await receive(me))["code"] == "read_only_socket"
    await me.disconnect()


@pytest.mark.parametrize(
    "path",
    ["/ws/games/abc/", "/ws/games/13x", "/ws/races/abc/", "/ws/nothing/", "/ws/", "/ws/games/"],
)
async def test_an_unknown_socket_path_is_refused_with_not_found_and_4404(owner, game, path):
    socket = communicator(path, owner[1])
    connected, _ = await socket.connect()
    assert connected  # accepted, so that the client reads why: never an HTTP 500
    await closed_with(socket, frames.CLOSE_NOT_FOUND.code, "not_found")
    assert (await stored(game)).version == 0


@pytest.mark.parametrize(
    "how", ["query", "header", "subprotocol"], ids=["?token=", "Authorization", "subprotocol"]
)
async def test_a_bad_token_is_refused_on_every_socket_never_downgraded(game, how):
    token = "not-a-token"
    headers, subprotocols, query = [], None, None
    if how == "header":
        headers = [(b"authorization", f"Bearer {token}".encode())]
    elif how == "subprotocol":
        subprotocols = ["halfmoon", f"halfmoon.token.{token}"]
    else:
        query = token
    for path in (f"/ws/games/{game.pk}/", "/ws/daily/2031-03-14/", "/ws/races/1/", "/ws/me/"):
        socket = communicator(path, query, headers, subprotocols)
        connected, _ = await socket.connect()
        assert connected
        await closed_with(socket, frames.CLOSE_UNAUTHORIZED.code, "invalid_token")


async def test_a_throttled_frame_keeps_its_request_id_and_waits_whole_seconds(
    owner, game, settings
):
    settings.HALFMOON_THROTTLE_RATES = {
        **settings.HALFMOON_THROTTLE_RATES,
        "socket_message": "2/min",
    }
    socket = await watch_game(game.pk, owner[1])
    await receive(socket)
    for request_id in ("first", "second"):
        await socket.send_json_to({"action": "undo", "request_id": request_id})
        assert (await own_reply(socket))["code"] == "nothing_to_undo"
    await socket.send_json_to({"action": "move", "positions": ["P1", "P2"], "request_id": "r3"})
    refused = await own_reply(socket)
    assert refused["code"] == "throttled" and refused["request_id"] == "r3"
    assert isinstance(refused["retry_after"], int) and 1 <= refused["retry_after"] <= 60
    assert (await stored(game)).version == 0
    await socket.disconnect()


async def test_unknown_keys_are_refused_as_rest_refuses_them(owner, game, api):
    socket = await watch_game(game.pk, owner[1])
    await receive(socket)
    frame = {"positions": ["P1", "P2"], "expected_version": 0, "positons": 1, "force": True}
    await socket.send_json_to({"action": "move", **frame, "request_id": 5})
    refused = await own_reply(socket)
    assert refused["request_id"] == 5
    assert refused["fields"] == {"force": ["Unknown field."], "positons": ["Unknown field."]}
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {owner[1]}")
    rest = await sync_to_async(api.post)(f"/api/v1/games/{game.pk}/moves", frame, format="json")
    assert rest.status_code == 400
    assert {k: v for k, v in refused.items() if k not in ("type", "request_id")} == rest.json()
    assert (await stored(game)).version == 0
    await socket.disconnect()


@pytest.mark.parametrize(
    "frame, problem",
    [
        ({"positions": ["P1", "P2"]}, "This field is required."),
        ({"action": None, "positions": ["P1", "P2"]}, "A string: move, tap, undo or resign."),
        ({"action": 3}, "A string: move, tap, undo or resign."),
    ],
)
async def test_a_frame_without_a_usable_action_is_told_so(owner, game, frame, problem):
    socket = await watch_game(game.pk, owner[1])
    await receive(socket)
    await socket.send_json_to({**frame, "request_id": "x"})
    refused = await own_reply(socket)
    assert refused["code"] == "invalid_request" and refused["request_id"] == "x"
    assert refused["fields"] == {"action": [problem]}
    assert "None" not in json.dumps(refused)
    assert (await stored(game)).version == 0
    await socket.disconnect()


async def test_an_unknown_action_names_it(owner, game):
    socket = await watch_game(game.pk, owner[1])
    await receive(socket)
    await socket.send_json_to({"action": "fly", "request_id": "x"})
    refused = await own_reply(socket)
    assert refused["code"] == "unknown_action" and refused["action"] == "fly"
    assert "resign" in refused["message"]
    await socket.disconnect()


async def test_the_owner_resigns_over_the_socket_and_watchers_see_it(owner, game, make_player):
    socket = await watch_game(game.pk, owner[1])
    watcher = await watch_game(game.pk)
    await receive(socket), await receive(watcher)
    await socket.send_json_to({"action": "resign", "expected_version": 0, "request_id": "bye"})
    result = await own_reply(socket)
    assert result["type"] == "result" and result["action"] == "resign"
    assert result["request_id"] == "bye" and set(result) == {"type", "action", "game", "request_id"}
    assert result["game"]["status"] == "resigned" and result["game"]["version"] == 1
    pushed = await receive(watcher)
    assert pushed["type"] == "game" and pushed["game"]["status"] == "resigned"
    assert (await stored(game)).status == "resigned"
    await socket.disconnect(), await watcher.disconnect()


async def test_a_refused_resign_changes_nothing(owner, game, make_player):
    _, other_token = await sync_to_async(make_player)("other")
    stranger = await watch_game(game.pk, other_token)
    socket = await watch_game(game.pk, owner[1])
    await receive(stranger), await receive(socket)
    await stranger.send_json_to({"action": "resign", "request_id": 1})
    assert (await own_reply(stranger))["code"] == "not_your_game"
    await socket.send_json_to({"action": "resign", "expected_version": 4, "request_id": 2})
    stale = await own_reply(socket)
    assert stale["code"] == "version_conflict" and stale["current_version"] == 0
    await socket.send_json_to({"action": "resign", "reason": "bored", "request_id": 3})
    assert (await own_reply(socket))["fields"] == {"reason": ["Unknown field."]}
    found = await stored(game)
    assert (found.status, found.version) == ("playing", 0)
    await stranger.disconnect(), await socket.disconnect()


async def test_no_way_of_sending_a_token_puts_it_in_a_log_line(owner, game, caplog):
    """In process, every logger at DEBUG (a real server's logs, the daphne access log included,
    are searched by tests/accounts/test_no_secrets_in_logs.py)."""
    caplog.set_level("DEBUG")
    token = owner[1]
    ways = [
        (f"/ws/games/{game.pk}/", token, [], None),
        (f"/ws/games/{game.pk}", None, [(b"authorization", f"Bearer {token}".encode())], None),
        (f"/ws/games/{game.pk}/", None, [], ["halfmoon", f"halfmoon.token.{token}"]),
        ("/ws/nothing/", token, [], None),
        (f"/ws/games/{game.pk}/", token + "x", [], None),
    ]
    for path, query, headers, subprotocols in ways:
        socket = communicator(path, query, headers, subprotocols)
        connected, selected = await socket.connect()
        assert connected and selected in (None, "halfmoon")  # the token is never echoed
        await receive(socket)
        await socket.disconnect()
    logged = "\n".join(f"{record.getMessage()} {record.__dict__}" for record in caplog.records)
    assert token not in logged
