"""Shared fixtures. Tests marked ``postgres`` / ``redis`` need the real servers.

Outside CI such a test is skipped when ``DATABASE_URL`` / ``REDIS_URL`` do not point at them;
in CI (``CI=true``) it fails instead, so a missing service can never pass silently.
"""

import os
import threading

import pytest
from django.conf import settings
from rest_framework.test import APIClient

from tests.support.daily_choice import TEST_DAILY_BUDGET

IN_CI = os.environ.get("CI", "").lower() == "true"


def _require(condition: bool, what: str):
    if condition:
        return
    if IN_CI:
        pytest.fail(f"{what} is required in CI but is not configured", pytrace=False)
    pytest.skip(f"{what} not configured (set it, or run bash .ci/run)")


def pytest_configure(config):
    """This process's own Redis keys and channels (tests.support.isolation), before anything
    has used the cache or the channel layer; WhiteNoise's table built once and a cheap Argon2
    (tests.support.process_speed)."""
    from django.db.backends.signals import connection_created

    from tests.support import process_speed
    from tests.support.isolation import configure

    configure()
    process_speed.install()
    connection_created.connect(_sqlite_without_fsync)


def _sqlite_without_fsync(sender, connection, **kwargs):
    """The test process's SQLite connections commit without waiting for the disk
    (``PRAGMA synchronous = OFF``): a test database is thrown away after the run, and each
    commit's fsyncs were about a tenth of an API-heavy test's time. The servers a test starts
    keep SQLite's default, as ``make run`` does."""
    if connection.vendor == "sqlite":
        connection.connection.execute("PRAGMA synchronous = OFF")


def pytest_runtest_setup(item):
    if item.get_closest_marker("postgres"):
        _require(
            settings.DATABASES["default"]["ENGINE"].endswith("postgresql"),
            "PostgreSQL (DATABASE_URL)",
        )
    if item.get_closest_marker("redis"):
        _require(bool(settings.REDIS_URL), "Redis (REDIS_URL)")


#: Tests play far faster than people: generous limits unless a test sets its own.
TEST_THROTTLE_RATES = {
    "player_create": "10000/min",
    "game_action": "10000/s",
    "socket_message": "10000/s",
    "race_invite": "10000/min",
    "challenge_create": "10000/min",
    "challenge_lookup": "10000/min",
    "matchmaking": "10000/min",
    "log_read": "10000/s",
    "follow": "10000/min",
    "sign_in_address": "10000/s",
    "sign_in_username": "10000/s",
    "sign_in_device": "10000/s",
    "link_code": "10000/s",
    "device_code_address": "10000/s",
    "device_code_player": "10000/s",
    "device_authorization_address": "10000/s",
    "device_authorization_client": "10000/s",
    "username_lookup": "10000/s",
    "account_create": "10000/s",
    "account_change": "10000/s",
    "password_reset": "10000/s",
    "account_export": "10000/s",
}


@pytest.fixture(autouse=True)
def api_contract(monkeypatch):
    """Every API response a test gets through the test client is validated against the served
    OpenAPI schema (tests.support.contract): a mismatch fails the test where the request was
    made, or at its end when the request ran in another thread."""
    from django.test import Client

    from tests.support import contract

    original, owner, late = Client.request, threading.current_thread(), []

    def request(self, **kwargs):
        response = original(self, **kwargs)
        try:
            contract.validate(response)
        except contract.ContractViolation as violation:
            if threading.current_thread() is owner:
                raise
            late.append(violation)
        return response

    monkeypatch.setattr(Client, "request", request)
    yield
    if late:
        pytest.fail("\n".join(map(str, late)), pytrace=False)


def pytest_terminal_summary(terminalreporter):
    """How much of the contracts the suite saw: REST responses against the OpenAPI schema
    (tests.support.contract), socket frames against the AsyncAPI document
    (tests.support.frame_contract)."""
    from tests.support import contract
    from tests.support.frame_contract import summary

    validator = contract.loaded()
    if validator is not None:
        terminalreporter.write_line(validator.summary())
    frames = summary()
    if frames is not None:
        terminalreporter.write_line(frames)


