"""``DATABASE_URL`` and ``DATABASE_REPLICA_URL`` as libpq writes them, several hosts included
(docs/OPERATIONS.md, "Fail over"): the hosts reach libpq as its lists, a silent host is given
up on in seconds, and a kept connection whose server turned read-only is dropped."""

from __future__ import annotations

import random

import psycopg
import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from django.db.utils import InternalError, ProgrammingError

from games.core.availability import database_unavailable
from halfmoon_service.env import database_from_url
from tests.support.api import assert_error, post, url
from tests.support.moves import choose_action

HA_URL = "postgresql://halfmoon:pw@db1:5432,db2:6432/halfmoon?target_session_attrs=read-write"


def test_several_hosts_reach_libpq_as_its_lists():
    config = database_from_url(HA_URL)
    assert (config["HOST"], config["PORT"]) == ("db1,db2", "5432,6432")
    assert (config["USER"], config["PASSWORD"], config["NAME"]) == ("halfmoon", "pw", "halfmoon")
    assert config["OPTIONS"]["target_session_attrs"] == "read-write"
    assert config["ENGINE"] == "halfmoon_service.postgresql"


def test_hosts_without_a_port_take_5432_and_ipv6_addresses_keep_theirs():
    config = database_from_url("postgres://u@10.0.0.1,[fd00::2]:5433,db3/x")
    assert (config["HOST"], config["PORT"]) == ("10.0.0.1,fd00::2,db3", "5432,5433,5432")


def test_the_replica_url_prefers_a_standby_and_gives_up_quickly():
    config = database_from_url(
        "postgresql://u@db1,db2/halfmoon?target_session_attrs=prefer-standby",
        "DATABASE_REPLICA_URL",
        connect_timeout=2,
    )
    assert config["OPTIONS"]["target_session_attrs"] == "prefer-standby"
    assert config["OPTIONS"]["connect_timeout"] == 2


def test_a_silent_host_is_given_up_on_in_seconds(monkeypatch):
    options = database_from_url(HA_URL)["OPTIONS"]
    assert options["connect_timeout"] == 2
    assert options["tcp_user_timeout"] == 3000 and options["keepalives"] == 1
    monkeypatch.setenv("DATABASE_TCP_TIMEOUT", "8")
    monkeypatch.setenv("DATABASE_CONNECT_TIMEOUT", "4")
    options = database_from_url(HA_URL)["OPTIONS"]
    assert (options["tcp_user_timeout"], options["connect_timeout"]) == (8000, 4)
    # The URL's own values win.
    own = database_from_url(HA_URL + "&connect_timeout=9")["OPTIONS"]
    assert own["connect_timeout"] == 9


@pytest.mark.parametrize("host", ["db1:5432,:5432", "db1:5432,db2:port"])
def test_a_malformed_host_list_stops_the_process_naming_the_variable(host):
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL"):
        database_from_url(f"postgresql://u@{host}/x")


def test_the_options_are_ones_libpq_knows():
    """Every option given to the driver is a libpq parameter (an unknown one fails every
    connection): libpq parses the conninfo Django's backend would send."""
    config = database_from_url(HA_URL)
    django_only = {"server_side_binding", "prepare_threshold"}
    libpq = {k: v for k, v in config["OPTIONS"].items() if k not in django_only}
    parsed = psycopg.conninfo.conninfo_to_dict(
        psycopg.conninfo.make_conninfo(host=config["HOST"], port=config["PORT"], **libpq)
    )
    assert parsed["host"] == "db1,db2" and parsed["target_session_attrs"] == "read-write"


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_kept_connection_to_a_server_turned_read_only_is_dropped():
    """As in a switchover, when pg_auto_failover drains the old primary: the session's server
    turns read-only under it; the write fails, and Django's check after the error drops the
    connection instead of keeping it, so the next request connects again (to the new primary)."""
    connection.ensure_connection()
    connection.close_at = None  # kept, as DATABASE_CONN_MAX_AGE keeps it in the servers
    # An error on a writable server: the connection is kept.
    with pytest.raises(ProgrammingError), connection.cursor() as cursor:
        cursor.execute("SELECT no_such_column")
    connection.close_if_unusable_or_obsolete()
    kept = connection.connection
    assert kept is not None
    with connection.cursor() as cursor:  # what a reload of the drained server does to a session
        cursor.execute("SET default_transaction_read_only = on")
    assert not connection.is_usable()
    with pytest.raises(InternalError) as raised, connection.cursor() as cursor:
        cursor.execute("CREATE TEMPORARY TABLE t (x int)")
    assert isinstance(raised.value.__cause__, psycopg.errors.ReadOnlySqlTransaction)
    assert database_unavailable(raised.value)  # answered 503, not 500
    connection.close_if_unusable_or_obsolete()
    assert connection.connection is None  # dropped, not kept
    connection.ensure_connection()
    assert connection.is_usable()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_write_on_a_server_turned_read_only_is_a_503_that_changed_nothing(player_client):
    """The request that meets a drained primary is told to come back (503, Retry-After), never
    a 500, and nothing of it is applied; the next request, on a new connection, is served."""
    client, _ = player_client()
    game = post(client, url("games"), {}).json()
    endpoint, body = choose_action(game, random.Random(1))
    with connection.cursor() as cursor:
        cursor.execute("SET default_transaction_read_only = on")
    refused = post(client, url("games", game["id"], endpoint), body)
    assert_error(refused, 503, "service_unavailable")
    assert refused["Retry-After"] == "5"
    connection.close_if_unusable_or_obsolete()  # what the request's end does
    assert client.get(url("games", game["id"])).json()["version"] == game["version"]
    served = post(client, url("games", game["id"], endpoint), body)
    assert served.status_code == 200, served.content
