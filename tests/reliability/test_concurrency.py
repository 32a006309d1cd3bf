"""Concurrency on PostgreSQL: many clients racing moves, undos and taps on one game.

Each thread has its own database connection (real concurrent transactions), reads the game and
sends an action that is legal at the version it saw, with that ``expected_version``. Every
request must either apply against exactly that version (response version = seen + 1) or get
409; the log must then be numbered 1…version with one entry per applied request, and replaying
it must give the stored state. A request re-sent after a "lost" response must never apply twice.
"""

import random
import threading
from collections import Counter

import pytest
from django.db import connections
from rest_framework.test import APIClient

from games import actions
from games.models import Game, GameEvent
from games.play.selectors import replay
from games.play.verification import verify_game
from tests.support.moves import choose_action, visible_cards
from tests.support.waiting import join_all

pytestmark = [pytest.mark.postgres, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

THREADS = 8
ROUNDS = 40


def race(game_id: int, token: str, seed: int, results: list, barrier: threading.Barrier):
    rng = random.Random(seed)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    try:
        barrier.wait()
        for _ in range(ROUNDS):
            seen = client.get(f"/api/v1/games/{game_id}").json()
            endpoint, body = choose_action(seen, rng)
            body = {**body, "expected_version": seen["version"]}
            sends = 2 if rng.random() < 0.25 else 1  # the second send: a retry after a lost reply
            for attempt in range(sends):
                response = client.post(f"/api/v1/games/{game_id}/{endpoint}", body, format="json")
                data = response.json()
                results.append(
                    {
                        "seen": seen["version"],
                        "endpoint": endpoint,
                        "body": body,
                        "status": response.status_code,
                        "retry": attempt > 0,
                        "version": (
                            data.get("game", data) if response.status_code == 200 else data
                        ).get("version"),
                        "code": data.get("code"),
                        "current": data.get("current_version"),
                    }
                )
    finally:
        connections.close_all()


def test_racing_clients_apply_against_the_version_they_saw_or_get_409(make_player):
    player, token = make_player("racer")
    game_id = actions.start_game(player, "HM1-N-AAAAAAA").game.pk
    results: list[dict] = []
    barrier = threading.Barrier(THREADS)
    threads = [
        threading.Thread(target=race, args=(game_id, token, seed, results, barrier))
        for seed in range(THREADS)
    ]
    for thread in threads:
        thread.start()
    join_all(threads, 120, "a racing client never finished")

    statuses = Counter(r["status"] for r in results)
    applied = [r for r in results if r["status"] == 200]
    refused = [r for r in results if r["status"] != 200]
    print(
        f"\nconcurrency: {len(results)} requests raced by {THREADS} threads on one game: "
        f"{len(applied)} applied, {statuses[409]} got 409 "
        f"({sum(r['retry'] for r in results)} were retries of a request already sent)"
    )
    assert len(results) >= THREADS * ROUNDS
    # Every request applied against the version it saw, or was refused as stale.
    assert all(r["version"] == r["seen"] + 1 for r in applied)
    assert all(
        r["status"] == 409 and r["code"] == "version_conflict" and r["current"] > r["seen"]
        for r in refused
    ), [r for r in refused if r["status"] != 409][:3]
    # A retry with the same expected_version never applies (its original was sent first).
    retried = [r for r in results if r["retry"]]
    assert retried and all(r["status"] == 409 for r in retried)
    # One applied request per version: no two clients won the same version, no gap.
    versions = sorted(r["version"] for r in applied)
    assert versions == list(range(1, len(applied) + 1))
    assert statuses[409] > 0, "the threads did not actually race"

    game = Game.objects.select_related("deal").get(pk=game_id)
    log = list(GameEvent.objects.filter(game=game).order_by("seq"))
    assert game.version == len(applied) == len(log)
    assert [e.seq for e in log] == list(range(1, game.version + 1))
    kinds = {"moves": "move", "undo": "undo", "taps": "tap"}
    by_version = {r["version"]: r for r in applied}
    for entry in log:
        request = by_version[entry.seq]
        assert entry.kind == kinds[request["endpoint"]]
        sent = request["body"].get("positions") or [request["body"].get("position")]
        logged = entry.positions.split("+") if entry.positions else []
        assert sorted(logged) == (sorted(sent) if entry.kind != "undo" else [])
    replayed = replay(game)
    assert replayed.state_string() == game.state and replayed == game.board()
    assert (replayed.score, replayed.moves, replayed.status.value) == (
        game.score,
        game.moves,
        game.status,
    )
    assert verify_game(game).ok


def test_a_retry_racing_its_original_applies_once(make_player):
    """The same request sent twice at the same moment (a client retrying after a timeout while
    the first attempt is still in flight): exactly one applies, the other gets 409."""
    player, token = make_player("twice")
    game_id = actions.start_game(player, "HM1-N-AAAAAAA").game.pk
    reader = APIClient()
    reader.credentials(HTTP_AUTHORIZATION=f"Token {token}")  # its owner: games are private
    outcomes = []
    for _ in range(10):
        seen = reader.get(f"/api/v1/games/{game_id}").json()
        position = visible_cards(seen)[0][0]
        body = {"position": position, "expected_version": seen["version"]}
        replies: list[int] = []
        barrier = threading.Barrier(2)

        def send():
            client = APIClient()
            client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
            try:
                barrier.wait()
                replies.append(
                    client.post(f"/api/v1/games/{game_id}/taps", body, format="json").status_code
                )
            finally:
                connections.close_all()

        pair = [threading.Thread(target=send) for _ in range(2)]
        for thread in pair:
            thread.start()
        join_all(pair, 30, "a retried request never finished")
        outcomes.append(sorted(replies))
    assert outcomes == [[200, 409]] * 10
    game = Game.objects.get(pk=game_id)
    assert game.version == 10 == GameEvent.objects.filter(game=game).count()
