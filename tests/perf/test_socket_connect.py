"""A socket's connect (docs/PERFORMANCE.md): a watcher without credentials is admitted without
the trip to a thread that a token or a signed-in session needs for the player's lookup."""

import pytest
from asgiref.sync import sync_to_async

from games import actions
from realtime.auth import PlayerMiddleware
from tests.support.sockets import receive, watch_game

pytestmark = pytest.mark.django_db(transaction=True)


async def test_only_a_handshake_with_credentials_looks_a_player_up(make_player, monkeypatch):
    player, token = await sync_to_async(make_player)("owner")
    game = (await sync_to_async(actions.start_game)(player, "HM1-N-AAAAAAA")).game
    await sync_to_async(actions.set_watchable)(player, game.pk, True)
    looked_up = []
    find_player = PlayerMiddleware.find_player

    def counted(scope, presented):
        looked_up.append(presented)
        return find_player(scope, presented)

    monkeypatch.setattr(PlayerMiddleware, "find_player", staticmethod(counted))
    watcher = await watch_game(game.pk)
    assert (await receive(watcher))["game"]["version"] == 0
    assert looked_up == []
    owner = await watch_game(game.pk, token)
    assert (await receive(owner))["game"]["version"] == 0
    assert looked_up == [token]
    stranger = await watch_game(game.pk, "not-a-token")
    refused = await receive(stranger)
    assert refused["type"] == "error" and refused["code"] == "invalid_token", refused
    assert looked_up == [token, "not-a-token"]
    for socket in (watcher, owner, stranger):
        await socket.disconnect()
