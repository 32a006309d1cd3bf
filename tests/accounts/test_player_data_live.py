"""Deleting an account closes every socket of the player at once (SPEC §12): those opened with
any of its tokens (game, daily board, its own channel) and those of a site session linked to
it, each with `token_revoked` then 4401; a watcher of another player's game stays open. Two
deletions at once are one. Under ASGI the archive streams block by block."""

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth import get_user_model
from django.db import connections
from django.test import Client

from games import actions
from games.accounts import services as accounts
from games.models import Player
from games.players import services as players
from games.privacy import services as privacy
from tests.support.api import post, url
from tests.support.sockets import game_path, open_socket, receive, watch_game

from .player_data import PASSWORD, client_with

pytestmark = pytest.mark.django_db(transaction=True)


async def closed_with(socket, code: int, error: str) -> None:
    frame = await receive(socket)
    while frame["type"] != "error":  # broadcasts of earlier changes
        frame = await receive(socket)
    assert frame["code"] == error, frame
    assert (await socket.receive_output(timeout=5)) == {"type": "websocket.close", "code": code}


def owner_with_devices():
    player, phone = players.create_player("Annabel Quist", "Annabel's phone")
    accounts.add_credentials(player, "annabel_q", PASSWORD)
    _, tablet = accounts.sign_in("annabel_q", PASSWORD, "Quist tablet")
    game = actions.start_game(player).game
    other, other_token = players.create_player("Bartholomew Zed")
    watched = actions.start_game(other).game
    actions.set_watchable(other, watched.pk, True)
    return player, phone, tablet, game, watched


async def test_every_socket_of_the_player_closes_at_once():
    player, phone, tablet, game, watched = await sync_to_async(owner_with_devices)()
    own = await open_socket(game_path(game.pk), phone)
    board = await open_socket(f"/ws/daily/{game.started_at.date().isoformat()}/", tablet)
    me = await open_socket("/ws/me/", tablet)
    elsewhere = await watch_game(watched.pk, phone)  # a watcher of Bob's game, as Ann
    bystander = await watch_game(watched.pk)  # anyone else watching Bob's game
    for socket in (own, board, elsewhere, bystander):
        await receive(socket)
    response = await sync_to_async(post)(
        client_with(tablet), url("account", "delete"), {"password": PASSWORD}
    )
    assert response.status_code == 204, response.content
    for socket in (own, board, me, elsewhere):
        await closed_with(socket, 4401, "token_revoked")
    # Bob's game and its other watcher go on.
    await sync_to_async(actions.tap)(
        await sync_to_async(Player.objects.get)(pk=watched.owner_id), watched.pk, "P1"
    )
    assert (await receive(bystander))["type"] == "game"
    await bystander.disconnect()


async def test_a_session_socket_of_the_player_closes_too():
    def linked():
        user = get_user_model().objects.create_user("sam", password="pw-for-tests-only-42")
        player, _ = players.create_player("Sam Session")
        Player.objects.filter(pk=player.pk).update(user=user)  # test setup: link the accounts
        player = Player.objects.get(pk=player.pk)
        game = actions.start_game(player).game
        client = Client()
        client.force_login(user)
        return player, game, client.cookies["sessionid"].value

    player, game, session = await sync_to_async(linked)()
    headers = [
        (b"cookie", f"sessionid={session}".encode()),
        (b"origin", b"http://127.0.0.1"),
        (b"host", b"127.0.0.1"),
    ]
    socket = await watch_game(game.pk, headers=headers)
    assert (await receive(socket))["type"] == "game"
    erased = await sync_to_async(privacy.delete_by_staff)(None, player.pk, "asked by mail")
    assert not erased.already
    await closed_with(socket, 4401, "token_revoked")
    # A new socket of that session is no longer the player's: it watches nothing private.
    again = await watch_game(game.pk, headers=headers)
    frame = await receive(again)
    assert frame["type"] == "error" and frame["code"] == "game_private", frame
    await again.disconnect()


def test_two_deletions_at_once_are_one_erasure():
    """Both devices delete at the same moment: one erasure, one record, and the other request
    either waited for it (and found it done) or met a token already gone."""
    from games.models import StaffAction

    from .conftest import at_once

    player, phone, tablet, _game, _watched = owner_with_devices()
    body = {"password": PASSWORD}
    # One request first: the contract check builds its validator then, not on two threads.
    assert client_with(phone).get(url("account")).status_code == 200
    answers = at_once(
        lambda: post(client_with(phone), url("account", "delete"), body).status_code,
        lambda: post(client_with(tablet), url("account", "delete"), body).status_code,
    )
    assert 204 in answers and set(answers) <= {204, 401}, answers
    records = StaffAction.objects.filter(action="delete_account", target=f"player:{player.pk}")
    assert records.count() == 1
    assert Player.objects.get(pk=player.pk).name == privacy.DELETED_NAME


async def test_under_asgi_the_archive_streams_block_by_block(monkeypatch):
    """daphne (ASGI) gets an asynchronous body, made block by block on a database thread, not
    read whole before sending (Django does that to a synchronous iterator). The request is an
    ASGI one as daphne's handler makes it; a real daphne serves it in the process tests."""
    import io
    import json

    from django.core.handlers.asgi import ASGIRequest

    from games.privacy import download

    monkeypatch.setattr(download, "BLOCK", 64)  # many blocks even for a small archive
    player, _phone, _tablet, game, _watched = await sync_to_async(owner_with_devices)()
    scope = {"type": "http", "method": "GET", "path": "/", "headers": [], "query_string": b""}
    response = download.archive_response(ASGIRequest(scope, io.BytesIO()), player)
    assert response.is_async
    try:
        blocks = [block async for block in response.streaming_content]
    finally:  # the blocks were read on the executor's database thread: close its connection
        await sync_to_async(connections.close_all, thread_sensitive=True)()
    assert len(blocks) > 5
    data = json.loads(b"".join(blocks))
    assert data["player"]["id"] == player.pk and [g["id"] for g in data["games"]] == [game.pk]
