"""Starting and reading games: POST /games, GET /games/{id} (SPEC §6)."""

import pytest

from games.engine import DealCode
from games.models import Game
from tests.support.api import assert_error, post, url
from tests.support.payloads import tops

pytestmark = pytest.mark.django_db

GAME_KEYS = {
    "id",
    "deal_code",
    "owner",
    "status",
    "score",
    "moves",
    "cards_left",
    "version",
    "started_at",
    "finished_at",
    "elapsed_ms",
    "can_undo",
    "selection",
    "piles",
    "reserve",
    "daily_date",
    "ranked",
}


def test_start_a_random_game(player_client):
    client, player = player_client("Ana")
    response = post(client, url("games"), {})
    assert response.status_code == 201
    game = response.json()
    assert set(game) >= GAME_KEYS
    DealCode.parse(game["deal_code"])
    assert game["owner"] == {"id": player.pk, "name": "Ana"}
    assert game["status"] in ("playing", "stalled")  # a deal may (rarely) start stalled
    assert (game["score"], game["moves"], game["version"]) == (0, 0, 0)
    assert game["cards_left"] == 104
    assert game["finished_at"] is None and game["can_undo"] is False
    assert game["selection"] == []
    assert [p["position"] for p in game["piles"]] == [f"P{i}" for i in range(1, 13)]
    assert [r["position"] for r in game["reserve"]] == [f"R{i}" for i in range(1, 9)]
    assert all(p["count"] == 8 and p["top"] for p in game["piles"])
    assert all(r["card"] for r in game["reserve"])
    assert (game["daily_date"], game["ranked"]) == (None, False)


def test_start_a_game_by_code_deals_that_layout(player_client, settings):
    client, _ = player_client()
    response = post(client, url("games"), {"deal_code": "  hm1-n-halfmon "})
    assert response.status_code == 201
    game = response.json()
    assert game["deal_code"] == "HM1-N-HALFMON"
    layout = DealCode.parse("HM1-N-HALFMON").layout(settings.HALFMOON_DEAL_KEY)
    expected = {f"P{i + 1}": pile[-1].code for i, pile in enumerate(layout.piles)}
    expected.update({f"R{i + 1}": c.code for i, c in enumerate(layout.reserve)})
    assert tops(game) == expected


def test_same_code_gives_the_same_table(player_client):
    first, _ = player_client("a")
    second, _ = player_client("b")
    a = post(first, url("games"), {"deal_code": "HM1-N-AAAAAAB"}).json()
    b = post(second, url("games"), {"deal_code": "HM1-N-AAAAAAB"}).json()
    assert a["id"] != b["id"]
    assert (a["piles"], a["reserve"]) == (b["piles"], b["reserve"])


@pytest.mark.parametrize(
    "body, code",
    [
        ({"deal_code": "HM1-N-AAAAAA"}, "invalid_deal_code"),
        ({"deal_code": "HM2-N-AAAAAAA"}, "invalid_deal_code"),
        ({"deal_code": "HM1-N-AAAAAA1"}, "invalid_deal_code"),
        ({"deal_code": ""}, "invalid_request"),
        ({"deal_code": 5}, "invalid_request"),
        ({"deal_code": None}, "invalid_request"),
        ({"deal_code": ["HM1-N-AAAAAAA"]}, "invalid_request"),
        ({"seed": 1}, "invalid_request"),
        ([], "invalid_request"),
    ],
)
def test_bad_game_requests_start_nothing(player_client, body, code):
    client, _ = player_client()
    assert_error(post(client, url("games"), body), 400, code)
    assert not Game.objects.exists()


def test_starting_needs_a_player(api):
    assert_error(post(api, url("games"), {}), 401, "not_authenticated")
    assert not Game.objects.exists()


def test_get_returns_what_create_returned(player_client):
    client, _ = player_client()
    created = post(client, url("games"), {"deal_code": "HM1-N-HALFMON"}).json()
    read = client.get(url("games", created["id"])).json()
    assert {**read, "elapsed_ms": 0} == {**created, "elapsed_ms": 0}
    assert read["elapsed_ms"] >= created["elapsed_ms"]


def test_game_is_json_only(player_client):
    client, _ = player_client()
    created = post(client, url("games"), {}).json()
    response = client.get(url("games", created["id"]))
    assert response["Content-Type"] == "application/json"
