"""A change whose transaction the database failed under (a failover, a switchover) is run again
on a new connection where that cannot apply it twice, and answered 503 where it could
(:mod:`games.core.transactions`; docs/OPERATIONS.md, "Fail over").

Each fault is made on the real PostgreSQL session the request runs on: the server turned
read-only under a kept connection (what a drained primary does), the session ended by the
server mid-transaction (what a primary's shutdown does), and a ``COMMIT`` whose answer never
came back, stored or not (the connection cut while the server committed). The switchover of
``tests/reliability/test_failover.py`` shows the same across hosts, under load.
"""

from __future__ import annotations

import contextlib
import math
import time

import psycopg
import pytest
from django.db import connection, connections
from django.db.backends.postgresql import base as django_postgresql
from django.db.utils import OperationalError
from prometheus_client import REGISTRY

from games.core import deadline
from games.core.signals import game_changed
from games.core.transactions import retried
from games.models import GameEvent, Player
from halfmoon_service.postgresql import base as postgresql
from tests.support.api import assert_error, post, url
from tests.support.waiting import wait_until

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def serving(settings, monkeypatch):
    """The serving processes' setting: a request waits up to 4 s for a writable server (this
    process has not given up waiting lately)."""
    settings.DATABASE_CONNECT_WAIT = 4
    monkeypatch.setattr(postgresql.DatabaseWrapper, "gave_up_at", -math.inf)
    connection.ensure_connection()
    connection.close_at = None  # kept, as DATABASE_CONN_MAX_AGE keeps it in the servers
    return settings


@pytest.fixture
def game(player_client):
    client, player = player_client()
    created = post(client, url("games"), {})
    assert created.status_code == 201, created.content
    return client, created.json()


@pytest.fixture
def published():
    """The game changes published after commit (what the sockets are sent)."""
    seen: list[dict] = []

    def receive(sender, payload, **kwargs):
        seen.append(payload)

    game_changed.connect(receive)
    yield seen
    game_changed.disconnect(receive)


def retries(outcome: str) -> float:
    sample = REGISTRY.get_sample_value("halfmoon_transaction_retries_total", {"outcome": outcome})
    return sample or 0


def session() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def log_of(game_id: int) -> list[tuple[int, str, str]]:
    entries = GameEvent.objects.filter(game_id=game_id).order_by("seq")
    return list(entries.values_list("seq", "kind", "positions"))


def tap(client, game_id: int, position: str = "P1"):
    """A tap without ``expected_version``: applied twice, it would select and then deselect
    (two log entries), so a double application cannot hide."""
    return post(client, url("games", game_id, "taps"), {"position": position})


def refusing_connections(monkeypatch, error: str = "connection refused") -> list[float]:
    """From now on every new connection is refused at once (no server takes writes), and the
    current one is closed; returns the list the attempts' moments are added to."""
    attempts: list[float] = []

    def no_server(self, conn_params):
        attempts.append(time.monotonic())
        raise psycopg.OperationalError(error)

    monkeypatch.setattr(django_postgresql.DatabaseWrapper, "get_new_connection", no_server)
    connection.close()
    return attempts


def tap_with_no_writable_server(client, game_id: int, monkeypatch, attempted):
    """A tap made while no server takes writes: the request's session turns read-only, and
    every new connection is refused, each attempt first passed to ``attempted`` (the
    connection wrapper). Returns the answer and ``time.monotonic()`` before and after it."""

    def no_server(self, conn_params):
        attempted(self)
        raise psycopg.OperationalError("connection refused")

    with connection.cursor() as cursor:
        cursor.execute("SET default_transaction_read_only = on")
    monkeypatch.setattr(django_postgresql.DatabaseWrapper, "get_new_connection", no_server)
    before = time.monotonic()
    refused = tap(client, game_id)
    after = time.monotonic()
    monkeypatch.undo()
    return refused, before, after


def terminate(pid: int) -> None:
    """The server ends the session ``pid`` (``pg_terminate_backend``, as its shutdown does),
    from a connection of its own; returns once the session is gone."""
    other = connections.create_connection("default")
    try:
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])

        def gone() -> bool:
            with other.cursor() as cursor:
                cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", [pid])
                return cursor.fetchone()[0] == 0

        wait_until(gone, 10, f"session {pid} still there")
    finally:
        other.close()


