"""Races of events at a challenge (PostgreSQL: real row locks between threads)."""

from __future__ import annotations

import threading

import pytest
from django.db import connections

from games.models import Challenge, ChallengeAttempt
from tests.support.waiting import join_all

from .helpers import Challenger, small_deal

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _together(calls):
    barrier, results = threading.Barrier(len(calls)), [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait(timeout=10)
            results[index] = call()
        except BaseException as error:  # re-raised below, in the test's thread
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    join_all(threads, 60, "a concurrent call never finished")
    for result in results:
        if isinstance(result, BaseException):
            raise result
    return results


def test_two_challengers_finishing_at_once_give_one_consistent_board():
    ana = Challenger("Ana")
    game = ana.start(small_deal())
    ana.win(game["id"])
    code = ana.made_challenge(game["id"])["code"]
    players = [Challenger(f"P{i}") for i in range(4)]
    games = [player.play(code) for player in players]
    for player, played in zip(players[:2], games[:2], strict=True):
        for positions in (["P1", "P2"], ["P3", "P4"], ["R1", "R2", "R3"], ["P5", "R4"]):
            player.move(played["id"], positions)
    # two win and two resign in the same instant
    _together(
        [
            lambda: players[0].move(games[0]["id"], ["P5", "R5"]),
            lambda: players[1].move(games[1]["id"], ["P5", "R5"]),
            lambda: players[2].resign(games[2]["id"]),
            lambda: players[3].resign(games[3]["id"]),
        ]
    )
    board = ana.board(code).json()
    assert board["total"] == 4
    ranks = [row["rank"] for row in board["results"]]
    assert ranks == sorted(ranks) and ranks[0] == 1
    assert [row["result"] for row in board["results"]] == ["won", "won", "resigned", "resigned"]
    walked, cursor = [], None  # pages of one walk the same board
    while True:
        page = ana.board(code, limit=1, **({"cursor": cursor} if cursor else {})).json()
        walked += page["results"]
        if not (cursor := page["next"]):
            break
    assert walked == board["results"]
    assert ChallengeAttempt.objects.filter(ended_at__isnull=False).count() == 4


def test_concurrent_makes_give_one_challenge_and_concurrent_starts_one_counted_attempt():
    ana = Challenger("Ana")
    game = ana.start(small_deal())
    ana.win(game["id"])
    made = _together([lambda: ana.challenge(game["id"]) for _ in range(4)])
    assert sorted(r.status_code for r in made) == [200, 200, 200, 201]
    assert len({r.json()["code"] for r in made}) == 1 and Challenge.objects.count() == 1
    bo = Challenger("Bo")
    code = made[0].json()["code"]
    _together([lambda: bo.play(code) for _ in range(4)])
    assert ChallengeAttempt.objects.filter(player_id=bo.id).count() == 4
    assert ChallengeAttempt.objects.filter(player_id=bo.id, counted=True).count() == 1
