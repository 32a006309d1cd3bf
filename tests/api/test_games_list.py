"""GET /games: the caller's own games, newest first, paged with ``limit``/``before``."""

import pytest

from tests.support.api import assert_error, post, url

pytestmark = pytest.mark.django_db


def start(client, n):
    return [post(client, url("games"), {}).json()["id"] for _ in range(n)]


def listing(client, **params):
    response = client.get(url("games"), params)
    assert response.status_code == 200, response.content
    return response.json()


def test_only_own_games_newest_first(player_client):
    ann, _ = player_client("ann")
    bob, _ = player_client("bob")
    ann_ids = start(ann, 2)
    bob_ids = start(bob, 1)
    ann_ids += start(ann, 1)
    page = listing(ann)
    assert [g["id"] for g in page["results"]] == sorted(ann_ids, reverse=True)
    assert page["next_before"] is None
    assert [g["id"] for g in listing(bob)["results"]] == bob_ids
    assert all(g["owner"]["name"] == "ann" for g in page["results"])


def test_the_list_shows_the_same_game_as_get(player_client):
    client, _ = player_client()
    [game_id] = start(client, 1)
    post(client, url("games", game_id, "resign"))
    [listed] = listing(client)["results"]
    assert listed == client.get(url("games", game_id)).json()


def test_paging_with_limit_and_before(player_client):
    client, _ = player_client()
    ids = sorted(start(client, 5), reverse=True)
    first = listing(client, limit=2)
    assert [g["id"] for g in first["results"]] == ids[:2]
    assert first["next_before"] == ids[1]
    second = listing(client, limit=2, before=first["next_before"])
    assert [g["id"] for g in second["results"]] == ids[2:4]
    third = listing(client, limit=2, before=second["next_before"])
    assert [g["id"] for g in third["results"]] == ids[4:]
    assert third["next_before"] is None
    assert listing(client, limit=5)["next_before"] is None
    assert listing(client, before=min(ids))["results"] == []


def test_default_limit_is_20(player_client):
    client, _ = player_client()
    start(client, 21)
    page = listing(client)
    assert len(page["results"]) == 20 and page["next_before"] is not None
    assert len(listing(client, limit=100)["results"]) == 21


def test_status_filter(player_client):
    client, _ = player_client()
    playing, resigned = start(client, 2)
    post(client, url("games", resigned, "resign"))
    assert [g["id"] for g in listing(client, status="resigned")["results"]] == [resigned]
    assert [g["id"] for g in listing(client, status="playing")["results"]] == [playing]
    assert listing(client, status="won")["results"] == []


@pytest.mark.parametrize(
    "params, field",
    [
        ({"before": 0}, "before"),
        ({"before": "x"}, "before"),
        ({"status": "lost"}, "status"),
        ({"status": "PLAYING"}, "status"),
        ({"status": ""}, "status"),
    ],
)
def test_bad_parameters_are_400(player_client, params, field):
    client, _ = player_client()
    start(client, 1)
    error = assert_error(client.get(url("games"), params), 400, "invalid_request")
    assert field in error["fields"]


@pytest.mark.parametrize("limit", [0, 101, "ten", "1.5", "", -1])
def test_a_bad_limit_is_the_page_size_error_of_every_list(player_client, limit):
    client, _ = player_client()
    start(client, 1)
    error = assert_error(client.get(url("games"), {"limit": limit}), 400, "invalid_page_size")
    assert (error["min"], error["max"]) == (1, 100)


def test_listing_needs_a_player(api):
    assert_error(api.get(url("games")), 401, "not_authenticated")
