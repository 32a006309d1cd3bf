"""The deployment's policy ``HALFMOON_WINNABLE_DEALS_ONLY`` (SPEC §10): every random deal is
drawn from the pool of proven-winnable deals, no pooled deal is given twice (even to
concurrent takers), an empty pool deals a plain random deal, and nothing a player receives
tells the policy or the pool apart from a plain deal. What players could once ask for —
``{"winnable": …}`` and the ``winnable_deals`` setting — is refused with
``winnable_not_offered`` and changes nothing."""

import threading

import pytest
from django.db import connections
from prometheus_client import REGISTRY
from rest_framework.test import APIClient

from games.deals import services as deals
from games.models import Deal, Game, Player, PooledDeal
from tests.support.api import assert_error, patch, post, url
from tests.support.waiting import join_all

from .tables import WINNABLE, store

pytestmark = pytest.mark.django_db

MISSES = "halfmoon_winnable_pool_misses_total"


@pytest.fixture
def policy(settings):
    """The deployment deals proven-winnable deals only."""
    settings.HALFMOON_WINNABLE_DEALS_ONLY = True


def pool(*codes: str) -> list[Deal]:
    """Pooled deals with the small winnable table (as fill_winnable_pool would pool them)."""
    stored = [store(code, WINNABLE) for code in codes]
    for deal in stored:
        assert deals.add_to_pool(deal)
    return stored


def state() -> tuple:
    """Everything a refused request must leave as it was."""
    return (
        list(Game.objects.values_list("pk", flat=True)),
        sorted(Deal.objects.values_list("code", flat=True)),
        sorted(PooledDeal.objects.values_list("deal_id", flat=True)),
        list(Player.objects.values_list("pk", "name", "move_errors", "placement_aid", "language")),
    )


def shape(response) -> tuple:
    """What could tell two answers apart besides their values: status, headers, body keys."""
    body = response.json()
    nested = {key: sorted(value) for key, value in body.items() if isinstance(value, dict)}
    return response.status_code, sorted(response.headers), sorted(body), nested


def misses() -> float:
    return REGISTRY.get_sample_value(MISSES) or 0.0


# -- the policy ------------------------------------------------------------------------------
def test_under_the_policy_a_random_game_is_a_pooled_deal_which_leaves_the_pool(
    player_client, policy
):
    client, _ = player_client()
    first, second = pool("HM1-N-POOLAAA", "HM1-N-POOLAAB")
    response = post(client, url("games"), {})
    assert response.status_code == 201, response.content
    game = response.json()
    assert game["deal_code"] in {first.code, second.code}
    assert (game["daily_date"], game["ranked"]) == (None, False)
    assert list(PooledDeal.objects.values_list("deal__code", flat=True)) == [
        ({first.code, second.code} - {game["deal_code"]}).pop()
    ]
    # The game is an ordinary one on the deal's stored table.
    assert Game.objects.get(pk=game["id"]).deal.code == game["deal_code"]


def test_a_pooled_answer_has_the_shape_of_a_plain_one(player_client, settings):
    client, _ = player_client()
    pool("HM1-N-POOLAAC")
    plain = post(client, url("games"), {})
    assert PooledDeal.objects.count() == 1  # the policy is off: the pool is not touched
    settings.HALFMOON_WINNABLE_DEALS_ONLY = True
    pooled = post(client, url("games"), {})
    assert pooled.json()["deal_code"] == "HM1-N-POOLAAC" and not PooledDeal.objects.exists()
    assert shape(pooled) == shape(plain)
    assert not any("winnab" in key.lower() for key in pooled.json())


def test_an_empty_pool_under_the_policy_deals_a_plain_random_deal_and_counts_it(
    player_client, policy
):
    client, _ = player_client()
    before = misses()
    response = post(client, url("games"), {})
    assert response.status_code == 201, response.content
    assert not PooledDeal.objects.exists() and Game.objects.count() == 1
    assert misses() == before + 1
    assert "Retry-After" not in response.headers


