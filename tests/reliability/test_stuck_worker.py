"""A worker stuck inside a request serves again: the request waits on a row lock that nobody
releases (:mod:`tests.support.stuck`, as production gets a stuck worker: a session holding the
game's row that never lets go), PostgreSQL ends the wait after ``DATABASE_LOCK_TIMEOUT``
seconds (8 in the serving processes, under nginx's 10 s for an answer), the request is answered
503 ``service_unavailable`` with Retry-After and applied nowhere, and the same worker answers
the next request. Written once; the HTTP server is the parameter.

Why the wait is bounded rather than the worker killed: neither server kills a worker stuck
inside a request. gunicorn's gthread worker, as deployed, tells its master it is alive from its
main thread every second whatever its request thread does, so ``timeout`` never fires for a
stuck request (gunicorn's docs: for non-sync workers it "is not tied to the length of time
required to handle a single request"; measured: still stuck after 50 s); granian has no
per-request or worker timeout (``--workers-kill-timeout`` bounds the shutdown only).
docs/RELIABILITY.md section 8.
"""

import time

import pytest

from games.models import GameEvent
from tests.support.http import new_player
from tests.support.servers import HTTP_SERVERS
from tests.support.stuck import stuck_move, worker_pids
from tests.support.waiting import wait_until

pytestmark = [pytest.mark.postgres, pytest.mark.slow, pytest.mark.process]

#: The serving processes' DATABASE_LOCK_TIMEOUT (deploy/gunicorn.conf.py).
LOCK_LIMIT = 8
#: nginx's proxy_read_timeout: the answer must come before nginx gives up.
NGINX_WAITS = 10


@pytest.mark.parametrize("kind", HTTP_SERVERS)
def test_a_request_stuck_on_a_lock_ends_unapplied_and_its_worker_serves_again(start_server, kind):
    server = start_server(kind, WEB_CONCURRENCY=1)
    player = new_player(server.url, "stuck")
    workers = worker_pids(server)
    assert len(workers) == 1, workers
    with stuck_move(server, player, timeout=NGINX_WAITS + 20) as stuck:
        stuck_at = time.monotonic()
        stuck.sender.join(NGINX_WAITS + 20)
        answered_after = time.monotonic() - stuck_at
        assert stuck.row_locked()  # the lock was never released: the wait itself was ended
        wait_until(lambda: not stuck.backend_busy(), 15, "the worker's session stayed busy")
    print(f"\nstuck request ({kind}): answered {stuck.outcome} after {answered_after:.1f} s")
    assert stuck.outcome == [503], stuck.outcome
    assert LOCK_LIMIT - 1 <= answered_after < NGINX_WAITS
    assert not GameEvent.objects.filter(game_id=stuck.game["id"]).exists()  # nothing applied
    reply = player.post(f"/api/v1/games/{stuck.game['id']}/moves", stuck.move)
    assert reply.status == 200 and reply.body["version"] == 1  # play goes on…
    assert worker_pids(server) == workers  # …on the same worker: nothing had to be killed