@contextlib.contextmanager
def cut_before(statement: str):
    """The session ended by the server just before the first statement starting with
    ``statement`` is sent: inside the transaction, before its ``COMMIT``."""
    cuts: list[int] = []

    def wrapper(execute, sql, params, many, context):
        if not cuts and sql.lstrip().startswith(statement):
            cuts.append(session_pid(context["connection"]))
            terminate(cuts[0])
        return execute(sql, params, many, context)

    with connection.execute_wrapper(wrapper):
        yield cuts


def session_pid(db) -> int:
    return db.connection.info.backend_pid


@contextlib.contextmanager
def commit_answer_lost(stored: bool, of: str):
    """The ``COMMIT`` of the first transaction that runs a statement starting with ``of``
    never answers: the server committed it (``stored``) or never received it (the session
    ended first); either way the connection is gone and the caller sees what libpq reports for
    a connection lost mid-command."""
    real = connection._commit
    armed: list[bool] = []
    lost: list[int] = []

    def watch(execute, sql, params, many, context):
        if not lost and sql.lstrip().startswith(of):
            armed.append(True)
        return execute(sql, params, many, context)

    def commit():
        if not armed or lost:
            return real()
        lost.append(session_pid(connection))
        if stored:
            real()
        else:
            terminate(lost[0])
        connection.connection.close()
        with connection.wrap_database_errors:
            raise psycopg.OperationalError("server closed the connection unexpectedly")

    connection._commit = commit
    try:
        with connection.execute_wrapper(watch):
            yield lost
    finally:
        del connection._commit


#: The first statement of a game change's write (the row's update and its log entry).
CHANGE = "WITH changed AS"


def test_a_change_meeting_a_server_turned_read_only_is_run_again_on_the_new_primary(
    serving, game, published
):
    """A kept connection whose server was drained (read-only) meets the change: the server
    refused its write (so the transaction wrote nothing); it runs again on a new connection,
    and the client is told it was applied, once."""
    client, started = game
    before = session()
    with connection.cursor() as cursor:  # what a reload of the drained server does to a session
        cursor.execute("SET default_transaction_read_only = on")
    again = retries("again")
    answer = tap(client, started["id"])
    assert answer.status_code == 200, answer.content
    assert answer.json()["game"]["version"] == started["version"] + 1
    assert log_of(started["id"]) == [(1, "tap", "P1")]
    assert session() != before  # the read-only session was dropped
    assert retries("again") == again + 1
    assert [p["version"] for p in published] == [1]


def test_a_change_whose_session_the_server_ended_mid_transaction_is_run_again_once(
    serving, game, published
):
    """The old primary shuts down while the change's transaction is open (nothing committed):
    the change runs again on a new connection and is applied once."""
    client, started = game
    with cut_before(CHANGE) as cuts:
        answer = tap(client, started["id"])
    assert cuts, "the session was not cut"
    assert answer.status_code == 200, answer.content
    assert answer.json()["game"]["version"] == 1
    assert log_of(started["id"]) == [(1, "tap", "P1")]
    assert [p["version"] for p in published] == [1]


def test_a_commit_whose_answer_was_lost_but_is_stored_is_not_applied_again(
    serving, game, published
):
    """The classic trap: the server committed, the answer was lost. Running the tap again
    would deselect what it selected; the check finds its log entry stored, and the first
    run's outcome is the answer (published once)."""
    client, started = game
    stored = retries("stored")
    with commit_answer_lost(stored=True, of=CHANGE) as lost:
        answer = tap(client, started["id"])
    assert lost
    assert answer.status_code == 200, answer.content
    assert answer.json()["game"]["version"] == 1
    assert log_of(started["id"]) == [(1, "tap", "P1")]
    assert retries("stored") == stored + 1
    assert [p["version"] for p in published] == [1]


def test_a_commit_whose_answer_was_lost_and_is_not_stored_is_applied_once(serving, game, published):
    client, started = game
    with commit_answer_lost(stored=False, of=CHANGE) as lost:
        answer = tap(client, started["id"])
    assert lost
    assert answer.status_code == 200, answer.content
    assert log_of(started["id"]) == [(1, "tap", "P1")]
    assert [p["version"] for p in published] == [1]


def test_a_game_started_whose_commit_answer_was_lost_is_started_once(serving, player_client):
    client, player = player_client()
    with commit_answer_lost(stored=True, of='INSERT INTO "games_game"') as lost:
        answer = post(client, url("games"), {})
    assert lost
    assert answer.status_code == 201, answer.content
    assert list(player.games.values_list("id", flat=True)) == [answer.json()["id"]]


