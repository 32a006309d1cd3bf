"""An integer of the schema is a JSON Schema integer: ``2.0`` is 2 (found by the schema
fuzzing once the schema became OpenAPI 3.1), while ``1.5``, ``"2"`` and ``true`` stay refused."""

import pytest

from tests.support.api import assert_error, post, url

pytestmark = pytest.mark.django_db


def test_a_whole_number_written_with_a_zero_fraction_is_that_integer(player_client):
    client, _ = player_client()
    game = post(client, url("games"), {"deal_code": "HM1-N-HALFMON"}).json()
    moved = post(client, url("games", game["id"], "resign"), {"expected_version": 0.0})
    assert moved.status_code == 200, moved.content
    assert moved.json()["version"] == 1
    queued = post(client, url("matchmaking"), {"seats": 2.0})
    assert queued.status_code == 202, queued.content
    assert queued.json()["seats"] == 2


@pytest.mark.parametrize("seats", [2.5, "2", True])
def test_other_numbers_stay_refused(player_client, seats):
    client, _ = player_client()
    body = assert_error(post(client, url("matchmaking"), {"seats": seats}), 400, "invalid_request")
    assert "seats" in body["fields"]
    assert client.get(url("matchmaking")).status_code == 404  # not queued
