"""A worker stuck on one request longer than the limit (30 s, gunicorn's ``timeout`` in
deploy/gunicorn.conf.py; nginx gives up on the answer after 10 s) is killed and replaced, so
the server serves again, and the request it was stuck on is not applied.

The worker is made stuck as production would make it (:mod:`tests.support.stuck`: its move
waits behind a row lock nobody releases). One worker, so the server answers again only once
it is replaced. Written once; the HTTP server is the parameter.
"""

import time

import pytest

from games.models import GameEvent
from tests.support.http import healthy, new_player
from tests.support.servers import HTTP_SERVERS
from tests.support.stuck import stuck_move, worker_pids
from tests.support.waiting import wait_until

pytestmark = [pytest.mark.postgres, pytest.mark.slow, pytest.mark.process]

#: How long a worker may spend on one request before it is killed (gunicorn's ``timeout``).
LIMIT = 30
#: What replacing it may take beyond that (the master's check, a new worker's boot).
REPLACING = 20

#: Neither server kills a worker stuck inside a request (measured: still stuck after 50 s).
#: gunicorn's gthread worker, as deployed, tells its master it is alive from its main thread
#: every second whatever its request thread does, so ``timeout`` never fires for a stuck
#: request (gunicorn's docs: for non-sync workers it "is not tied to the length of time
#: required to handle a single request"); granian has no per-request or worker timeout at all
#: (``--workers-kill-timeout`` bounds the shutdown only).
NOT_KILLED = {
    "gunicorn": "gthread workers heartbeat from their main thread: gunicorn's timeout never fires",
    "granian": "granian has no per-request worker timeout (--workers-kill-timeout: shutdown only)",
}


@pytest.mark.parametrize(
    "kind",
    [
        pytest.param(kind, marks=pytest.mark.xfail(strict=True, reason=NOT_KILLED[kind]))
        for kind in HTTP_SERVERS
    ],
)
def test_a_worker_stuck_past_the_limit_is_killed_and_replaced(start_server, kind):
    server = start_server(kind, WEB_CONCURRENCY=1)
    player = new_player(server.url, "stuck")
    workers = worker_pids(server)
    assert len(workers) == 1, workers
    with stuck_move(server, player, timeout=LIMIT + REPLACING + 30) as stuck:
        stuck_at = time.monotonic()
        # The server serves again, from a new worker, within the limit and its replacement.
        wait_until(
            lambda: healthy(server.url) and not workers & worker_pids(server),
            LIMIT + REPLACING,
            lambda: f"{kind} never replaced its stuck worker:\n{server.output()[-3000:]}",
            interval=0.5,
        )
        replaced_after = time.monotonic() - stuck_at
        stuck.holder.rollback()  # the lock goes; the killed worker's session finds no client
        wait_until(lambda: not stuck.backend_busy(), 15, "the killed worker's session stayed")
    stuck.sender.join(30)
    print(
        f"\nstuck worker ({kind}): replaced {replaced_after:.1f} s after it got stuck; "
        f"its request ended with {stuck.outcome}"
    )
    assert stuck.outcome and stuck.outcome[0] not in range(200, 300)  # never acknowledged…
    assert not GameEvent.objects.filter(game_id=stuck.game["id"]).exists()  # …nor applied
    reply = player.post(f"/api/v1/games/{stuck.game['id']}/moves", stuck.move)
    assert reply.status == 200 and reply.body["version"] == 1  # play goes on
