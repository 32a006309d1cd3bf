"""The boards and statistics read from a replica (``DATABASE_REPLICA_URL``, games.core.replica,
docs/CAPACITY.md section 3), routed explicitly: each query is captured on the connection that ran
it (``execute_wrapper``) while the endpoints answer through the test client.

The ``replica`` alias here mirrors the test database (a second connection to it, as
``TEST: {"MIRROR": "default"}`` makes one): committed transactions (``transaction=True``), so the
mirror sees what the primary wrote. The setups are the query-count table's (same worlds).
"""

from __future__ import annotations

import copy
import datetime as dt
import json
import logging
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.conf import settings
from django.db import connections, transaction
from django.db.utils import load_backend

from games.core import metrics, replica
from games.models import Rating
from tests.perf.helpers import Actor, send
from tests.perf.test_query_counts import (
    challenges_board,
    daily_leaderboard,
    players_stats,
    ratings_board,
    seasons_board,
    seasons_current,
)

_CONFIGURED = replica.REPLICA in settings.DATABASES
pytestmark = pytest.mark.django_db(
    transaction=True, databases=["default", replica.REPLICA] if _CONFIGURED else ["default"]
)

WRITE = re.compile(r"^\s*(INSERT|UPDATE|DELETE|SAVEPOINT|BEGIN)|FOR UPDATE|pg_advisory", re.I)


def _mirror(config: dict):
    """A ``replica`` connection of ``config``, made by hand: the test case allows a connection
    made at run time (one not in ``settings.DATABASES``), as it would not a configured alias
    missing from its ``databases``."""
    connection = load_backend(config["ENGINE"]).DatabaseWrapper(config, replica.REPLICA)
    setattr(connections._connections, replica.REPLICA, connection)
    return connection


def _drop_mirror() -> None:
    connections[replica.REPLICA].close()
    delattr(connections._connections, replica.REPLICA)


@pytest.fixture
def replica_alias(monkeypatch):
    """The ``replica`` alias, a mirror of the test database (made for this test unless the run
    has ``DATABASE_REPLICA_URL``), with the outage breaker closed."""
    replica._down_until = 0.0
    if _CONFIGURED:
        yield connections[replica.REPLICA]
    else:
        monkeypatch.setattr(replica, "configured", lambda: True)
        yield _mirror(copy.deepcopy(connections[replica.PRIMARY].settings_dict))
        _drop_mirror()
    replica._down_until = 0.0


class Captured:
    def __init__(self) -> None:
        self.on: dict[str, list[str]] = {replica.PRIMARY: [], replica.REPLICA: []}

    def tables(self, alias: str) -> str:
        return "\n".join(self.on[alias])


@contextmanager
def captured() -> Iterator[Captured]:
    seen = Captured()

    def recorder(alias):
        def record(execute, sql, params, many, context):
            seen.on[alias].append(sql)
            return execute(sql, params, many, context)

        return record

    primary, mirror = connections[replica.PRIMARY], connections[replica.REPLICA]
    with (
        primary.execute_wrapper(recorder(replica.PRIMARY)),
        mirror.execute_wrapper(recorder(replica.REPLICA)),
    ):
        yield seen
    assert not [sql for sql in seen.on[replica.REPLICA] if WRITE.search(sql)], seen.on


def _call(call):
    response = send(call.client, call.method, call.path, call.body, call.params)
    assert response.status_code == 200, response.content[:2000]
    body = response.json()
    assert call.check(body), body
    return body


#: endpoint's setup → the table its page reads (which must be read on the replica).
BOARDS = {
    "daily_leaderboard": (daily_leaderboard, "games_leaderboardentry"),
    "seasons_board": (seasons_board, "games_seasonentry"),
    "seasons_current": (seasons_current, "games_season"),
    "challenges_board": (challenges_board, "games_challengeattempt"),
    "ratings_board": (ratings_board, "games_rating"),
    "players_stats": (players_stats, "games_game"),
}


def _age_own_changes(world) -> None:
    """Every own change made by the setup older than the replica's allowed lag."""
    world.fake.advance(seconds=settings.DATABASE_REPLICA_MAX_LAG + 1)
    Rating.objects.update(updated_at=world.fake() - dt.timedelta(hours=1))


@pytest.mark.parametrize("operation", BOARDS)
def test_each_board_and_statistics_page_reads_the_replica(operation, query_world, replica_alias):
    setup, table = BOARDS[operation]
    call = setup(query_world, 3)
    _age_own_changes(query_world)
    with captured() as seen:
        _call(call)
    assert table in seen.tables(replica.REPLICA), seen.on
    # on the primary: the token, and at most the caller's own row (read-your-writes)
    assert len([sql for sql in seen.on[replica.PRIMARY] if table in sql]) <= 1, seen.on


