"""Open sockets never outlive their credentials: a socket opened with a token stops acting the
moment the token is rotated or revoked, or the player suspended, and is closed (4401 / 4403)
live; settings changed over REST apply to sockets already open. A refused token is never a
silent watcher. Tokens come by header, subprotocol or (still) the URL."""

import pytest
from asgiref.sync import sync_to_async
from django.utils import translation
from rest_framework.test import APIClient

from games import actions
from games.accounts import services as accounts
from games.models import DeviceToken, Game, GameEvent
from games.moderation import services as moderation
from games.players import services as players
from games.transport.errors import UnknownAction
from tests.support.play import hand_game
from tests.support.sockets import communicator, game_path, open_socket, own_reply, receive

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "plum tart 1962"


def rest(token) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


async def closed_with(socket, code: int, error: str) -> None:
    """The socket's next messages: the error frame (broadcasts of earlier changes, which may
    come late through Redis, skipped), then the close code."""
    frame = await receive(socket)
    while frame["type"] == "game":
        frame = await receive(socket)
    assert frame["type"] == "error" and frame["code"] == error, frame
    assert (await socket.receive_output(timeout=5)) == {"type": "websocket.close", "code": code}


async def state(game_id) -> tuple[int, int]:
    game = await sync_to_async(Game.objects.get)(pk=game_id)
    events = await sync_to_async(GameEvent.objects.filter(game_id=game_id).count)()
    return game.version, events


@pytest.fixture
def table(make_player):
    """A player with credentials, a second device, and a game: (player, token, tablet, game)."""

    def make():
        player, token = make_player("owner")
        accounts.add_credentials(player, "owner_k", PASSWORD)
        _, tablet = accounts.sign_in("owner_k", PASSWORD, "tablet")
        game = hand_game(player)  # P1 5S, P2 6D, P3 QH, P4 KH, P5 JC, P6 AH
        return player, token, tablet, game

    return make


def _revoke_ways():
    """How a token stops being valid: (name, what the other device or staff does, close code,
    error)."""

    def tokens(player):
        return list(DeviceToken.objects.filter(player=player).order_by("id"))

    return {
        "rotated": lambda p, t, tablet: rest(t).post("/api/v1/players/me/token"),
        "signed out": lambda p, t, tablet: rest(t).delete("/api/v1/players/me/token"),
        "revoked from another device": lambda p, t, tablet: rest(tablet).delete(
            f"/api/v1/players/me/tokens/{tokens(p)[0].pk}"
        ),
        "others revoked": lambda p, t, tablet: rest(tablet).post(
            "/api/v1/players/me/tokens/revoke-others"
        ),
        "password changed elsewhere": lambda p, t, tablet: rest(tablet).post(
            "/api/v1/account/password",
            {"current_password": PASSWORD, "new_password": PASSWORD + "!"},
            format="json",
        ),
        "staff revoked the devices": lambda p, t, tablet: moderation.revoke_devices(
            None, p.pk, "lost phone"
        ),
        "staff locked the account": lambda p, t, tablet: moderation.lock_account(
            None, p.pk, "taken over"
        ),
    }


REVOKE_WAYS = _revoke_ways()


@pytest.mark.parametrize("way", REVOKE_WAYS)
async def test_taps_stop_at_once_when_the_token_is_revoked(table, way):
    player, token, tablet, game = await sync_to_async(table)()
    socket = await open_socket(game_path(game.pk), token)
    await receive(socket)
    await socket.send_json_to({"action": "tap", "position": "P1", "request_id": 1})
    assert (await own_reply(socket))["type"] == "result"
    before = await state(game.pk)
    response = await sync_to_async(REVOKE_WAYS[way])(player, token, tablet)
    assert getattr(response, "status_code", 200) < 300
    # At once: the very next tap is refused, whether or not the live notice came first.
    await socket.send_json_to({"action": "tap", "position": "P2", "request_id": 2})
    await closed_with(socket, 4401, "token_revoked")
    assert await state(game.pk) == before


async def test_a_revoked_socket_is_closed_live_without_sending_anything(table):
    player, token, tablet, game = await sync_to_async(table)()
    socket = await open_socket(game_path(game.pk), token)
    board = await open_socket("/ws/daily/2026-01-01/", token)
    other = await open_socket(game_path(game.pk), tablet)
    for each in (socket, board, other):
        await receive(each)
    await sync_to_async(rest(tablet).post)("/api/v1/players/me/tokens/revoke-others")
    await closed_with(socket, 4401, "token_revoked")
    await closed_with(board, 4401, "token_revoked")
    # The device that revoked the others keeps acting.
    await other.send_json_to({"action": "tap", "position": "P1"})
    assert (await own_reply(other))["type"] == "result"
    await other.disconnect()


