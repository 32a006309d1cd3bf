"""WebSocket /ws/games/{id}/ through the real ASGI application (WebsocketCommunicator)."""

import json

import pytest
from asgiref.sync import sync_to_async

from games import actions
from games.models import Game, GameEvent
from tests.support.play import hand_game
from tests.support.sockets import receive, watch_game

pytestmark = pytest.mark.django_db(transaction=True)

# hand_game: P1 shows 5S, P2 6D, P3 QH, P4 KH, P5 JC, P6 AH, R1 10C, R8 2D.


@pytest.fixture
def owner(make_player):
    return make_player("owner")


@pytest.fixture
def game(owner):
    """The owner's game, made watchable (games are private by default)."""
    found = hand_game(owner[0])
    actions.set_watchable(owner[0], found.pk, True)
    found.watchable = True
    return found


async def test_a_private_game_is_refused_to_others_and_shown_to_its_owner(make_player):
    player, token = await sync_to_async(make_player)("keeper")
    _, other_token = await sync_to_async(make_player)("other")
    private = await sync_to_async(hand_game)(player)
    for refused in (await watch_game(private.pk), await watch_game(private.pk, other_token)):
        error = await receive(refused)
        assert error["type"] == "error" and error["code"] == "game_private"
        assert (await refused.receive_output(timeout=5))["code"] == 4403
    own = await watch_game(private.pk, token)
    assert (await receive(own))["game"]["id"] == private.pk
    await own.disconnect()


async def test_snapshot_on_connect_shows_only_top_cards(owner, game):
    ws = await watch_game(game.pk, owner[1])
    message = await receive(ws)
    assert message["type"] == "game"
    snapshot = message["game"]
    assert snapshot["id"] == game.pk and snapshot["version"] == 0
    assert [p["top"] for p in snapshot["piles"][:6]] == ["5S", "6D", "QH", "KH", "JC", "AH"]
    text = json.dumps(snapshot)
    for hidden in ("2C", "3C", "4C", "7C", "8C", "9C"):
        assert f'"{hidden}"' not in text
    await ws.disconnect()


async def test_owner_moves_over_socket_and_every_watcher_gets_the_change(owner, game, make_player):
    ws = await watch_game(game.pk, owner[1])
    spectator = await watch_game(game.pk)
    await receive(ws), await receive(spectator)
    await ws.send_json_to({"action": "move", "positions": ["P1", "P2"], "request_id": "r-1"})
    replies = [await receive(ws), await receive(ws)]
    result = next(r for r in replies if r["type"] == "result")
    assert result["request_id"] == "r-1" and result["action"] == "move"
    assert result["removed"] == [{"position": "P1", "card": "5S"}, {"position": "P2", "card": "6D"}]
    assert result["game"]["score"] == 10 and result["game"]["version"] == 1
    pushed = await receive(spectator)
    assert pushed == {"type": "game", "game": pushed["game"]} and pushed["game"]["version"] == 1
    assert pushed["game"]["piles"][0] == {"position": "P1", "count": 1, "top": "2C"}
    assert await sync_to_async(GameEvent.objects.filter(game=game).count)() == 1
    await ws.disconnect(), await spectator.disconnect()


async def test_change_made_over_rest_reaches_the_socket(owner, game, api):
    ws = await watch_game(game.pk)
    await receive(ws)
    api.credentials(HTTP_AUTHORIZATION=f"Token {owner[1]}")
    response = await sync_to_async(api.post)(
        f"/api/v1/games/{game.pk}/moves", {"positions": ["P3", "P4", "P5"]}, format="json"
    )
    assert response.status_code == 200
    pushed = await receive(ws)
    assert pushed["game"]["version"] == 1 and pushed["game"]["score"] == 15
    assert pushed["game"]["piles"][2]["top"] == "4C"
    await ws.disconnect()


