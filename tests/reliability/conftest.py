"""Fixtures for reliability tests: real daphne processes on this test's committed database."""
import pytest

from tests.servers import ServerProcess as Daphne, test_database_env


@pytest.fixture
def start_daphne(transactional_db):
    """``start_daphne(kind="daphne", **env)`` → a started :class:`Daphne` (``kind``: see
    :data:`tests.servers.KINDS`); every one is stopped after the test."""
    started = []

    def start(kind: str = "daphne", **extra_env) -> Daphne:
        server = Daphne({**test_database_env(), **{k: str(v) for k, v in extra_env.items()}},
                        kind=kind)
        started.append(server)
        return server.start()

    yield start
    for server in started:
        server.close()
