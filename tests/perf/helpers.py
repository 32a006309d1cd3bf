"""Helpers of the query-count tests (``test_query_counts``, ``test_socket_query_counts``):
players driving the REST API and the states built with them — games with moves, more
devices, accounts with their mails, a day's board, races. Every state is built through the
API, as clients make it; nothing here is counted.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import count
from typing import Any

from django.core import mail
from rest_framework.test import APIClient

from games.models import Game
from tests.daily.helpers import DAY, WIN, store_daily_layout
from tests.support.api import url
from tests.support.clock import FakeClock
from tests.support.mail import Mail

from .test_hot_path_sql import CHANGE_QUERIES

PASSWORD = "plum tart 1962"
NEW_PASSWORD = "lemon curd 2077"
DEAL = "HM1-N-AAAAAAA"


def change(other: int) -> int:
    """``other`` queries and one game change, as ``test_hot_path_sql`` counts a change
    (``CHANGE_QUERIES``: one statement less on PostgreSQL, which writes the game and its log
    entry in one)."""
    return other + CHANGE_QUERIES


_names = count(1)


class Actor:
    """A player made through ``POST /players``, with an authenticated client."""

    def __init__(self, name: str | None = None):
        self.client = APIClient()
        name = name or f"player {next(_names)}"
        body = ok(self.client.post(url("players"), {"name": name, "device": "phone"}, "json"), 201)
        self.id, self.name, self.token = body["id"], body["name"], body["token"]
        self.client.credentials(HTTP_AUTHORIZATION=f"Token {self.token}")

    def call(self, method: str, *parts, body=None, status: int = 200, **params) -> Any:
        response = send(self.client, method, url(*parts), body, params)
        return ok(response, status)


def send(client, method: str, path: str, body=None, params=None):
    if method == "get":
        return client.get(path, params or {})
    return getattr(client, method)(path, body if body is not None else {}, format="json")


def ok(response, status: int) -> Any:
    assert response.status_code == status, (response.status_code, response.content[:2000])
    return response.json() if response.content else None


@dataclass
class Call:
    """The request to count, and what its answer must show."""

    client: APIClient
    method: str
    path: str
    body: dict | None = None
    params: dict = field(default_factory=dict)
    check: Callable[[Any], Any] = lambda body: True


def legal(game_id: int) -> list[str]:
    """The positions of a legal removal in the stored game."""
    board = Game.objects.get(pk=game_id).board()
    return [p.name for p in board.legal_moves()[0].positions]


def lasting(game_id: int) -> list[str]:
    """The positions of a legal removal after which the game still has one: a race's random
    deal sometimes stalls after its first removal, and a stalled game's leave or resignation
    costs other queries than a playing one's (races_leave counted 17 instead of 26 once)."""
    board = Game.objects.get(pk=game_id).board()
    for move in board.legal_moves():
        board.push(move)
        still = bool(board.legal_moves())
        board.undo()
        if still:
            return [p.name for p in move.positions]
    raise LookupError(f"game {game_id}: every removal stalls it")


def game_with_moves(actor: Actor, moves: int = 3) -> int:
    """A game of a fixed deal with ``moves`` removals and a tap."""
    game_id = actor.call("post", "games", body={"deal_code": DEAL}, status=201)["id"]
    for _ in range(moves):
        actor.call("post", "games", game_id, "moves", body={"positions": legal(game_id)})
    actor.call("post", "games", game_id, "taps", body={"position": legal(game_id)[0]})
    return game_id


def other_devices(actor: Actor, count: int) -> list[int]:
    """``count`` more device tokens of the actor (linked by code); their ids."""
    for index in range(count):
        code = actor.call("post", "players", "me", "link-codes", status=201)["code"]
        ok(post_anonymous("players/link", {"code": code, "device": f"device {index}"}), 200)
    devices = actor.call("get", "players", "me", "tokens")["results"]
    return [d["id"] for d in devices if not d["current"]]


def post_anonymous(path: str, body: dict):
    return APIClient().post(url(path), body, format="json")


def with_account(actor: Actor, email: str = "", username: str | None = None) -> dict:
    body = {"username": username or f"user_{actor.id}", "password": PASSWORD}
    if email:
        body["email"] = email
    return actor.call("post", "account", body=body, status=201)


def mailed_keys(to: str) -> dict[str, str]:
    """The keys of the link in the last mail to ``to`` (the locmem outbox)."""
    sent = [m for m in mail.outbox if to in m.to]
    assert sent, f"no mail to {to}"
    return Mail(tuple(sent[-1].to), sent[-1].subject, sent[-1].body).link_keys()


def verified(actor: Actor, email: str) -> dict:
    account = with_account(actor, email)
    key = mailed_keys(email)["key"]
    ok(post_anonymous("account/email/verify", {"key": key}), 200)
    return account


def daily_entries(fake: FakeClock, count: int) -> list[Actor]:
    """Today's board with ``count`` entries: ranked attempts, won and resigned in turn."""
    store_daily_layout(DAY)
    players = [Actor() for _ in range(count)]
    for index, player in enumerate(players):
        game_id = player.call("post", "games", body={"daily": True}, status=201)["id"]
        if index % 2 == 0:
            for positions in WIN:
                player.call("post", "games", game_id, "moves", body={"positions": positions})
        else:
            player.call("post", "games", game_id, "moves", body={"positions": WIN[0]})
            player.call("post", "games", game_id, "resign")
        fake.advance(seconds=1)  # distinct end times; tokens stay fresh (touched once a minute)
    return players


def daily_entries_on(date: dt.date, count: int) -> list[Actor]:
    """The board of ``date`` (the clock on it) with ``count`` resigned ranked attempts."""
    store_daily_layout(date)
    players = [Actor() for _ in range(count)]
    for player in players:
        game_id = player.call("post", "games", body={"daily": True}, status=201)["id"]
        player.call("post", "games", game_id, "moves", body={"positions": WIN[0]})
        player.call("post", "games", game_id, "resign")
    return players


class Crew:
    """Members of one race, driven through the API."""

    def __init__(self, count: int, seats: int = 8):
        self.members = [Actor() for _ in range(count)]
        self.host = self.members[0]
        race = self.host.call("post", "races", body={"seats": seats}, status=201)
        self.id, self.invite = race["id"], race["invite"]
        for member in self.members[1:]:
            member.call("post", "races", "join", body={"invite": self.invite})

    def ready(self, members=None) -> None:
        for member in members if members is not None else self.members:
            member.call("post", "races", self.id, "ready", body={"ready": True})

    def run(self, fake: FakeClock, settings) -> dict:
        """Ready, started, counted down and running (its games made), each with a move."""
        self.ready()
        self.host.call("post", "races", self.id, "start")
        fake.advance(milliseconds=settings.HALFMOON_RACE_COUNTDOWN_MS)
        race = self.host.call("get", "races", self.id)
        assert race["status"] == "running", race
        for member in self.members:
            game_id = self.game_of(member)
            member.call("post", "games", game_id, "moves", body={"positions": lasting(game_id)})
        return race

    def game_of(self, member: Actor) -> int:
        race = member.call("get", "races", self.id)
        return next(m["game_id"] for m in race["members"] if m["player"]["id"] == member.id)


@dataclass
class World:
    fake: FakeClock
    settings: Any