@pytest.fixture(autouse=True)
def quick_daily_choice(settings):
    """Real dates' daily deals are chosen with a small budget (tests.support.daily_choice)."""
    settings.HALFMOON_DAILY_BUDGET = TEST_DAILY_BUDGET


@pytest.fixture(autouse=True)
def generous_throttles(settings):
    """Generous limits, and a cache and counters of the test's own: this process's keys only
    (tests.support.isolation), so a parallel worker's are never touched."""
    from tests.support.isolation import clear_shared_state

    settings.HALFMOON_THROTTLE_RATES = dict(TEST_THROTTLE_RATES)
    clear_shared_state()
    yield
    clear_shared_state()


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test database, emptied between transactional tests with DELETE instead
    of TRUNCATE (:mod:`tests.support.fast_flush`: 1.5-2 s less per browser or server test)."""
    from tests.support import fast_flush

    with django_db_blocker.unblock():
        fast_flush.install()
    yield
    fast_flush.uninstall()


@pytest.fixture(scope="session")
def shared_servers(django_db_setup, django_db_blocker):
    """This worker's pool of :class:`tests.support.servers.SharedServers`: a server process per
    distinct environment, started on first use and kept for the session."""
    from tests.support.servers import SharedServers

    pool = SharedServers()
    yield pool
    pool.close()


@pytest.fixture
def shared_server(transactional_db, shared_servers):
    """``shared_server(**env)`` → a daphne :class:`ServerProcess` on this test's (committed)
    database, shared with every test of this worker that asks for the same environment. For
    tests that do not start, stop or crash the process (those use ``start_server``): the
    database is emptied between tests as ``transactional_db`` does, and the process keeps
    nothing of a test that another would see (its cache holds throttle counters only, under
    limits no test reaches; ``tests.support.servers.SharedServers``)."""
    return shared_servers.get


@pytest.fixture
def daphne_server(shared_server):
    """Base URL of a real daphne process serving this test's (committed) database (the
    worker's shared one: ``shared_server``)."""
    return shared_server().url


@pytest.fixture
def start_server(transactional_db):
    """``start_server(kind="daphne", **env)`` → a started :class:`ServerProcess` on this test's
    (committed) database (``kind``: see :data:`tests.support.servers.KINDS`); every one is
    stopped after the test."""
    from tests.support.servers import ServerProcess, database_env

    started = []

    def start(kind: str = "daphne", **extra_env):
        server = ServerProcess(
            {**database_env(), **{k: str(v) for k, v in extra_env.items()}}, kind=kind
        )
        if "EMAIL_HOST" in extra_env:  # mail is sent: its links need the public address
            server.env.setdefault("HALFMOON_PUBLIC_URL", server.url)
        started.append(server)
        return server.start()

    yield start
    for server in started:
        server.close()


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium driven by Playwright (never a downloaded browser): one per module, each
    test in contexts of its own. Not one per session: Playwright's sync API leaves its asyncio
    loop set as running in this thread until it stops, which the asynchronous tests (and
    Django's ORM outside ``DJANGO_ALLOW_ASYNC_UNSAFE``) of a later module cannot run beside."""
    _require(os.path.exists(CHROMIUM), f"Debian chromium ({CHROMIUM}; apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield launched
        launched.close()


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def make_player(db):
    """Create a player through the service; returns (player, token)."""
    from games.players import services as players

    def make(name="ann", **settings_changes):
        player, token = players.create_player(name)
        if settings_changes:
            players.update_settings(player, **settings_changes)
        return player, token

    return make


@pytest.fixture
def player_client(make_player):
    """An APIClient authenticated as a new player: returns (client, player)."""

    def make(name="ann", **settings_changes):
        player, token = make_player(name, **settings_changes)
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        client.token = token
        return client, player

    return make


@pytest.fixture
def smtp(settings):
    """A real SMTP server on loopback, and Django's e-mail settings pointed at it."""
    from tests.support.mail import SmtpServer

    server = SmtpServer().start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", server.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    yield server
    server.stop()