async def test_undo_and_tap_over_socket(make_player):
    player, token = await sync_to_async(make_player)("tapper", move_errors=True, placement_aid=True)
    game = await sync_to_async(hand_game)(player)
    ws = await watch_game(game.pk, token)
    await receive(ws)
    await ws.send_json_to({"action": "tap", "position": "P1", "request_id": 7})
    tap = await _result(ws)
    assert tap["request_id"] == 7 and tap["game"]["selection"] == ["P1"]
    assert tap["message"] is None and "P2" not in tap["dimmed"] and "P6" in tap["dimmed"]
    await ws.send_json_to({"action": "tap", "position": "P6"})  # 5 + A: not 11
    refused = await _result(ws)
    assert refused["message"] == {"code": "sum_must_be_11", "text": "The sum must equal 11"}
    assert refused["game"]["selection"] == [] and refused["removed"] is None
    await ws.send_json_to({"action": "move", "positions": ["P1", "P2"]})
    await _result(ws)
    await ws.send_json_to({"action": "undo", "expected_version": 3})
    undone = await _result(ws)
    assert undone["restored"] == [
        {"position": "P1", "card": "5S"},
        {"position": "P2", "card": "6D"},
    ]
    assert undone["game"]["moves"] == 0 and undone["game"]["version"] == 4
    await ws.disconnect()


async def test_the_owner_s_sockets_get_dimmed_and_nobody_else_does(make_player, api):
    """A second tab of the owner (a socket) shows what the owner's tap reply showed: its
    snapshot and every pushed change carry ``dimmed``; other watchers get null."""
    player, token = await sync_to_async(make_player)("aided", placement_aid=True)
    other, other_token = await sync_to_async(make_player)("other", placement_aid=True)
    game = await sync_to_async(hand_game)(player)
    await sync_to_async(actions.set_watchable)(player, game.pk, True)  # others may watch
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    tapped = (
        await sync_to_async(api.post)(
            f"/api/v1/games/{game.pk}/taps", {"position": "P5"}, format="json"
        )
    ).json()
    assert tapped["game"]["dimmed"] == ["P1", "P2", "P6", "R1", "R8"]  # JC: Q and K join it
    second_tab, spectator, stranger = (
        await watch_game(game.pk, token),
        await watch_game(game.pk),
        await watch_game(game.pk, other_token),
    )
    snapshots = [(await receive(ws))["game"] for ws in (second_tab, spectator, stranger)]
    assert [s["dimmed"] for s in snapshots] == [tapped["game"]["dimmed"], None, None]
    assert all(s["selection"] == ["P5"] for s in snapshots)
    response = await sync_to_async(api.post)(
        f"/api/v1/games/{game.pk}/taps", {"position": "P3"}, format="json"
    )
    pushed = [(await receive(ws))["game"] for ws in (second_tab, spectator, stranger)]
    assert pushed[0] == response.json()["game"] and pushed[0]["dimmed"] == [
        "P1",
        "P2",
        "P6",
        "R1",
        "R8",
    ]
    assert pushed[1] == pushed[2] == {**pushed[0], "dimmed": None}
    for ws in (second_tab, spectator, stranger):
        await ws.disconnect()


async def _result(ws):
    """The reply to this socket's own action (skipping the broadcast copy of the game)."""
    while True:
        message = await receive(ws)
        if message["type"] in ("result", "error"):
            return message


