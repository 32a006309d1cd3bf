"""What the tests of a player's data share (SPEC §12): a player with every kind of data and a
rival who raced them, built through the real endpoints; the dump of every row the service holds;
the secrets each player has."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, field
from urllib.parse import parse_qs

from django.apps import apps
from django.core import serializers
from django.db import connection
from rest_framework.test import APIClient

from games.accounts import links
from games.engine import DealCode
from games.models import (
    Credentials,
    DeviceToken,
    Game,
    GameOrigin,
    LinkCode,
    RecoveryCode,
)
from tests.support.api import post, url
from tests.support.play import winnable

PASSWORD = "plum tart 1962"
NOON = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.UTC)


@dataclass
class Person:
    """A player on the API with everything it was shown (its secrets, and what names it)."""

    name: str
    username: str
    email: str
    devices: list[str]
    client: APIClient = field(default_factory=APIClient)
    id: int = 0
    tokens: list[str] = field(default_factory=list)
    recovery_codes: list[str] = field(default_factory=list)
    secrets: list[str] = field(default_factory=list)
    clients: list[APIClient] = field(default_factory=list)

    def identifying(self) -> list[str]:
        """What names or reaches the person: none of it may outlive a deletion."""
        return [self.name, self.username, self.email, *self.devices]

    def stored_secrets(self) -> list[str]:
        """The hashes the service keeps of this person's secrets, read now."""
        found = list(
            DeviceToken.objects.filter(player_id=self.id).values_list("token_hash", flat=True)
        )
        found += Credentials.objects.filter(pk=self.id).values_list("password", flat=True)
        found += RecoveryCode.objects.filter(credentials_id=self.id).values_list(
            "code_hash", flat=True
        )
        found += LinkCode.objects.filter(player_id=self.id).values_list("code_hash", flat=True)
        return found