def test_under_the_policy_a_deal_code_is_that_deal(player_client, policy):
    client, _ = player_client()
    pool("HM1-N-POOLAAD")
    game = post(client, url("games"), {"deal_code": "HM1-N-HALFMON"}).json()
    assert game["deal_code"] == "HM1-N-HALFMON" and PooledDeal.objects.count() == 1


def test_without_the_policy_an_empty_body_is_any_random_deal(player_client):
    client, _ = player_client()
    pool("HM1-N-POOLAAE")
    game = post(client, url("games"), {}).json()
    assert game["deal_code"] != "HM1-N-POOLAAE" and PooledDeal.objects.count() == 1


def test_a_player_is_given_a_pooled_deal_they_never_played_when_there_is_one(
    player_client, settings
):
    client, _ = player_client()
    *played, fresh = pool(*(f"HM1-N-POOLAF{letter}" for letter in "ABCDEF"))
    for deal in played:
        assert post(client, url("games"), {"deal_code": deal.code}).status_code == 201
    settings.HALFMOON_WINNABLE_DEALS_ONLY = True
    # Five pooled deals the player played, one they did not: that one, whatever the draw.
    assert post(client, url("games"), {}).json()["deal_code"] == fresh.code
    # Only deals the player played are left: one of them, rather than a plain deal.
    again = post(client, url("games"), {}).json()["deal_code"]
    assert again in {deal.code for deal in played}
    assert PooledDeal.objects.count() == 4


# -- what players can no longer ask for ------------------------------------------------------
@pytest.mark.parametrize(
    "body",
    [
        {"winnable": True},
        {"winnable": False},
        {"winnable": "yes"},
        {"winnable": None},
        {"winnable": True, "deal_code": "HM1-N-HALFMON"},
        {"winnable": True, "daily": True},
    ],
)
def test_asking_for_a_winnable_game_is_refused_and_changes_nothing(player_client, body):
    client, _ = player_client()
    pool("HM1-N-POOLAAG")
    before = state()
    refused = assert_error(post(client, url("games"), body), 400, "winnable_not_offered")
    assert "never tells whether a deal can be won" in refused["message"]
    assert state() == before


@pytest.mark.parametrize(
    "settings_body",
    [
        {"winnable_deals": True},
        {"winnable_deals": False},
        {"move_errors": True, "winnable_deals": 1},
    ],
)
def test_the_winnable_deals_setting_is_refused_and_changes_nothing(player_client, settings_body):
    client, _ = player_client()
    before = state()
    reply = patch(client, url("players", "me"), {"name": "Renamed", "settings": settings_body})
    assert_error(reply, 400, "winnable_not_offered")
    assert state() == before


def test_no_setting_says_anything_of_winnable_deals(player_client):
    client, _ = player_client()
    me = client.get(url("players", "me")).json()
    assert sorted(me["settings"]) == ["language", "move_errors", "placement_aid"]


# -- concurrency ------------------------------------------------------------------------------
def take_concurrently(tokens: list[str]) -> list[tuple[int, str | None]]:
    """Each token's player starts a random game at the same moment: (status, deal code)."""
    barrier, results = threading.Barrier(len(tokens)), []
    warm = APIClient()  # the contract check loads the schema once, before the threads do
    warm.credentials(HTTP_AUTHORIZATION=f"Token {tokens[0]}")
    assert warm.get(url("players", "me")).status_code == 200

    def take(token):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        try:
            barrier.wait(timeout=10)
            response = post(client, url("games"), {})
            results.append((response.status_code, response.json().get("deal_code")))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=take, args=(token,)) for token in tokens]
    for thread in threads:
        thread.start()
    join_all(threads, 30, "a taker never finished")
    return results


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_concurrent_takers_never_get_the_same_pooled_deal(player_client, policy):
    tokens = [player_client(f"taker{i}")[0].token for i in range(6)]
    pooled = {deal.code for deal in pool(*(f"HM1-N-POOLBA{letter}" for letter in "ABCD"))}
    results = take_concurrently(tokens)
    assert [status for status, _ in results] == [201] * 6
    given = [code for _, code in results if code in pooled]
    assert sorted(given) == sorted(pooled)  # each pooled deal once, none twice
    assert not PooledDeal.objects.exists()
    assert Game.objects.count() == 6  # the two who found the pool empty got plain deals
