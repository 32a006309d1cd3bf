"""``RateLimit-Policy`` / ``RateLimit`` (IETF draft, structured fields) on throttled
endpoints, from the budgets of ``HALFMOON_THROTTLE_RATES``; none on unthrottled ones."""

import json
import re

import pytest

from api.http.ratelimit_headers import SCOPES
from tests.support.api import assert_error, post, url

pytestmark = pytest.mark.django_db

ITEM = re.compile(r'^"(?P<scope>[a-z_]+)";r=(?P<r>\d+);t=(?P<t>\d+)$')


def remaining(response) -> dict[str, tuple[int, int]]:
    items = [ITEM.match(item.strip()) for item in response["RateLimit"].split(",")]
    assert all(items), response["RateLimit"]
    return {m["scope"]: (int(m["r"]), int(m["t"])) for m in items if m}


def test_game_actions_count_down_to_a_429(table, settings):
    settings.HALFMOON_THROTTLE_RATES = {**settings.HALFMOON_THROTTLE_RATES, "game_action": "4/min"}
    client, game = table()  # its POST /games spends the first one
    taps = url("games", game["id"], "taps")
    answers = [post(client, taps, {"position": "P1"}) for _ in range(4)]
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    for answer in answers:
        assert answer["RateLimit-Policy"] == '"game_action";q=4;w=60'
    left = [remaining(a)["game_action"] for a in answers]
    assert [r for r, _ in left] == [2, 1, 0, 0]
    assert all(1 <= t <= 60 for _, t in left)
    assert int(answers[-1]["Retry-After"]) == left[-1][1]


def test_two_budgets_are_two_items(api, settings):
    settings.HALFMOON_THROTTLE_RATES = {
        **settings.HALFMOON_THROTTLE_RATES,
        "sign_in_address": "30/min",
        "sign_in_username": "10/min",
    }
    body = {"username": "nobody", "password": "wrong password"}
    response = post(api, url("account", "sign-in"), body)
    assert_error(response, 400, "sign_in_failed")
    assert response["RateLimit-Policy"] == (
        '"sign_in_address";q=30;w=60, "sign_in_username";q=10;w=60'
    )
    assert {s: r for s, (r, _) in remaining(response).items()} == {
        "sign_in_address": 29,
        "sign_in_username": 9,
    }


def test_unthrottled_reads_have_none(table):
    client, game = table()
    response = client.get(url("games", game["id"]))
    assert not response.has_header("RateLimit") and not response.has_header("RateLimit-Policy")


@pytest.mark.parametrize(
    "name, method, path, body",
    [
        ("players", "POST", ("players",), {"name": "x"}),
        ("games", "POST", ("games",), {}),
        ("game", "PATCH", ("games", "{id}"), {"watchable": True}),
        ("game-moves", "POST", ("games", "{id}", "moves"), {"positions": ["P1", "P2"]}),
        ("game-undo", "POST", ("games", "{id}", "undo"), {}),
        ("game-taps", "POST", ("games", "{id}", "taps"), {"position": "P1"}),
        ("game-resign", "POST", ("games", "{id}", "resign"), {}),
        ("game-log", "GET", ("games", "{id}", "log"), None),
        ("players-me-link-codes", "POST", ("players", "me", "link-codes"), None),
        ("players-link", "POST", ("players", "link"), {"code": "ABCDEFGH"}),
        ("account", "POST", ("account",), {"username": "keeper1", "password": "pass phrase 4321"}),
        ("account-password-reset", "POST", ("account", "password-reset"), {"email": "a@b.cd"}),
        ("races-join", "POST", ("races", "join"), {"invite": "ABCDEFGH"}),
        ("matchmaking", "POST", ("matchmaking",), {"seats": 2}),
        ("matchmaking", "DELETE", ("matchmaking",), None),
    ],
)
def test_each_listed_endpoint_sends_its_budgets(table, name, method, path, body):
    client, game = table()
    parts = [str(game["id"]) if p == "{id}" else p for p in path]
    raw = "" if body is None else json.dumps(body)
    response = client.generic(method, url(*parts), raw, content_type="application/json")
    assert response.status_code < 500, response.content
    scopes = [item.split(";")[0].strip('" ') for item in response["RateLimit-Policy"].split(",")]
    assert tuple(scopes) == SCOPES[(name, method)]