def test_a_transaction_without_a_check_whose_commit_answer_was_lost_is_not_run_again(serving):
    """Without a way to tell whether it is stored (nor idempotent), a transaction whose commit
    answer was lost is not run again: the caller answers 503 (the outcome is unknown)."""
    runs: list[int] = []

    @retried()
    def create() -> Player:
        runs.append(1)
        return Player.objects.create(name="Zed")

    gave_up = retries("gave_up")
    with commit_answer_lost(stored=True, of="INSERT"), pytest.raises(OperationalError):
        create()
    assert runs == [1]
    assert Player.objects.filter(name="Zed").count() == 1
    assert retries("gave_up") == gave_up + 1


def test_retries_stop_after_the_wait_and_the_change_is_a_503_that_changed_nothing(serving, game):
    """No server takes writes for longer than DATABASE_CONNECT_WAIT: the request is answered
    503 with Retry-After, nothing applied."""
    client, started = game
    serving.DATABASE_CONNECT_WAIT = 1
    name = connection.settings_dict["NAME"]
    with connection.cursor() as cursor:  # every new session read-only: a primary drained
        cursor.execute(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on')
        cursor.execute("SET default_transaction_read_only = on")
    try:
        refused = tap(client, started["id"])
    finally:
        connection.close()
        with connection.cursor() as cursor:
            cursor.execute("SET default_transaction_read_only = off")
            cursor.execute(f'ALTER DATABASE "{name}" RESET default_transaction_read_only')
        connection.close()
    assert_error(refused, 503, "service_unavailable")
    assert refused["Retry-After"] == "5"
    assert log_of(started["id"]) == []


def test_a_new_connection_is_not_waited_for_past_the_transactions_deadline(
    serving, game, monkeypatch
):
    """The transaction's whole budget is DATABASE_CONNECT_WAIT from its first run: the
    connection of a run after a failure is waited for until then, not for a wait of its own
    (a request that outlasts nginx's 10 s leaves its host out of nginx's pool)."""
    client, started = game
    serving.DATABASE_CONNECT_WAIT = 1
    deadlines: list[float | None] = []
    refused, before, after = tap_with_no_writable_server(
        client,
        started["id"],
        monkeypatch,
        lambda wrapper: deadlines.append(wrapper.connect_deadline),
    )
    assert_error(refused, 503, "service_unavailable")
    assert deadlines and len(set(deadlines)) == 1, deadlines
    assert before + 1 <= deadlines[0] <= after + 1  # the first run's start, plus the wait
    connection.close()
    assert log_of(started["id"]) == []


def test_a_process_that_just_waited_in_vain_answers_at_once(serving, monkeypatch):
    """Requests queued behind one that waited DATABASE_CONNECT_WAIT for a writable server
    (a gunicorn worker serves one at a time) fail at once, for GAVE_UP_HOLD, instead of each
    waiting in turn; after it, connecting is tried again."""
    serving.DATABASE_CONNECT_WAIT = 1
    attempts = refusing_connections(monkeypatch)
    with pytest.raises(OperationalError):
        connection.ensure_connection()  # waits, trying every RETRY_PAUSE
    waited = len(attempts)
    with pytest.raises(OperationalError, match="gave up waiting just now"):
        connection.ensure_connection()
    assert waited >= 2 and len(attempts) == waited  # not tried
    monkeypatch.setattr(
        postgresql.DatabaseWrapper, "gave_up_at", time.monotonic() - postgresql.GAVE_UP_HOLD
    )
    with pytest.raises(OperationalError):
        connection.ensure_connection()
    assert len(attempts) > waited


def test_commands_and_tests_run_a_transaction_once(settings, game):
    """DATABASE_CONNECT_WAIT 0 (commands, tests): a read-only refusal is not run again."""
    settings.DATABASE_CONNECT_WAIT = 0
    client, started = game
    with connection.cursor() as cursor:
        cursor.execute("SET default_transaction_read_only = on")
    refused = tap(client, started["id"])
    assert_error(refused, 503, "service_unavailable")
    connection.close()
    assert log_of(started["id"]) == []


#: The first statement of every authenticated request: the token's player.
TOKEN_LOOKUP = "SELECT p.id"


def test_a_request_whose_session_ends_at_its_token_lookup_reads_again_and_is_applied_once(
    serving, game, published
):
    """A switchover's shutdown cuts the kept connection just as a request reads its token (the
    first query, outside any transaction): a read, so it runs again on a new connection, and
    the change that follows is applied once."""
    client, started = game
    again = retries("again")
    with cut_before(TOKEN_LOOKUP) as cuts:
        answer = tap(client, started["id"])
    assert cuts, "the session was not cut"
    assert answer.status_code == 200, answer.content
    assert log_of(started["id"]) == [(1, "tap", "P1")]
    assert [p["version"] for p in published] == [1]
    assert retries("again") == again + 1


def test_a_read_whose_session_ends_under_it_is_read_again(serving, game):
    """A GET whose connection the old primary's shutdown cut after the token was read: the view
    runs once more on a new connection (a read changes nothing) and answers 200, not 503."""
    client, started = game
    again = retries("again")
    with cut_before('SELECT g."id"') as cuts:
        answer = client.get(url("games", started["id"]))
    assert cuts, "the session was not cut"
    assert answer.status_code == 200, answer.content
    assert answer.json()["id"] == started["id"]
    assert retries("again") >= again + 1


def test_a_read_is_run_again_once_only(serving, game, monkeypatch):
    """The database gone for good under a read: one more run, then the 503 (no loop)."""
    client, started = game
    runs: list[int] = []
    from django.db.utils import OperationalError as DjangoOperationalError

    from api.games import views

    def lost(*args, **kwargs):
        runs.append(1)
        raise DjangoOperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(views.actions, "game_for_watching", lost)
    answer = client.get(url("games", started["id"]))
    assert_error(answer, 503, "service_unavailable")
    assert len(runs) == 2


def test_a_requests_waits_for_the_database_share_one_budget_from_its_start(
    serving, game, monkeypatch
):
    """Every wait of one HTTP request for a writable server ends DATABASE_CONNECT_WAIT after
    the request began (games.core.deadline), not after the wait began: a request that first
    spent seconds on a silent host does not wait a whole budget more past nginx's 10 s."""
    client, started = game
    serving.DATABASE_CONNECT_WAIT = 1
    seen: list[tuple[float | None, float | None]] = []
    refused, before, after = tap_with_no_writable_server(
        client,
        started["id"],
        monkeypatch,
        lambda wrapper: seen.append((deadline.request_deadline.get(), wrapper.connect_deadline)),
    )
    connection.close()
    assert_error(refused, 503, "service_unavailable")
    assert seen, "no new connection was tried"
    request_ends = {request for request, _ in seen}
    assert len(request_ends) == 1 and None not in request_ends, seen
    (request_end,) = request_ends
    assert before + 1 <= request_end <= after + 1
    # The transaction's run after the failure waited until the request's deadline, no later.
    assert all(run_end is not None and run_end <= request_end for _, run_end in seen), seen
    assert deadline.request_deadline.get() is None  # none outside a request
    assert log_of(started["id"]) == []


def test_a_wait_that_began_late_in_the_request_ends_with_the_request(serving, monkeypatch):
    """Half a second of the request's budget left: connecting is given up after it (two
    attempts), not after the wait's own DATABASE_CONNECT_WAIT (eight)."""
    attempts = refusing_connections(monkeypatch)
    token = deadline.request_deadline.set(time.monotonic() + 0.6)
    try:
        with pytest.raises(OperationalError):
            connection.ensure_connection()
    finally:
        deadline.request_deadline.reset(token)
    assert 1 <= len(attempts) <= 2, attempts


def test_an_attempt_that_would_end_past_the_deadline_is_not_begun(serving, monkeypatch):
    """A silent host makes each attempt last its connect timeout (here 0.8 s): with 1.5 s of
    wait, a second attempt would end at 2.1 s, so none is begun; refusals that come at once
    are tried again until the deadline (the switchover's case)."""
    serving.DATABASE_CONNECT_WAIT = 1.5
    attempts: list[float] = []

    def silent_host(self, conn_params):
        attempts.append(time.monotonic())
        time.sleep(0.8)  # the attempt's own connect timeout, as libpq spends it on a silent host
        raise psycopg.OperationalError("connection timeout expired")

    monkeypatch.setattr(django_postgresql.DatabaseWrapper, "get_new_connection", silent_host)
    connection.close()
    with pytest.raises(OperationalError):
        connection.ensure_connection()
    assert len(attempts) == 1, attempts

    refused = refusing_connections(monkeypatch, "session is read-only")
    monkeypatch.setattr(postgresql.DatabaseWrapper, "gave_up_at", -math.inf)
    with pytest.raises(OperationalError):
        connection.ensure_connection()
    assert len(refused) >= 2, refused
