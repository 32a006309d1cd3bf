"""Concurrent requests on one game, on PostgreSQL: threads racing through the REST API.

Run with ``DATABASE_URL=postgres://postgres@127.0.0.1:5432/hm_<you>``; skipped without it
outside CI.
"""

import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from games.models import Game, GameEvent
from tests.support.api import post, url
from tests.support.waiting import join_all

from .helpers import replayed_equals_stored, stored_board

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def race(token: str, game_id: int, requests: list[tuple[str, dict]]) -> list[tuple[int, dict]]:
    """Send every (action, body) at once, each from its own thread and database connection."""
    barrier = threading.Barrier(len(requests))
    results: list = [None] * len(requests)

    def run(index, action, body):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        try:
            barrier.wait(timeout=30)
            response = post(client, url("games", game_id, action), body)
            results[index] = (response.status_code, response.json())
        except BaseException as error:  # reported by the test thread below
            results[index] = error
        finally:
            connection.close()

    threads = [
        threading.Thread(target=run, args=(i, *request)) for i, request in enumerate(requests)
    ]
    for thread in threads:
        thread.start()
    join_all(threads, 120, "a request never finished")
    for result in results:
        if isinstance(result, BaseException):
            raise result
    return results


def assert_log_complete(game_id: int) -> Game:
    game = Game.objects.get(pk=game_id)
    seqs = list(
        GameEvent.objects.filter(game_id=game_id).order_by("seq").values_list("seq", flat=True)
    )
    assert seqs == list(range(1, game.version + 1))
    assert replayed_equals_stored(game_id)
    return game


def test_same_expected_version_applies_exactly_once(table):
    client, game = table()
    game_id, token = game["id"], client.token
    for round_number in range(10):
        board = stored_board(game_id)
        version = Game.objects.get(pk=game_id).version
        contenders = [
            ("moves", {"positions": [p.name for p in move.positions]})
            for move in board.legal_moves()[:3]
        ]
        contenders += [("taps", {"position": p.name}) for p, _ in board.playable()[:2]]
        if board.can_undo:
            contenders.append(("undo", {}))
        assert len(contenders) >= 3
        results = race(
            token,
            game_id,
            [(action, {**body, "expected_version": version}) for action, body in contenders],
        )
        statuses = sorted(status for status, _ in results)
        assert statuses == [200] + [409] * (len(contenders) - 1), (round_number, results)
        for status, body in results:
            if status == 409:
                assert (body["code"], body["current_version"]) == ("version_conflict", version + 1)
            else:
                winner = body.get("game", body)
                assert winner["version"] == version + 1
        assert assert_log_complete(game_id).version == version + 1


def test_distinct_moves_without_versions_all_apply_one_after_another(table):
    """Five disjoint pairs at once: no update is lost, each gets its own version."""
    client, game = table()
    pairs = [["P1", "P2"], ["P3", "P8"], ["P9", "P10"], ["P11", "R7"], ["R3", "R4"]]
    results = race(client.token, game["id"], [("moves", {"positions": p}) for p in pairs])
    assert [status for status, _ in results] == [200] * 5
    assert sorted(body["version"] for _, body in results) == [1, 2, 3, 4, 5]
    stored = assert_log_complete(game["id"])
    assert (stored.version, stored.score, stored.moves) == (5, 50, 5)


def test_the_same_move_sent_many_times_applies_once(table):
    client, game = table()
    results = race(client.token, game["id"], [("moves", {"positions": ["P1", "P2"]})] * 6)
    statuses = sorted(status for status, _ in results)
    assert statuses == [200] + [400] * 5, results
    # After the pair is gone P1 and P2 show 2C and 3C: the repeats are refused by the rules.
    assert {body["code"] for status, body in results if status == 400} == {"sum_must_be_11"}
    stored = assert_log_complete(game["id"])
    assert (stored.version, stored.score) == (1, 10)


def test_racing_undo_and_resign_leave_a_consistent_game(table):
    client, game = table()
    post(client, url("games", game["id"], "moves"), {"positions": ["P1", "P2"]})
    results = race(
        client.token, game["id"], [("undo", {}), ("resign", {}), ("undo", {}), ("resign", {})]
    )
    assert sorted(status for status, _ in results).count(200) >= 1
    stored = assert_log_complete(game["id"])
    assert stored.status == "resigned" and stored.finished_at is not None
    codes = {body["code"] for status, body in results if status != 200}
    assert codes <= {"game_finished", "nothing_to_undo"}
