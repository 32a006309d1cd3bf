"""Abuse limits at the entry point: the deployed nginx refuses a flooding token before Python.

nginx (``deploy/nginx.conf``, as deployed) runs in front of gunicorn. The service's own
throttles are raised out of reach here, so every 429 seen comes from nginx. One token floods
game actions from more connections than nginx's burst queue holds, while another player plays
at the same time: the flooder gets 429s carrying the service's error format and
``Retry-After``, its game changed only by the requests that were let through, and every
request of the other player succeeds.
"""

import os
import threading

import pytest

from tests.support import nginx
from tests.support.http import Http, new_player
from tests.support.moves import visible_cards
from tests.support.waiting import join_all

pytestmark = pytest.mark.process

#: More connections than nginx's burst (40): excess requests beyond it are refused at once.
FLOOD_THREADS = 64
#: The flood stops once this many requests were refused (each thread sends at most CAP).
REFUSALS = 60
CAP = 10
#: Fewer than the entry point's burst (40): these pass whatever the timing.
OTHER_PLAYER_REQUESTS = 30


@pytest.fixture
def entry(start_server):
    if not nginx.installed():
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("nginx is required in CI (.ci/run installs it)", pytrace=False)
        pytest.skip("nginx not installed (apt-get install nginx)")
    server = start_server(kind="gunicorn", HALFMOON_THROTTLE_GAME_ACTION="1000000/s")
    with nginx.Nginx(server.url) as proxy:
        yield proxy


def new_game(client: Http) -> tuple[str, dict, int]:
    """(game path, body of a tap on a visible card, version) of a new game."""
    game = client.post("/api/v1/games", {}).body
    return f"/api/v1/games/{game['id']}", {"position": visible_cards(game)[0][0]}, game["version"]


def test_a_flooding_token_is_refused_by_nginx_while_another_plays(entry):
    flooder, player = new_player(entry.url, "flooder"), new_player(entry.url, "player")
    flood_game, flood_tap, version = new_game(flooder)
    play_game, play_tap, _ = new_game(player)
    flood_replies, lock, enough = [], threading.Lock(), threading.Event()

    def flood():
        client = Http(entry.url, flooder.token)
        for _ in range(CAP):
            if enough.is_set():
                break
            reply = client.post(flood_game + "/taps", flood_tap)
            with lock:
                flood_replies.append(reply)
                if sum(r.status == 429 for r in flood_replies) >= REFUSALS:
                    enough.set()

    threads = [threading.Thread(target=flood) for _ in range(FLOOD_THREADS)]
    for thread in threads:
        thread.start()
    played = [player.post(play_game + "/taps", play_tap) for _ in range(OTHER_PLAYER_REQUESTS)]
    join_all(threads, 60, "a flooding thread never finished")

    assert [r.status for r in played] == [200] * OTHER_PLAYER_REQUESTS, played
    statuses = sorted({r.status for r in flood_replies})
    assert statuses == [200, 429], statuses
    refused = [r for r in flood_replies if r.status == 429]
    applied = len(flood_replies) - len(refused)
    for reply in refused:
        assert reply.headers["content-type"].startswith("application/json")
        assert reply.headers["retry-after"] == "1"
        assert reply.body["code"] == "throttled" and reply.body["message"]
    # Refused requests never reached the service: the game changed once per accepted tap.
    assert flooder.get(flood_game).body["version"] == version + applied
    # Reads are not counted against a write limit: the flooder still sees its game.
    assert flooder.get(flood_game).status == 200
    print(
        f"\nentry limits: flooder {applied} × 200, {len(refused)} × 429 from nginx; "
        f"other player {len(played)} × 200"
    )
