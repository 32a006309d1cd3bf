"""A real daphne (ASGI, as ``make run`` serves) streams the archive: chunked, without a length
fixed ahead, every game with its log; then the account is deleted over the same server."""

import pytest

from tests.support.http import API, new_player

pytestmark = [pytest.mark.process, pytest.mark.slow]


def test_daphne_streams_the_archive_and_deletes_the_account(daphne_server):
    client = new_player(daphne_server, "Streamed Sally")
    games = []
    for _ in range(3):
        game = client.post(f"{API}/games", {}).body
        client.post(f"{API}/games/{game['id']}/taps", {"position": "P1"})
        games.append(game["id"])
    reply = client.get(f"{API}/account/export")
    assert reply.status == 200, reply
    assert (
        reply.headers.get("transfer-encoding") == "chunked"
        and "content-length" not in reply.headers
    )
    assert reply.headers["cache-control"] == "no-store"
    assert [g["id"] for g in reply.body["games"]] == games
    assert all(len(g["log"]) == 1 for g in reply.body["games"])
    assert client.post(f"{API}/account/delete", {"confirm": True}).status == 204
    assert client.get(f"{API}/players/me").status == 401
