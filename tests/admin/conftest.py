"""Fixtures of the admin tests: staff and non-staff users, and games played through services."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client

from tests.support import play

STAFF_PASSWORD = "inspect-every-game-42"


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: drives Debian's Chromium through Playwright")


@pytest.fixture
def staff_user(db):
    return get_user_model().objects.create_superuser("staff", "staff@example.com", STAFF_PASSWORD)


@pytest.fixture
def staff_client(staff_user):
    client = Client()
    client.force_login(staff_user)
    return client


@pytest.fixture
def viewer_client(db):
    """Staff who may view games and players but not moderate them."""
    user = get_user_model().objects.create_user("viewer", password=STAFF_PASSWORD, is_staff=True)
    user.user_permissions.set(
        Permission.objects.filter(content_type__app_label="games", codename__startswith="view_")
    )
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def played(make_player):
    """``played(min_events, name=..., resign=...)``: a game with a log of that length at least."""

    def make(min_events=12, name="ann", deal_code=play.DEAL, resign=False):
        player, token = make_player(name)
        game = play.start(player, deal_code)
        game = play.play(player, game, min_events, resign=resign)
        game.token = token
        return game

    return make