def client_with(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


def ok(response, status=200):
    assert response.status_code == status, (response.status_code, response.content)
    return response.json() if response.content else None


def make_person(name, username, email, devices, account=True) -> Person:
    person = Person(name, username, email, devices)
    created = ok(post(APIClient(), url("players"), {"name": name, "device": devices[0]}), 201)
    person.id = created["id"]
    person.tokens.append(created["token"])
    person.client = client_with(created["token"])
    if account:
        body = {"username": username, "password": PASSWORD, "email": email}
        person.recovery_codes = ok(post(person.client, url("account"), body), 201)["recovery_codes"]
        link = links.verify_link("http://x", Credentials.objects.get(pk=person.id))
        key = parse_qs(link.split("#", 1)[1])["key"][0]
        ok(post(APIClient(), url("account", "email", "verify"), {"key": key}))
        person.secrets.append(key)
        for device in devices[1:]:
            body = {"username": username, "password": PASSWORD, "device": device}
            signed = ok(post(APIClient(), url("account", "sign-in"), body))
            person.tokens.append(signed["token"])
            person.secrets.append(signed["device_proof"])
    person.clients = [client_with(token) for token in person.tokens]
    person.secrets += [*person.tokens, *person.recovery_codes, PASSWORD]
    return person


def a_legal_move(game_id: int) -> list[str]:
    board = Game.objects.get(pk=game_id).board()
    return [p.name for p in board.legal_moves()[0].positions]


@dataclass
class World:
    ann: Person
    bob: Person
    race_id: int
    ann_games: list[int]
    bob_games: list[int]
    daily_date: str


def build_world(monkeypatch, fake_clock, settings) -> World:
    """Ann has every kind of data: settings, an account with a verified address, two devices, a
    link code, games with logs, a daily entry, a rated race she won against Bob (ratings), a
    wait in the quick-match queue and the origins of her games. Bob raced her and has his own
    daily entry and games."""
    ann = make_person(
        "Annabel Quist",
        "annabel_q",
        "annabel.quist@example.com",
        ["Annabel's phone", "Quist tablet"],
    )
    bob = make_person("Bartholomew Zed", "bart_zed", "bart.zed@example.com", ["Bart's laptop"])
    ok(ann.client.patch(url("players", "me"), {"settings": {"move_errors": True}}, format="json"))
    ann.secrets.append(ok(post(ann.client, url("players", "me", "link-codes")), 201)["code"])
    # Games with logs, a watchable one among them.
    ann_games, bob_games = [], []
    for person, games in ((ann, ann_games), (bob, bob_games)):
        game = ok(post(person.client, url("games"), {}), 201)
        move = a_legal_move(game["id"])
        ok(post(person.client, url("games", game["id"], "taps"), {"position": move[0]}))
        ok(post(person.client, url("games", game["id"], "moves"), {"positions": move}))
        games.append(game["id"])
    ok(ann.client.patch(url("games", ann_games[0]), {"watchable": True}, format="json"))
    # Both enter today's daily board.
    for person, games in ((ann, ann_games), (bob, bob_games)):
        daily = ok(post(person.client, url("games"), {"daily": True}), 201)
        ok(
            post(
                person.client,
                url("games", daily["id"], "moves"),
                {"positions": a_legal_move(daily["id"])},
            )
        )
        ok(post(person.client, url("games", daily["id"], "resign"), {}))
        games.append(daily["id"])
    # A rated race (both have credentials, the server drew the deal): Ann wins, Bob moved once.
    code, moves = winnable()
    monkeypatch.setattr(DealCode, "random", classmethod(lambda cls: DealCode.parse(code)))
    race = ok(post(ann.client, url("races"), {"seats": 2}), 201)
    ok(post(bob.client, url("races", "join"), {"invite": race["invite"]}))
    for person in (ann, bob):
        ok(post(person.client, url("races", race["id"], "ready"), {"ready": True}))
    ok(post(ann.client, url("races", race["id"], "start")))
    fake_clock.advance(milliseconds=settings.HALFMOON_RACE_COUNTDOWN_MS)
    games = {}
    for person in (ann, bob):
        seen = ok(person.client.get(url("races", race["id"])))
        assert seen["status"] == "running", seen
        games[person.id] = next(
            m["game_id"] for m in seen["members"] if m["player"]["id"] == person.id
        )
    bob_game = games[bob.id]
    ok(post(bob.client, url("games", bob_game, "moves"), {"positions": a_legal_move(bob_game)}))
    for positions in moves:
        ok(post(ann.client, url("games", games[ann.id], "moves"), {"positions": list(positions)}))
    finished = ok(ann.client.get(url("races", race["id"])))
    assert finished["status"] == "finished" and finished["rated"], finished
    ann_games.append(games[ann.id])
    bob_games.append(bob_game)
    # Ann now waits for a quick match.
    ok(post(ann.client, url("matchmaking"), {"seats": 2}), 202)
    assert GameOrigin.objects.filter(player_id=ann.id).exists()
    return World(ann, bob, race["id"], ann_games, bob_games, NOON.date().isoformat())


def dump() -> str:
    """Every row of every model of the service (and of Django's own apps), as JSON text; on
    PostgreSQL also every other table's rows, read as text, so nothing outside the models
    hides anything."""
    parts = []
    for model in apps.get_models(include_auto_created=True):
        parts.append(serializers.serialize("json", model._default_manager.all()))
    known = {m._meta.db_table for m in apps.get_models(include_auto_created=True)}
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            for table in connection.introspection.table_names():
                if table not in known:
                    cursor.execute(f'SELECT t::text FROM "{table}" t')
                    parts.append(json.dumps([row[0] for row in cursor.fetchall()]))
    return "\n".join(parts)


def rows_by_model() -> dict[str, list]:
    """Every row, per model, as data (to compare before and after a refused request)."""
    return {
        model._meta.label: json.loads(serializers.serialize("json", model._default_manager.all()))
        for model in apps.get_models(include_auto_created=True)
    }