def test_the_replica_alias_comes_from_database_replica_url():
    """Parsed as ``DATABASE_URL`` is, a mirror of the primary in tests, failing fast."""
    code = (
        "import django, json; from django.conf import settings; django.setup();"
        "r = settings.DATABASES['replica'];"
        "print(json.dumps([r['HOST'], r['PORT'], r['NAME'], r['TEST']['MIRROR'],"
        " r['OPTIONS']['connect_timeout'], settings.DATABASE_REPLICA_MAX_LAG]))"
    )
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "REDIS_URL"))}
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={
            **environ,
            "DJANGO_SETTINGS_MODULE": "halfmoon_service.settings",
            "DATABASE_URL": "postgres://u@primary.example:5432/hm",
            "DATABASE_REPLICA_URL": "postgres://u@standby.example:5433/hm",
            "DATABASE_REPLICA_MAX_LAG": "4",
        },
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == ["standby.example", 5433, "hm", "default", 2, 4]


def test_without_the_alias_everything_reads_the_primary(query_world):
    assert not replica.configured() or _CONFIGURED
    if _CONFIGURED:
        pytest.skip("this run has DATABASE_REPLICA_URL")
    call = daily_leaderboard(query_world, 3)
    _age_own_changes(query_world)
    assert replica.read_alias() == replica.PRIMARY
    _call(call)


def test_a_board_read_right_after_ones_own_finish_reads_the_primary(query_world, replica_alias):
    """Read-your-writes: the caller's entry is seconds old, so its board comes from the
    primary (and shows it, whatever the replica's lag); once older than the allowed lag, the
    replica."""
    call = daily_leaderboard(query_world, 3)  # the caller's attempt ended a second ago
    with captured() as seen:
        body = _call(call)
    assert body["me"] is not None
    assert "games_leaderboardentry" not in seen.tables(replica.REPLICA), seen.on
    query_world.fake.advance(seconds=settings.DATABASE_REPLICA_MAX_LAG + 1)
    with captured() as seen:
        _call(call)
    assert "games_leaderboardentry" in seen.tables(replica.REPLICA)


def test_a_challenge_board_right_after_ones_own_attempt_reads_the_primary(
    query_world, replica_alias
):
    call = challenges_board(query_world, 3)
    with captured() as seen:
        _call(call)
    assert "games_challengeattempt" not in seen.tables(replica.REPLICA), seen.on


def test_ones_own_statistics_read_the_primary(query_world, replica_alias):
    me = Actor()
    me.call("post", "games", body={}, status=201)
    query_world.fake.advance(seconds=settings.DATABASE_REPLICA_MAX_LAG + 1)
    with captured() as seen:
        body = me.call("get", "players", me.id, "stats")
    assert body["games_played"] == 1
    assert seen.on[replica.REPLICA] == [], seen.on
    with captured() as seen:
        assert Actor().call("get", "players", me.id, "stats")["games_played"] == 1
    assert "games_game" in seen.tables(replica.REPLICA)


def test_writes_and_locked_reads_never_reach_the_replica(query_world, replica_alias):
    """Creating players, games, moves, a daily attempt, a resign, a follow, a challenge: the
    replica runs nothing (the capture also refuses any write or lock on it in every test)."""
    with captured() as seen:
        daily_leaderboard(query_world, 2)
        challenges_board(query_world, 1)
        me, other = Actor(), Actor()
        me.call("put", "players", "me", "following", other.id, status=201)
    assert seen.on[replica.REPLICA] == [], seen.on[replica.REPLICA][:5]
    if connections[replica.PRIMARY].vendor == "postgresql":  # the row locks were taken there
        assert any("FOR UPDATE" in sql for sql in seen.on[replica.PRIMARY])


def test_a_lagging_read_inside_a_transaction_stays_on_the_primary(replica_alias):
    inside = []

    @replica.lagging
    def read():
        inside.append(replica.read_alias())

    read()
    with transaction.atomic():
        read()
    assert inside == [replica.REPLICA, replica.PRIMARY]
    assert replica.read_alias() == replica.PRIMARY  # outside a lagging read: the primary


@pytest.fixture
def dead_replica(replica_alias):
    """The replica alias pointing at a database that cannot be reached."""
    config = copy.deepcopy(replica_alias.settings_dict)
    _drop_mirror()
    if config["ENGINE"].endswith("postgresql"):
        from tests.support.ports import free_port

        config["PORT"] = str(free_port())  # nothing listens there
        config.setdefault("OPTIONS", {})["connect_timeout"] = 2
    else:
        config["NAME"] = "/nonexistent-directory/replica.sqlite3"
    yield _mirror(config)
    _drop_mirror()
    _mirror(copy.deepcopy(connections[replica.PRIMARY].settings_dict))


def test_a_replica_down_falls_back_to_the_primary_counted_and_logged(
    query_world, dead_replica, caplog
):
    call = daily_leaderboard(query_world, 3)
    _age_own_changes(query_world)
    before = metrics.REPLICA_FALLBACKS._value.get()
    with caplog.at_level(logging.WARNING, logger="games.core.replica"):
        body = _call(call)
        assert len(body["results"]) == 3
        assert metrics.REPLICA_FALLBACKS._value.get() == before + 1
        assert "read replica is unavailable" in caplog.text
        # for a moment the process does not try it again: the next read goes to the primary
        _call(call)
    assert metrics.REPLICA_FALLBACKS._value.get() == before + 1
    assert replica.down()
    assert caplog.text.count("read replica is unavailable") == 1
    statistics = Actor().call("get", "players", Actor().id, "stats")
    assert statistics["games_played"] == 0
