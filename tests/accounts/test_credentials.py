"""Keep my progress: credentials added to the current player, with recovery codes shown once."""

import re

import pytest
from django.contrib.auth.hashers import get_hasher
from django.db import connection

from games.models import Credentials, Game, RecoveryCode
from tests.support.api import assert_error, post, url

from .conftest import PASSWORD, at_once, client_with

pytestmark = pytest.mark.django_db

CODE = re.compile(r"^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$")


def test_credentials_keep_the_same_player_and_show_ten_codes_once(new_player):
    client = new_player("Ana")
    game = post(client, url("games"), {}).json()
    response = post(
        client, url("account"), {"username": "Ana_K", "password": PASSWORD, "email": "a@x.example"}
    )
    assert response.status_code == 201, response.content
    body = response.json()
    codes = body.pop("recovery_codes")
    assert len(set(codes)) == 10 and all(CODE.match(code) for code in codes)
    assert body == {
        "username": "Ana_K",
        "email": "a@x.example",
        "email_verified": False,
        "recovery_codes_left": 10,
        "created_at": body["created_at"],
        "password_changed_at": body["password_changed_at"],
    }
    assert client.get(url("account")).json() == body  # the codes are never shown again
    assert Game.objects.get(pk=game["id"]).owner_id == client.player_id
    stored = Credentials.objects.get(pk=client.player_id)
    assert stored.password.startswith("argon2$argon2id$") and PASSWORD not in stored.password
    hashes = RecoveryCode.objects.filter(credentials=stored).values_list("code_hash", flat=True)
    assert not {c.replace("-", "") for c in codes} & set(hashes)


def test_an_anonymous_player_has_no_account(new_player):
    assert_error(new_player().get(url("account")), 404, "no_credentials")


def test_credentials_are_added_once(account):
    client, _ = account("ana_k")
    again = post(client, url("account"), {"username": "other_name", "password": PASSWORD})
    assert_error(again, 409, "credentials_exist")
    assert Credentials.objects.get(pk=client.player_id).username == "ana_k"


@pytest.mark.parametrize("username", ["ab", "x" * 31, "has space", "semi;colon", "é@mail", ""])
def test_bad_usernames_are_refused(new_player, username):
    client = new_player()
    response = post(client, url("account"), {"username": username, "password": PASSWORD})
    assert response.status_code == 400 and response.json()["code"] in (
        "invalid_username",
        "invalid_request",
    )
    assert not Credentials.objects.exists()


def test_unicode_usernames_are_normalised(new_player):
    client = new_player()
    response = post(client, url("account"), {"username": "Ｚeynep.Ş", "password": PASSWORD})
    assert response.json()["username"] == "Zeynep.Ş"


@pytest.mark.parametrize(
    "password, problem",
    [("short1", "too short"), ("password123", "too common"), ("8274619305", "entirely numeric")],
)
def test_weak_passwords_are_refused_with_the_validators_words(new_player, password, problem):
    client = new_player()
    response = post(client, url("account"), {"username": "ana_k", "password": password})
    body = assert_error(response, 400, "invalid_password")
    assert any(problem in text for text in body["problems"]), body
    assert not Credentials.objects.exists()


def test_a_password_like_the_username_is_refused(new_player):
    client = new_player()
    response = post(
        client, url("account"), {"username": "moonwalker77", "password": "moonwalker77"}
    )
    body = assert_error(response, 400, "invalid_password")
    assert any("similar" in text for text in body["problems"])


def test_usernames_are_unique_regardless_of_case_and_taken_looks_like_reserved(account, new_player):
    account("Ana_K")
    taken = post(new_player(), url("account"), {"username": "aNA_k", "password": PASSWORD})
    reserved = post(new_player(), url("account"), {"username": "Admin", "password": PASSWORD})
    assert taken.status_code == reserved.status_code == 409
    assert taken.json() == reserved.json()  # the same code and message: nothing tells which
    assert taken.json()["code"] == "username_unavailable"
    assert Credentials.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_players_taking_one_username_at_once_one_gets_it(new_player):
    clients = [new_player(f"p{i}") for i in range(2)]
    body = {"username": "same_name", "password": PASSWORD}
    answers = at_once(*(lambda c=c: post(c, url("account"), body).status_code for c in clients))
    assert sorted(answers) == [201, 409]
    assert Credentials.objects.filter(username_key="same_name").count() == 1


def test_the_token_of_the_creating_device_keeps_working(account):
    client, _ = account("ana_k")
    assert client_with(client.token).get(url("players", "me")).status_code == 200


def test_a_taken_username_does_the_same_work_as_a_free_one(account, new_player, monkeypatch):
    """A taken name is not answered early: the password is validated and hashed (Argon2id, the
    bulk of the work) before the username is looked up, for a taken name as for a free one.
    Checked by the order of the work, not by a stopwatch (a timed assertion fails on a loaded
    machine); the times themselves are printed by ``bench/credentials.py``."""
    account("taken_k")
    hasher = type(get_hasher())
    real_encode = hasher.encode
    events: list[str] = []

    def encode(self, password, salt):
        events.append("hash")
        return real_encode(self, password, salt)

    def on_query(execute, sql, params, many, context):
        if "username_key" in sql:
            events.append("lookup")
        return execute(sql, params, many, context)

    monkeypatch.setattr(hasher, "encode", encode)
    orders = {}
    for case, username, status in (("taken", "taken_k", 409), ("free", "free_k", 201)):
        client = new_player(f"p{case}")
        events.clear()
        with connection.execute_wrapper(on_query):
            response = post(client, url("account"), {"username": username, "password": PASSWORD})
        assert response.status_code == status, response.content
        orders[case] = list(events)
    assert orders["taken"][:2] == ["hash", "lookup"], orders
    assert orders["taken"].count("hash") == orders["free"].count("hash") == 1, orders
    assert orders["free"][:2] == ["hash", "lookup"], orders
    assert Credentials.objects.filter(username="taken_k").count() == 1