async def test_suspension_closes_the_players_sockets_and_stops_its_taps(table):
    player, token, tablet, game = await sync_to_async(table)()
    sockets = [await open_socket(game_path(game.pk), t) for t in (token, tablet)]
    for socket in sockets:
        await receive(socket)
    before = await state(game.pk)
    await sync_to_async(moderation.suspend)(None, player.pk, "spam")
    await sockets[0].send_json_to({"action": "tap", "position": "P1"})
    for socket in sockets:
        await closed_with(socket, 4403, "token_suspended")
    assert await state(game.pk) == before
    # And a new socket with the token is refused, not downgraded to a watcher.
    again = await open_socket(game_path(game.pk), token)
    await closed_with(again, 4403, "token_suspended")


async def test_settings_changed_over_rest_apply_to_open_sockets(make_player):
    player, token = await sync_to_async(make_player)("owner")
    game = await sync_to_async(hand_game)(player)
    socket = await open_socket(game_path(game.pk), token)
    await receive(socket)
    await socket.send_json_to({"action": "tap", "position": "P1"})
    assert (await own_reply(socket))["dimmed"] is None
    changed = await sync_to_async(rest(token).patch)(
        "/api/v1/players/me",
        {"settings": {"placement_aid": True, "move_errors": True, "language": "hr"}},
        format="json",
    )
    assert changed.status_code == 200
    await socket.send_json_to({"action": "tap", "position": "P1"})  # deselect
    reply = await own_reply(socket)
    assert reply["type"] == "result" and reply["dimmed"] is not None
    await socket.send_json_to({"action": "tap", "position": "P3"})  # QH: select
    await socket.send_json_to({"action": "tap", "position": "P1"})  # 5S cannot join a queen
    await own_reply(socket)
    refused = await own_reply(socket)
    assert refused["message"] is not None and refused["message"]["code"]
    await socket.send_json_to({"action": "fly"})
    error = await own_reply(socket)
    english = str(UnknownAction.default_message)
    with translation.override("hr"):
        assert error["message"] == str(UnknownAction.default_message) != english
    await socket.disconnect()


async def test_a_settings_change_reaches_open_sockets_live(make_player):
    """Without an action in between: the notice alone updates the socket's player."""
    player, token = await sync_to_async(make_player)("owner")
    game = await sync_to_async(hand_game)(player)
    communicator_ = communicator(game_path(game.pk), token)
    assert (await communicator_.connect())[0]
    await receive(communicator_)
    await sync_to_async(players.update_settings)(player, placement_aid=True)
    from realtime.publisher import credentials_group
    from realtime.relay import Relay
    from tests.support.waiting import wait_until_async

    def socket_player_aided():
        relay = Relay.current()
        sockets = relay.watchers.get(credentials_group(player.pk), set())
        return sockets and all(w.player.placement_aid for w in sockets)

    await wait_until_async(socket_player_aided, 5, "the socket's player did not follow")
    await communicator_.disconnect()


@pytest.mark.parametrize(
    "how, token",
    [
        (how, token)
        for how in ("query", "header", "subprotocol")
        for token in ("not-a-token", "revoked", "")
        if (how, token) != ("query", "")  # an empty ?token= is no token at all
    ],
)
async def test_a_refused_token_is_closed_not_downgraded_to_a_watcher(make_player, how, token):
    player, good = await sync_to_async(make_player)("owner")
    game = await sync_to_async(hand_game)(player)
    if token == "revoked":
        await sync_to_async(players.revoke_all_tokens)(player.pk)
        token = good
    socket = await _connect(game.pk, token, how)
    await closed_with(socket, 4401, "invalid_token")


async def _connect(game_id, token, how):
    path, headers, subprotocols = game_path(game_id), [], None
    if how == "query":
        path += f"?token={token}"
    elif how == "header":
        headers = [(b"authorization", f"Bearer {token}".encode())]
    else:
        subprotocols = ["halfmoon", f"halfmoon.token.{token}"]
    socket = communicator(path, headers=headers, subprotocols=subprotocols)
    connected, selected = await socket.connect()
    assert connected
    socket.selected = selected
    return socket


@pytest.mark.parametrize("how", ["query", "header", "subprotocol"])
async def test_every_way_of_sending_the_token_acts_as_the_player(make_player, how):
    player, token = await sync_to_async(make_player)("owner")
    game = await sync_to_async(hand_game)(player)
    socket = await _connect(game.pk, token, how)
    assert socket.selected == ("halfmoon" if how == "subprotocol" else None)
    assert (await receive(socket))["type"] == "game"
    await socket.send_json_to({"action": "tap", "position": "P1"})
    assert (await own_reply(socket))["type"] == "result"
    await socket.disconnect()


async def test_a_watcher_without_a_token_still_watches(make_player):
    player, _ = await sync_to_async(make_player)("owner")
    game = await sync_to_async(hand_game)(player)
    await sync_to_async(actions.set_watchable)(player, game.pk, True)  # others may watch it
    socket = await open_socket(game_path(game.pk))
    assert (await receive(socket))["type"] == "game"
    await sync_to_async(actions.tap)(player, game.pk, "P1")
    assert (await receive(socket))["game"]["version"] == 1
    await socket.disconnect()