@pytest.mark.parametrize(
    "frame, code",
    [
        ("not json", "invalid_json"),
        ("[1, 2]", "invalid_request"),
        ('{"action": "fly"}', "unknown_action"),
        ('{"action": "move", "positions": "P1 P2"}', "invalid_request"),
        ('{"action": "move", "positions": ["P1", "P99"]}', "invalid_position"),
        ('{"action": "move", "positions": ["P1", "P6"]}', "sum_must_be_11"),
        ('{"action": "move", "positions": ["P1", "P1"]}', "duplicate_position"),
        ('{"action": "tap", "position": 5}', "invalid_request"),
        ('{"action": "tap", "position": "P7"}', "empty_position"),
        ('{"action": "undo"}', "nothing_to_undo"),
        ('{"action": "undo", "expected_version": "0"}', "invalid_request"),
        (
            '{"action": "move", "positions": ["P1", "P2"], "expected_version": 5}',
            "version_conflict",
        ),
        ('{"action": "undo", "request_id": {"a": 1}}', "invalid_request"),
        ("x" * 20000, "request_too_large"),
    ],
)
async def test_bad_frames_get_an_error_and_the_connection_survives(owner, game, frame, code):
    ws = await watch_game(game.pk, owner[1])
    await receive(ws)
    await ws.send_to(text_data=frame)
    error = await receive(ws)
    assert error["type"] == "error" and error["code"] == code and error["message"]
    # Nothing changed, and the socket still answers.
    assert (await sync_to_async(Game.objects.get)(pk=game.pk)).version == 0
    await ws.send_json_to({"action": "tap", "position": "P1", "request_id": "alive"})
    assert (await _result(ws))["request_id"] == "alive"
    await ws.disconnect()


async def test_watchers_cannot_act(owner, game, make_player):
    _, other_token = await sync_to_async(make_player)("other")
    anonymous = await watch_game(game.pk)
    other = await watch_game(game.pk, other_token)
    await receive(anonymous), await receive(other)
    await anonymous.send_json_to({"action": "move", "positions": ["P1", "P2"], "request_id": "a"})
    assert (await receive(anonymous))["code"] == "not_authenticated"
    await other.send_json_to({"action": "tap", "position": "P1"})
    assert (await receive(other))["code"] == "not_your_game"
    assert (await sync_to_async(Game.objects.get)(pk=game.pk)).version == 0
    await anonymous.disconnect(), await other.disconnect()


async def test_unknown_game_gets_an_error_and_is_closed(owner):
    ws = await watch_game(987654, owner[1])
    error = await receive(ws)
    assert error["type"] == "error" and error["code"] == "game_not_found"
    assert (await ws.receive_output(timeout=2)) == {"type": "websocket.close", "code": 4404}


async def test_errors_follow_the_players_language(make_player):
    player, token = await sync_to_async(make_player)("ivo", language="hr")
    game = await sync_to_async(hand_game)(player)
    ws = await watch_game(game.pk, token)
    await receive(ws)
    await ws.send_json_to({"action": "move", "positions": ["P1", "P6"]})
    error = await receive(ws)
    assert error["code"] == "sum_must_be_11" and error["message"] == "Zbroj mora biti jednak 11"
    await ws.disconnect()


async def test_accept_language_applies_without_a_player_setting(owner, game):
    ws = await watch_game(game.pk, owner[1], headers=[(b"accept-language", b"tr")])
    await receive(ws)
    await ws.send_json_to({"action": "move", "positions": ["P3", "P4"]})
    error = await receive(ws)
    assert error["code"] == "needs_jack_queen_king"
    assert error["message"] == "Bir Vale, bir Kız ve bir Papaz gerekir"
    await ws.disconnect()


async def test_the_actor_hears_its_result_before_the_change_s_game_frame(owner, game):
    """On the socket that acted, every answer comes first, then that change's `game` frame
    (docs/PROTOCOL.md §4): clients that wait for their `result` and then for the next `game`
    frame never miss it, whichever the relay delivers first."""
    ws = await watch_game(game.pk, owner[1])
    await receive(ws)
    taps = ["P5", "P3", "P4", "P6", "R1", "P5", "P3", "P4"]  # select J, Q, K; select A, 10; …
    for number, position in enumerate(taps, start=1):
        await ws.send_json_to({"action": "tap", "position": position, "request_id": number})
        first, second = await receive(ws), await receive(ws)
        assert first["type"] == "result" and first["request_id"] == number, (first, second)
        assert second["type"] == "game", second
        assert second["game"]["version"] == first["game"]["version"] == number
    await ws.disconnect()
