"""``POST /players`` works whatever ``Authorization`` a client still sends (a revoked token, a
live one, junk, another scheme), so a client can always start over — and the player the old
header names is left exactly as it was."""

import pytest
from rest_framework.test import APIClient

from games.models import DeviceToken, Game, Player
from tests.support.api import post, url

pytestmark = pytest.mark.django_db

HEADERS = [
    "Bearer {revoked}",
    "Token {revoked}",
    "bearer {revoked}",
    "Bearer {live}",
    "Token {live}",
    "Bearer",
    "Bearer a b c",
    "Token ",
    "Basic YW5uOnBhc3N3b3Jk",
    'Digest username="ann"',
    "nonsense",
    "Bearer " + "x" * 4000,
]


def state_of(player_id: int) -> dict:
    """Everything of a player that a request could change."""
    return {
        "player": Player.objects.values().get(pk=player_id),
        "tokens": list(DeviceToken.objects.filter(player_id=player_id).order_by("pk").values()),
        "games": list(Game.objects.filter(owner_id=player_id).order_by("pk").values()),
    }


@pytest.fixture
def old_player(api):
    """A player with a game, a revoked device token and a live one."""
    created = post(api, url("players"), {"name": "old", "device": "old phone"}).json()
    revoked = created["token"]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {revoked}")
    assert post(client, url("games"), {"deal_code": "HM1-N-HALFMON"}).status_code == 201
    live = post(client, url("players", "me", "token")).json()["token"]  # rotation revokes
    return created["id"], {"revoked": revoked, "live": live}


@pytest.mark.parametrize("header", HEADERS)
def test_a_new_player_is_created_whatever_authorization_is_sent(old_player, header):
    old_id, tokens = old_player
    before = state_of(old_id)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=header.format(**tokens))

    response = post(client, url("players"), {"name": "again", "device": "new phone"})

    assert response.status_code == 201, response.content
    body = response.json()
    assert body["id"] != old_id and body["name"] == "again"
    assert state_of(old_id) == before, "the old header's player changed"
    fresh = APIClient()
    fresh.credentials(HTTP_AUTHORIZATION=f"Bearer {body['token']}")
    me = fresh.get(url("players", "me"))
    assert me.status_code == 200 and me.json()["id"] == body["id"]


def test_the_stale_token_stays_refused_after_starting_over(old_player):
    old_id, tokens = old_player
    stale = APIClient()
    stale.credentials(HTTP_AUTHORIZATION=f"Bearer {tokens['revoked']}")
    assert post(stale, url("players"), {"name": "again"}).status_code == 201
    refused = stale.get(url("players", "me"))
    assert refused.status_code == 401 and refused.json()["code"] == "invalid_token"
