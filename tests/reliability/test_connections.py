"""Database connections stay bounded under concurrent load.

Under ASGI every HTTP request runs in a thread of its own; with persistent connections
(``CONN_MAX_AGE`` > 0) each of those threads left a connection open, and one daphne under 8
concurrent clients held ~80 of PostgreSQL's 100 connections (then: "too many clients already",
500s). Requests must close their connection.
"""

import threading

import pytest
from django.db import connection

from tests.support.http import Http, new_player
from tests.support.waiting import wait_until

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

CLIENTS = 8
REQUESTS = 25


def open_connections() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()")
        return cursor.fetchone()[0]


def test_concurrent_requests_do_not_pile_up_database_connections(start_server):
    server = start_server()
    token = new_player(server.url, "busy").token
    baseline = open_connections()
    statuses, peak = [], [baseline]

    def client():
        http = Http(server.url, token)
        for _ in range(REQUESTS):
            statuses.append(http.get("/api/v1/players/me").status)

    threads = [threading.Thread(target=client) for _ in range(CLIENTS)]
    for thread in threads:
        thread.start()

    def finished() -> bool:
        peak.append(open_connections())  # sampled for as long as the clients run
        return not any(thread.is_alive() for thread in threads)

    wait_until(finished, 120, "the clients did not finish their requests", interval=0)
    print(
        f"\nconnections: baseline {baseline}, peak {max(peak)} during "
        f"{CLIENTS}x{REQUESTS} concurrent requests"
    )
    assert statuses == [200] * CLIENTS * REQUESTS
    # At most one connection per request in flight (plus the health probe's), never a pile.
    assert max(peak) - baseline <= CLIENTS + 2
