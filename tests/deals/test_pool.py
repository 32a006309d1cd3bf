"""``POST /games {"winnable": true}`` and the ``winnable_deals`` setting: deals from the pool of
proven-winnable deals, a clear refusal that changes nothing when the pool is empty, and no
pooled deal given twice, even to concurrent takers."""

import threading

import pytest
from django.db import connections
from rest_framework.test import APIClient

from games.deals import services as deals
from games.models import Deal, Game, PooledDeal
from tests.support.api import assert_error, patch, post, url
from tests.support.waiting import join_all

from .tables import WINNABLE, store

pytestmark = pytest.mark.django_db


def pool(*codes: str) -> list[Deal]:
    """Pooled deals with the small winnable table (as fill_winnable_pool would pool them)."""
    stored = [store(code, WINNABLE) for code in codes]
    for deal in stored:
        assert deals.add_to_pool(deal)
    return stored


def state() -> tuple:
    """Everything a refused start must leave as it was."""
    return (
        list(Game.objects.values_list("pk", flat=True)),
        sorted(Deal.objects.values_list("code", flat=True)),
        sorted(PooledDeal.objects.values_list("deal_id", flat=True)),
    )


def test_a_winnable_game_is_a_pooled_deal_which_leaves_the_pool(player_client):
    client, player = player_client()
    first, second = pool("HM1-N-POOLAAA", "HM1-N-POOLAAB")
    response = post(client, url("games"), {"winnable": True})
    assert response.status_code == 201, response.content
    game = response.json()
    assert game["deal_code"] in {first.code, second.code}
    assert (game["daily_date"], game["ranked"]) == (None, False)
    assert list(PooledDeal.objects.values_list("deal__code", flat=True)) == [
        ({first.code, second.code} - {game["deal_code"]}).pop()
    ]
    # The game is an ordinary one on the deal's stored table.
    assert Game.objects.get(pk=game["id"]).deal.code == game["deal_code"]


def test_an_empty_pool_is_refused_at_once_with_retry_after_and_nothing_changes(
    player_client, settings
):
    client, _ = player_client()
    settings.HALFMOON_WINNABLE_RETRY_AFTER = 7
    before = state()
    response = post(client, url("games"), {"winnable": True})
    body = assert_error(response, 503, "winnable_pool_empty")
    assert response["Retry-After"] == "7" and body["retry_after"] == 7
    assert state() == before


def test_the_setting_makes_winnable_the_default_and_false_still_means_any_deal(player_client):
    client, _ = player_client()
    (pooled,) = pool("HM1-N-POOLAAC")
    reply = patch(client, url("players", "me"), {"settings": {"winnable_deals": True}})
    assert reply.status_code == 200 and reply.json()["settings"]["winnable_deals"] is True
    any_deal = post(client, url("games"), {"winnable": False}).json()
    assert any_deal["deal_code"] != pooled.code and PooledDeal.objects.count() == 1
    by_setting = post(client, url("games"), {}).json()
    assert by_setting["deal_code"] == pooled.code and not PooledDeal.objects.exists()
    # Now empty: the setting's default is refused like an explicit request.
    assert_error(post(client, url("games"), {}), 503, "winnable_pool_empty")
    # A deal code and the daily deal are what they are, whatever the setting.
    code = post(client, url("games"), {"deal_code": "HM1-N-HALFMON"}).json()
    assert code["deal_code"] == "HM1-N-HALFMON"


def test_without_the_setting_an_empty_body_is_any_random_deal(player_client):
    client, _ = player_client()
    pool("HM1-N-POOLAAD")
    game = post(client, url("games"), {}).json()
    assert game["deal_code"] != "HM1-N-POOLAAD" and PooledDeal.objects.count() == 1


@pytest.mark.parametrize(
    "body",
    [
        {"winnable": True, "deal_code": "HM1-N-HALFMON"},
        {"winnable": False, "daily": True},
        {"winnable": "yes"},
        {"winnable": 1},
        {"winnable": None},
    ],
)
def test_bad_winnable_requests_are_refused_and_change_nothing(player_client, body):
    client, _ = player_client()
    pool("HM1-N-POOLAAE")
    before = state()
    fields = assert_error(post(client, url("games"), body), 400, "invalid_request")["fields"]
    assert "winnable" in fields or "daily" in fields
    assert state() == before


def test_a_player_is_given_a_pooled_deal_they_never_played_when_there_is_one(player_client):
    client, player = player_client()
    *played, fresh = pool(*(f"HM1-N-POOLAF{letter}" for letter in "ABCDEF"))
    for deal in played:
        assert post(client, url("games"), {"deal_code": deal.code}).status_code == 201
    # Five pooled deals the player played, one they did not: that one, whatever the draw.
    assert post(client, url("games"), {"winnable": True}).json()["deal_code"] == fresh.code
    # Only deals the player played are left: one of them, rather than a refusal.
    again = post(client, url("games"), {"winnable": True}).json()["deal_code"]
    assert again in {deal.code for deal in played}
    assert PooledDeal.objects.count() == 4


def test_a_settings_update_keeps_the_other_settings(player_client):
    client, _ = player_client()
    patch(client, url("players", "me"), {"settings": {"move_errors": True}})
    settings = patch(client, url("players", "me"), {"settings": {"winnable_deals": True}}).json()
    assert settings["settings"]["move_errors"] is True
    assert client.get(url("players", "me")).json()["settings"]["winnable_deals"] is True


# -- concurrency ------------------------------------------------------------------------------
def take_concurrently(tokens: list[str]) -> list[tuple[int, str | None]]:
    """Each token's player asks for a winnable game at the same moment: (status, deal code)."""
    barrier, results = threading.Barrier(len(tokens)), []

    def take(token):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        try:
            barrier.wait(timeout=10)
            response = post(client, url("games"), {"winnable": True})
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
def test_concurrent_takers_never_get_the_same_pooled_deal(player_client):
    tokens = [player_client(f"taker{i}")[0].token for i in range(6)]
    pooled = {deal.code for deal in pool(*(f"HM1-N-POOLBA{letter}" for letter in "ABCD"))}
    results = take_concurrently(tokens)
    given = [code for status, code in results if status == 201]
    refused = [status for status, _ in results if status != 201]
    assert sorted(given) == sorted(pooled)  # each pooled deal once, none twice
    assert refused == [503, 503]
    assert not PooledDeal.objects.exists()
    assert Game.objects.count() == 4


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_takers_of_the_last_pooled_deal_one_gets_it_the_other_is_refused(player_client):
    tokens = [player_client(f"last{i}")[0].token for i in range(2)]
    (last,) = pool("HM1-N-POOLCAA")
    results = sorted(take_concurrently(tokens))
    assert results == [(201, last.code), (503, None)]
    assert Game.objects.filter(deal=last).count() == 1
