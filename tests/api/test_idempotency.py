"""``Idempotency-Key`` on POSTs (IETF draft semantics): a retry gets the first answer and has
no second effect; another body with the key is refused (422); keys are per player, kept 24 h.
Concurrent duplicates on PostgreSQL: ``test_idempotency_postgres.py``."""

import datetime as dt

import pytest
from django.core.management import call_command

from games.models import Game, GameEvent, IdempotencyKey, Player
from games.transport import idempotency
from tests.support.api import assert_error, post, url

from .helpers import refused, snapshot

pytestmark = pytest.mark.django_db

PAIR = {"positions": ["P1", "P2"]}  # 5S + 6D on the rich table
OTHER_PAIR = {"positions": ["P3", "P8"]}  # 4C + 7H


def keyed(key: str) -> dict:
    return {"HTTP_IDEMPOTENCY_KEY": key}


def test_a_retried_move_gets_the_first_answer_and_has_one_effect(table):
    client, game = table()
    moves = url("games", game["id"], "moves")
    first = post(client, moves, PAIR, **keyed("move-1"))
    assert first.status_code == 200 and first.json()["version"] == 1
    assert "Idempotent-Replayed" not in first
    retry = post(client, moves, PAIR, **keyed("move-1"))
    assert retry.status_code == 200
    assert retry.content == first.content
    assert retry["Idempotent-Replayed"] == "true"
    assert retry["ETag"] == first["ETag"] == '"1"'
    assert retry["Content-Type"] == first["Content-Type"]
    assert GameEvent.objects.filter(game_id=game["id"]).count() == 1
    assert Game.objects.get(pk=game["id"]).version == 1


def test_without_a_key_a_retry_is_a_second_move(table):
    client, game = table()
    moves = url("games", game["id"], "moves")
    assert post(client, moves, PAIR).status_code == 200
    assert post(client, moves, OTHER_PAIR).json()["version"] == 2


def test_the_key_with_another_body_is_refused_and_changes_nothing(table):
    client, game = table()
    moves = url("games", game["id"], "moves")
    assert post(client, moves, PAIR, **keyed("k")).status_code == 200
    refused(
        game["id"],
        lambda: post(client, moves, OTHER_PAIR, **keyed("k")),
        422,
        "idempotency_key_reused",
    )
    refused(  # another endpoint of the same game is another request too
        game["id"],
        lambda: post(client, url("games", game["id"], "undo"), {}, **keyed("k")),
        422,
        "idempotency_key_reused",
    )


def test_the_same_body_written_differently_is_the_same_request(table):
    client, game = table()
    moves = url("games", game["id"], "moves")
    raw = '{"positions": ["P1", "P2"]}'
    respaced = '{ "positions" :["P1","P2"] }'
    first = client.generic("POST", moves, raw, content_type="application/json", **keyed("k"))
    retry = client.generic("POST", moves, respaced, content_type="application/json", **keyed("k"))
    assert retry["Idempotent-Replayed"] == "true" and retry.content == first.content


def test_keys_belong_to_one_player(table, player_client):
    client, game = table()
    other, _ = player_client("other")
    assert post(client, url("games"), {}, **keyed("shared")).status_code == 201
    answer = post(other, url("games"), {}, **keyed("shared"))
    assert answer.status_code == 201 and "Idempotent-Replayed" not in answer
    assert answer.json()["owner"]["name"] == "other"


def test_a_refusal_is_replayed_too(table):
    client, game = table()
    moves = url("games", game["id"], "moves")
    stale = {**PAIR, "expected_version": 5}
    first = assert_error(post(client, moves, stale, **keyed("stale")), 409, "version_conflict")
    retry = post(client, moves, stale, **keyed("stale"))
    assert retry.status_code == 409 and retry.json() == first
    assert retry["Idempotent-Replayed"] == "true"


def test_a_key_still_in_flight_is_409_with_retry_after_and_no_effect(table):
    client, game = table()
    moves = url("games", game["id"], "moves")
    assert post(client, moves, PAIR, **keyed("busy")).status_code == 200
    IdempotencyKey.objects.update(status=None, answer=b"")  # as while the first one runs
    response = post(client, moves, PAIR, **keyed("busy"))
    body = refused(game["id"], lambda: response, 409, "idempotency_key_in_flight")
    assert body["retry_after"] == 1 and response["Retry-After"] == "1"


def test_a_claim_left_by_a_dead_request_is_taken_over(table):
    client, game = table()
    moves = url("games", game["id"], "moves")
    IdempotencyKey.objects.create(
        scope=f"player:{game['owner']['id']}",
        key_hash=idempotency.key_hash("orphan"),
        fingerprint="whatever",
        created_at=idempotency.clock.now() - idempotency.ABANDONED_AFTER,
    )
    assert post(client, moves, PAIR, **keyed("orphan")).json()["version"] == 1


