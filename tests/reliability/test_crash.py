"""Crash safety: SIGKILL the server under load; no acknowledged change may be lost.

Client threads play their own games over HTTP against a daphne (and the HTTP workers: gunicorn
as compose runs them, and granian, the candidate, where installed) on PostgreSQL. The server is
killed outright (SIGKILL to its process group: no cleanup, transactions cut mid-way) and
restarted on the same port, twice. Afterwards every change whose response reached a client is
in the log under its game and version, nothing is half-applied (log numbered 1…version, stored
state equal to the replay, for every game), and play simply continues.

Whether a kill hits a request in flight is a matter of timing, not a guarantee: how often it
does is a figure of ``bench/crash.py``, not an assertion here.
"""

import pytest

from tests.support.load import LoadRun, check_stored
from tests.support.servers import HTTP_SERVERS

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

KILLS = 2
#: Changes acknowledged under load before each kill: the server is busy when it dies.
ACKS_BEFORE_KILL = 100
#: Changes acknowledged after each restart: play resumed on the restarted server.
ACKS_AFTER_RESTART = 20


@pytest.mark.parametrize("kind", ["daphne", *HTTP_SERVERS])  # HTTP workers: deployed, candidate
def test_every_acknowledged_move_survives_sigkill(start_server, kind):
    server = start_server(kind)
    run = LoadRun(server.url, clients=6).start()
    for _ in range(KILLS):
        run.wait_for_acks(len(run.acks) + ACKS_BEFORE_KILL)
        before = len(run.acks)
        server.kill()
        server.start()  # same port: the clients reconnect by themselves
        run.wait_for_acks(before + ACKS_AFTER_RESTART)
    run.finish()

    stored = check_stored(run)
    print(
        f"\ncrash ({kind}): {KILLS} SIGKILLs under load by {run.clients} clients: "
        f"{run.counts['sent']} changes sent, {stored.acknowledged} acknowledged, "
        f"{stored.found} found after restart, {run.counts['lost']} without an answer "
        f"(of which {stored.unacknowledged_applied} had committed), "
        f"{len(run.game_ids)} games verified; other replies {dict(run.counts)}"
    )
    assert stored.acknowledged > 50
    assert stored.missing == []
    assert stored.found == stored.acknowledged
    assert stored.problems == []
    assert not [k for k in run.counts if k.startswith("http_5")]
