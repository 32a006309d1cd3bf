"""Concurrent duplicates of one ``Idempotency-Key`` on PostgreSQL resolve to one effect:
threads with their own connections and real transactions send the same keyed move at once.

Run with ``DATABASE_URL=postgres://postgres@127.0.0.1:5432/hm_<you>``; skipped without it
outside CI.
"""

import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from games.models import Game, GameEvent, IdempotencyKey
from tests.support.api import post, url
from tests.support.waiting import join_all

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

SENDERS = 8


def send_at_once(token: str, path: str, body: dict, key: str) -> list:
    barrier = threading.Barrier(SENDERS)
    results: list = [None] * SENDERS

    def run(index):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        try:
            barrier.wait(timeout=30)
            response = post(client, path, body, HTTP_IDEMPOTENCY_KEY=key)
            results[index] = response
        except BaseException as error:  # reported by the test thread below
            results[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(SENDERS)]
    for thread in threads:
        thread.start()
    join_all(threads, 120, "a request never finished")
    for result in results:
        if isinstance(result, BaseException):
            raise result
    return results


@pytest.mark.parametrize("round_number", range(3))
def test_concurrent_duplicates_of_a_keyed_move_have_one_effect(table, round_number):
    client, game = table()
    moves = url("games", game["id"], "moves")
    body = {"positions": ["P1", "P2"]}
    results = send_at_once(client.token, moves, body, f"race-{round_number}")

    assert GameEvent.objects.filter(game_id=game["id"]).count() == 1
    assert Game.objects.get(pk=game["id"]).version == 1
    applied = [r for r in results if r.status_code == 200 and "Idempotent-Replayed" not in r]
    assert len(applied) == 1
    for response in results:
        if response.status_code == 200:  # the first answer, or its replay
            assert response.content == applied[0].content
        else:
            assert response.status_code == 409, response.content
            assert response.json()["code"] == "idempotency_key_in_flight"
            assert response["Retry-After"] == "1"
    retry = post(client, moves, body, HTTP_IDEMPOTENCY_KEY=f"race-{round_number}")
    assert retry["Idempotent-Replayed"] == "true" and retry.content == applied[0].content
    assert IdempotencyKey.objects.count() == 1
