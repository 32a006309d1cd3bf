"""``dimmed`` is part of the owner's game representation (SPEC §4): every reply to the owner
and every read of the game by its owner carries it, so a reload or a second tab shows what the
tap reply showed; nobody else ever receives it."""

import pytest
from rest_framework.test import APIClient

from tests.support.api import post, url

pytestmark = pytest.mark.django_db

#: On the rich table (tests/api/conftest.py), with JC (P4) selected: what cannot join it.
DIMMED_WITH_JC = ["P1", "P2", "P3", "P8", "P9", "P10", "P11", "R1", "R3", "R4", "R5", "R6", "R7"]


@pytest.fixture
def aided(table):
    """A game on the rich table whose owner has the placement aid on."""
    return table(placement_aid=True)


def test_a_reload_shows_what_the_tap_reply_showed(aided):
    client, game = aided
    tapped = post(client, url("games", game["id"], "taps"), {"position": "P4"}).json()
    assert tapped["game"]["dimmed"] == tapped["dimmed"] == DIMMED_WITH_JC
    reloaded = client.get(url("games", game["id"])).json()
    assert reloaded["dimmed"] == DIMMED_WITH_JC and reloaded["version"] == tapped["game"]["version"]
    listed = client.get(url("games")).json()["results"]
    assert [g["dimmed"] for g in listed if g["id"] == game["id"]] == [DIMMED_WITH_JC]


def test_every_owner_reply_carries_it(aided):
    client, game = aided
    assert game["dimmed"] == []  # the new game: nothing selected
    post(client, url("games", game["id"], "taps"), {"position": "P4"})
    moved = post(client, url("games", game["id"], "moves"), {"positions": ["P1", "P2"]}).json()
    assert moved["selection"] == [] and moved["dimmed"] == []
    undone = post(client, url("games", game["id"], "undo")).json()
    assert undone["dimmed"] == []
    resigned = post(client, url("games", game["id"], "resign")).json()
    assert resigned["dimmed"] == []


def test_without_the_aid_the_owner_sees_null(table):
    client, game = table()
    assert game["dimmed"] is None
    post(client, url("games", game["id"], "taps"), {"position": "P4"})
    assert client.get(url("games", game["id"])).json()["dimmed"] is None


def test_other_players_never_see_the_owner_s_dimmed(aided, player_client):
    client, game = aided
    post(client, url("games", game["id"], "taps"), {"position": "P4"})
    client.patch(url("games", game["id"]), {"watchable": True}, format="json")  # others may watch
    other, _ = player_client("other", placement_aid=True)
    seen = other.get(url("games", game["id"])).json()
    assert seen["selection"] == ["P4"] and seen["dimmed"] is None
    anonymous = APIClient().get(url("games", game["id"])).json()
    assert anonymous["dimmed"] is None


def test_turning_the_aid_on_shows_on_the_next_read(table):
    client, game = table()
    post(client, url("games", game["id"], "taps"), {"position": "P4"})
    client.patch(url("players", "me"), {"settings": {"placement_aid": True}}, format="json")
    assert client.get(url("games", game["id"])).json()["dimmed"] == DIMMED_WITH_JC
