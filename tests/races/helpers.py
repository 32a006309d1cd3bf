"""Members driving the races API through Django's test client, and what the tests check."""

from __future__ import annotations

import re

from rest_framework.test import APIClient

from tests.support.api import url

#: A card as the service writes it: rank then suit (``AS``, ``10H``, ``QD``).
CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[A2-9JQK])[CDHS](?![A-Za-z0-9])")


#: The password of the members with credentials (Django's validators accept it).
PASSWORD = "plum tart 1962"


class Member:
    """A player with an authenticated client; each call returns the response. With
    ``account``, the player has credentials too (``POST /account``): races of such members
    only, on a deal the server draws, are rated."""

    def __init__(self, name: str, account: bool = False):
        client = APIClient()
        response = client.post(url("players"), {"name": name}, format="json")
        assert response.status_code == 201, response.content
        data = response.json()
        self.id, self.name, self.token = data["id"], data["name"], data["token"]
        client.credentials(HTTP_AUTHORIZATION=f"Token {self.token}")
        self.client = client
        if account:
            self.add_account()

    def add_account(self):
        body = {"username": f"{self.name}_{self.id}", "password": PASSWORD}
        response = self.client.post(url("account"), body, format="json")
        assert response.status_code == 201, response.content

    def post(self, *parts, body=None):
        return self.client.post(url(*parts), body or {}, format="json")

    def get(self, *parts, **params):
        return self.client.get(url(*parts), params)

    def create(self, seats=2, **fields):
        return self.post("races", body={"seats": seats, **fields})

    def join(self, invite):
        return self.post("races", "join", body={"invite": invite})

    def ready(self, race_id, ready=True):
        return self.post("races", race_id, "ready", body={"ready": ready})

    def start(self, race_id):
        return self.post("races", race_id, "start")

    def leave(self, race_id):
        return self.post("races", race_id, "leave")

    def race(self, race_id):
        return self.get("races", race_id)

    def move(self, game_id, positions):
        return self.post("games", game_id, "moves", body={"positions": list(positions)})

    def tap(self, game_id, position):
        return self.post("games", game_id, "taps", body={"position": position})

    def undo(self, game_id):
        return self.post("games", game_id, "undo")

    def resign(self, game_id):
        return self.post("games", game_id, "resign")

    def game(self, game_id):
        return self.get("games", game_id)

    def own_game_id(self, race: dict) -> int | None:
        return next(m["game_id"] for m in race["members"] if m["player"]["id"] == self.id)


def ok(response, status=200) -> dict:
    assert response.status_code == status, (response.status_code, response.content)
    return response.json()


def stored(race_id: int) -> tuple:
    """Everything stored of a race, its members, games and the queue, to compare before and
    after a refusal."""
    from games.models import Game, QueueEntry, Race, RaceMember, Rating

    race = Race.objects.filter(pk=race_id).values().first()
    members = list(RaceMember.objects.filter(race_id=race_id).order_by("pk").values())
    games = list(Game.objects.filter(race_id=race_id).order_by("pk").values())
    return race, members, games, list(QueueEntry.objects.values()), list(Rating.objects.values())


def refused(response, status: int, code: str, race_id: int, before: tuple) -> dict:
    """The refusal is the service's error and nothing of the race changed."""
    from tests.support.api import assert_error

    body = assert_error(response, status, code)
    assert stored(race_id) == before
    return body


def at_once(*calls):
    """Run every call at the same moment, each in its own thread with its own database
    connection; returns their results in order (an exception is re-raised)."""
    import threading

    from django.db import connection

    from tests.support.waiting import join_all

    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait(timeout=30)
            results[index] = call()
        except BaseException as error:
            results[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    join_all(threads, 120, "a concurrent call never finished")
    for result in results:
        if isinstance(result, BaseException):
            raise result
    return results