@pytest.mark.parametrize("key", ["", " ", "x" * 256, "naïve", "two words"])
def test_a_malformed_key_is_refused_and_changes_nothing(table, key):
    client, game = table()
    moves = url("games", game["id"], "moves")
    refused(
        game["id"], lambda: post(client, moves, PAIR, **keyed(key)), 400, "invalid_idempotency_key"
    )


def test_a_structured_field_string_is_the_same_key_as_a_bare_one(table):
    client, game = table()
    moves = url("games", game["id"], "moves")
    first = post(client, moves, PAIR, **keyed('"8e03978e-40d5-43e8-bc93-6894a57f9324"'))
    retry = post(client, moves, PAIR, **keyed("8e03978e-40d5-43e8-bc93-6894a57f9324"))
    assert retry["Idempotent-Replayed"] == "true" and retry.content == first.content


def test_after_24_hours_the_key_is_new_again(table):
    client, game = table()
    moves = url("games", game["id"], "moves")
    post(client, moves, PAIR, **keyed("day"))
    IdempotencyKey.objects.update(created_at=idempotency.clock.now() - dt.timedelta(hours=24))
    again = post(client, moves, OTHER_PAIR, **keyed("day"))  # a new request, not a reuse
    assert again.status_code == 200 and again.json()["version"] == 2
    assert "Idempotent-Replayed" not in again


def test_expired_keys_are_pruned_by_the_command_and_on_write(table, monkeypatch):
    client, game = table()
    moves = url("games", game["id"], "moves")
    post(client, moves, PAIR, **keyed("old-1"))
    post(client, moves, OTHER_PAIR, **keyed("old-2"))
    old = idempotency.clock.now() - dt.timedelta(hours=25)
    IdempotencyKey.objects.filter(key_hash=idempotency.key_hash("old-1")).update(created_at=old)
    call_command("prune_idempotency_keys")
    assert list(IdempotencyKey.objects.values_list("key_hash", flat=True)) == [
        idempotency.key_hash("old-2")
    ]
    IdempotencyKey.objects.update(created_at=old)
    monkeypatch.setattr(idempotency, "PRUNE_EVERY", 1)  # every new key prunes
    post(client, url("games", game["id"], "undo"), {}, **keyed("new"))
    assert list(IdempotencyKey.objects.values_list("key_hash", flat=True)) == [
        idempotency.key_hash("new")
    ]


def test_post_players_is_keyed_by_address_and_its_token_is_stored_sealed(api):
    body = {"name": "keyed"}
    first = post(api, url("players"), body, **keyed("new-me"))
    retry = post(api, url("players"), body, **keyed("new-me"))
    assert first.status_code == retry.status_code == 201
    assert retry.json() == first.json() and retry["Idempotent-Replayed"] == "true"
    assert Player.objects.filter(name="keyed").count() == 1
    assert first["Cache-Control"] == retry["Cache-Control"] == "no-store"
    row = IdempotencyKey.objects.get()
    assert row.scope == "address:127.0.0.1" and row.key_hash != "new-me"
    assert first.json()["token"].encode() not in bytes(row.answer)
    elsewhere = post(api, url("players"), body, REMOTE_ADDR="10.9.8.7", **keyed("new-me"))
    assert elsewhere.status_code == 201 and "Idempotent-Replayed" not in elsewhere


def test_a_throttled_request_is_not_kept_so_its_retry_runs(table, settings):
    client, game = table()
    moves = url("games", game["id"], "moves")
    settings.HALFMOON_THROTTLE_RATES = {**settings.HALFMOON_THROTTLE_RATES, "race_invite": "0/min"}
    join = url("races", "join")
    assert_error(post(client, join, {"invite": "ABCDEFGH"}, **keyed("j")), 429, "throttled")
    assert not IdempotencyKey.objects.exists()
    assert post(client, moves, PAIR, **keyed("m")).status_code == 200


@pytest.mark.parametrize(
    "path, body, status",
    [
        (("games",), {}, 201),
        (("races",), {"seats": 2}, 201),
        (("matchmaking",), {"seats": 2}, 202),
        (("players", "me", "link-codes"), None, 201),
    ],
)
def test_every_post_takes_a_key(player_client, path, body, status):
    client, _ = player_client()
    first = post(client, url(*path), body, **keyed("once"))
    retry = post(client, url(*path), body, **keyed("once"))
    assert first.status_code == retry.status_code == status
    assert retry.content == first.content and retry["Idempotent-Replayed"] == "true"


def test_games_created_once(player_client):
    client, player = player_client()
    for _ in range(3):
        post(client, url("games"), {}, **keyed("g"))
    assert Game.objects.filter(owner=player).count() == 1
    assert snapshot(Game.objects.get(owner=player).pk)["version"] == 0
