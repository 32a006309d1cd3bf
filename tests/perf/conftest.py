"""Fixtures of the query-count tests (``test_query_counts``, ``test_socket_query_counts``)."""

import uuid

import pytest

from .helpers import World


@pytest.fixture
def query_world(monkeypatch, settings, private_board_keys):
    """A frozen clock at the daily tests' noon (``tests.daily.helpers.NOON``), account mail to
    the locmem outbox in this thread, and private leaderboard keys."""
    from games.core import clock
    from tests.daily.helpers import NOON
    from tests.support.clock import FakeClock

    fake = FakeClock(NOON)
    monkeypatch.setattr(clock, "now", fake)
    settings.HALFMOON_MAIL_IN_BACKGROUND = False
    return World(fake, settings)


@pytest.fixture
def private_board_keys(settings):
    """This test's Redis leaderboards under their own prefix, removed afterwards (as
    ``tests/daily``)."""
    prefix = f"test:{uuid.uuid4().hex}:board:"
    settings.HALFMOON_LEADERBOARD_PREFIX = prefix
    yield prefix
    if settings.REDIS_URL:
        from games.core import redis

        client = redis.client()
        keys = list(client.scan_iter(match=prefix + "*"))
        if keys:
            client.delete(*keys)
