"""A player's data is theirs (SPEC §12): ``GET /account/export`` holds everything the service
keeps on the caller and nothing secret or anyone else's private; ``POST /account/delete`` erases
what names or reaches the person (no row of any table keeps it, nor any log line) while every
other player's board, race and rating stays as it was; refusals change nothing; a second
deletion is no second outcome; nobody reaches another player's account."""

from __future__ import annotations

import json
import logging

import pytest
from pythonjsonlogger.json import JsonFormatter
from rest_framework.test import APIClient

from games.core import clock
from games.models import (
    Credentials,
    DeviceToken,
    Game,
    GameOrigin,
    IdempotencyKey,
    LinkCode,
    Player,
    QueueEntry,
    RaceMember,
    Rating,
    StaffAction,
)
from games.privacy import archive as archives
from games.privacy import services as privacy
from tests.support.api import assert_error, post, url
from tests.support.clock import FakeClock

from .player_data import (
    NOON,
    PASSWORD,
    build_world,
    client_with,
    dump,
    make_person,
    ok,
    rows_by_model,
)

pytestmark = pytest.mark.django_db
DELETE = url("account", "delete")
EXPORT = url("account", "export")


@pytest.fixture
def fake_clock(monkeypatch):
    fake = FakeClock(NOON)
    monkeypatch.setattr(clock, "now", fake)
    return fake


@pytest.fixture
def world(monkeypatch, fake_clock, settings):
    return build_world(monkeypatch, fake_clock, settings)


def exported(client) -> tuple[dict, bytes]:
    response = client.get(EXPORT)
    assert response.status_code == 200, response
    assert response.streaming and response["Content-Type"] == "application/json"
    assert response["Cache-Control"] == "no-store"
    assert response["Content-Disposition"].startswith("attachment; filename=")
    raw = b"".join(response.streaming_content)
    return json.loads(raw), raw


# -- the archive -----------------------------------------------------------------------------
@pytest.mark.slow
def test_the_archive_holds_every_kind_of_data(world):
    ann, bob = world.ann, world.bob
    data, _ = exported(ann.client)
    assert data["format"] == "halfmoon.player-archive" and data["format_version"] == 1
    assert data["player"] == {
        "id": ann.id,
        "name": ann.name,
        "created_at": data["player"]["created_at"],
        "settings": {
            "move_errors": True,
            "placement_aid": False,
            "language": None,
        },
        "suspended": False,
        "deleted": False,
    }
    account = data["account"]
    assert account["username"] == ann.username and account["email"] == ann.email
    assert account["email_verified"] is True and account["email_verified_at"]
    assert account["recovery_codes_left"] == 10 and account["locked"] is False
    assert [d["device"] for d in data["devices"]] == ann.devices
    assert set(data["devices"][0]) == {
        "id",
        "device",
        "issued",
        "created_at",
        "created_from",
        "last_used_at",
    }
    assert [c["origin"] for c in data["link_codes"]] == ["device"]
    assert data["rating"]["races"] == 1 and data["rating"]["mu"] > 0
    assert data["matchmaking"]["seats"] == 2 and data["matchmaking"]["rated"] is True
    (entry,) = data["daily_entries"]
    assert entry["date"] == world.daily_date and entry["result"] == "resigned"
    assert entry["game_id"] == world.ann_games[1]
    (race,) = data["races"]
    assert race["id"] == world.race_id and race["status"] == "finished" and race["rated"]
    assert race["membership"]["rank"] == 1 and race["membership"]["result"] == "won"
    assert race["membership"]["rating_change"] is not None
    assert race["members"] == [
        {"id": ann.id, "name": ann.name},
        {"id": bob.id, "name": bob.name},
    ]
    assert race["host"] == {"id": ann.id, "name": ann.name}
    games = {g["id"]: g for g in data["games"]}
    assert sorted(games) == sorted(world.ann_games)
    for game_id, game in games.items():
        stored = Game.objects.get(pk=game_id)
        assert game["version"] == stored.version == len(game["log"])
        assert [e["seq"] for e in game["log"]] == list(range(1, stored.version + 1))
    assert games[world.ann_games[0]]["log"][0]["kind"] == "tap"
    assert games[world.ann_games[0]]["watchable"] is True
    assert games[world.ann_games[2]]["race_id"] == world.race_id
    sources = sorted(o["source"] for o in data["game_origins"])
    assert "game" in sources and "ready" in sources and "queue" in sources
    assert all(o["address_known"] for o in data["game_origins"])
    tokens = {t.pk for t in DeviceToken.objects.filter(player_id=ann.id)}
    assert {o["device_id"] for o in data["game_origins"]} <= tokens


def test_the_archive_holds_no_secret_and_nothing_private_of_others(world):
    ann, bob = world.ann, world.bob
    _, raw = exported(ann.client)
    text = raw.decode()
    secrets = ann.secrets + ann.stored_secrets()
    secrets += GameOrigin.objects.filter(player_id=ann.id).values_list("address_hash", flat=True)
    assert len(secrets) > 25
    for secret in secrets:
        assert secret and secret not in text, secret
    # Of Bob, the race shows his id and public name only.
    for private in [bob.username, bob.email, *bob.devices, *bob.secrets, *bob.stored_secrets()]:
        assert private not in text, private
    data = json.loads(text)
    assert not {g["id"] for g in data["games"]} & set(world.bob_games)
    assert {e["game_id"] for e in data["daily_entries"]}.isdisjoint(world.bob_games)


def test_each_player_exports_only_their_own(world):
    bob_data, raw = exported(world.bob.client)
    assert bob_data["player"]["id"] == world.bob.id
    assert bob_data["account"]["username"] == world.bob.username
    for private in [world.ann.username, world.ann.email, *world.ann.devices, *world.ann.secrets]:
        assert private not in raw.decode()
    # No parameter names another player.
    response = world.bob.client.get(EXPORT, {"player": world.ann.id})
    assert_error(response, 400, "unknown_query_parameter")
    assert world.bob.client.get(f"{EXPORT}/{world.ann.id}").status_code == 404


def test_an_anonymous_player_exports_too_and_nobody_without_a_token(api, make_player):
    player, token = make_player("Nameless Nell")
    data, _ = exported(client_with(token))
    assert data["account"] is None and data["player"]["name"] == "Nameless Nell"
    assert data["games"] == [] and data["races"] == [] and data["rating"] is None
    assert_error(api.get(EXPORT), 401, "not_authenticated")


def test_the_archive_streams_in_chunks_and_keeps_each_log_with_its_game(make_player, monkeypatch):
    """Keyset chunks of 2 games (the logs of each chunk read with it): 5 games, each whose own
    log, in order; the answer is streamed, not built whole."""
    monkeypatch.setattr(archives, "GAMES_CHUNK", 2)
    monkeypatch.setattr(archives, "CHUNK", 2)
    player, token = make_player("Chunky")
    client = client_with(token)
    played = []
    for count in range(5):
        game = ok(post(client, url("games"), {}), 201)
        for _ in range(count):  # game i has i taps (select, deselect...)
            ok(post(client, url("games", game["id"], "taps"), {"position": "P1"}))
        played.append(game["id"])
    data, _ = exported(client)
    assert [g["id"] for g in data["games"]] == played
    assert [len(g["log"]) for g in data["games"]] == [0, 1, 2, 3, 4]
    assert len(data["game_origins"]) == 5
    pieces = list(archives.archive(player))
    assert len(pieces) > 10  # one piece per game and per row, at least


def test_the_export_is_throttled_per_player(make_player, settings):
    settings.HALFMOON_THROTTLE_RATES = {
        **settings.HALFMOON_THROTTLE_RATES,
        "account_export": "1/hour",
    }
    _, token = make_player("Hasty")
    client = client_with(token)
    first = client.get(EXPORT)
    assert first.status_code == 200 and first["RateLimit-Policy"] == '"account_export";q=1;w=3600'
    b"".join(first.streaming_content)
    assert_error(client.get(EXPORT), 429, "throttled")


# -- deletion --------------------------------------------------------------------------------
def json_log_lines(records) -> str:
    formatter = JsonFormatter("%(levelname)s %(name)s %(message)s", json_ensure_ascii=False)
    return "\n".join(formatter.format(record) for record in records)


def others_view(world) -> dict:
    """What Bob (and everyone) sees of boards, the race and the ratings."""
    bob = world.bob
    board = ok(bob.client.get(url("daily", world.daily_date, "leaderboard")))
    race = ok(bob.client.get(url("races", world.race_id)))
    ratings = ok(bob.client.get(url("ratings")))
    stats = ok(bob.client.get(url("players", bob.id, "stats")))
    return {"board": board, "race": race, "ratings": ratings, "stats": stats}


def renamed(view, old: str, new: str):
    return json.loads(json.dumps(view).replace(json.dumps(old), json.dumps(new)))


def test_deletion_erases_every_trace_and_others_records_stay(world, caplog):
    caplog.set_level(logging.DEBUG)
    ann, bob = world.ann, world.bob
    stored = ann.stored_secrets()
    origins = list(GameOrigin.objects.filter(player_id=ann.id).values_list("pk", flat=True))
    before = others_view(world)
    assert ann.name in json.dumps(before["board"]) and ann.name in json.dumps(before["race"])
    bob_rating = Rating.objects.get(pk=bob.id)
    ann_rating = Rating.objects.get(pk=ann.id)

    response = post(ann.clients[1], DELETE, {"password": PASSWORD})
    assert response.status_code == 204, response.content
    # The web client's device proof cookie of the account is dropped.
    cookie = next(c for name, c in response.cookies.items() if name.startswith("hm_device_"))
    assert cookie.value == "" and cookie["path"] == "/api/v1/account/sign-in"

    text = dump()
    assert bob.username in text and bob.email in text and privacy.DELETED_NAME in text
    for value in ann.identifying() + ann.secrets + stored:
        assert value not in text, value
    for value in ("annabel", "quist"):
        assert value not in text.casefold(), value
    logged = json_log_lines(caplog.records) + caplog.text
    for value in ann.identifying() + ann.tokens + ann.recovery_codes + [PASSWORD]:
        assert value not in logged, value
    # No row that reached the person.
    assert not Credentials.objects.filter(pk=ann.id).exists()
    assert not DeviceToken.objects.filter(player_id=ann.id).exists()
    assert not LinkCode.objects.filter(player_id=ann.id).exists()
    assert not GameOrigin.objects.filter(pk__in=origins).exists()
    assert not IdempotencyKey.objects.filter(scope=f"player:{ann.id}").exists()
    assert not QueueEntry.objects.filter(pk=ann.id).exists()
    tombstone = Player.objects.get(pk=ann.id)
    assert tombstone.name == privacy.DELETED_NAME and tombstone.user_id is None
    assert not tombstone.move_errors and tombstone.language == ""
    assert not Game.objects.filter(owner_id=ann.id, watchable=True).exists()
    # Every device of Ann is signed out.
    for client in ann.clients:
        assert_error(client.get(url("players", "me")), 401, "invalid_token")
    assert_error(
        post(
            ann.client, url("account", "sign-in"), {"username": ann.username, "password": PASSWORD}
        ),
        400,
        "sign_in_failed",
    )
    # Others' boards, race and ratings: the same, with Ann as "Deleted player".
    after = others_view(world)
    assert after == renamed(before, ann.name, privacy.DELETED_NAME)
    assert Rating.objects.get(pk=bob.id) == bob_rating
    assert (Rating.objects.get(pk=ann.id).mu, Rating.objects.get(pk=ann.id).races) == (
        ann_rating.mu,
        ann_rating.races,
    )
    assert RaceMember.objects.filter(race_id=world.race_id).count() == 2
    # Bob keeps everything.
    data, _ = exported(bob.client)
    assert data["account"]["username"] == bob.username and len(data["games"]) == 3
    # The erasure is recorded (by the player), without naming them.
    (record,) = StaffAction.objects.filter(action="delete_account", target=f"player:{ann.id}")
    assert record.actor is None and record.reason == privacy.BY_THE_PLAYER


def test_staff_notes_about_the_player_lose_the_erased_values(world):
    ann = world.ann
    from games.moderation import services as moderation

    moderation.suspend(None, ann.id, f"{ann.username} ({ann.email}) asked for a pause")
    moderation.unsuspend(None, ann.id, f"{ann.name} is back")
    bob_note = moderation.suspend(None, world.bob.id, "unrelated, Annabel Quist's friend")
    privacy.delete_by_staff(None, ann.id, f"asked by {ann.email}")
    reasons = list(
        StaffAction.objects.filter(target=f"player:{ann.id}").values_list("reason", flat=True)
    )
    assert reasons and all(ann.email not in r and ann.name not in r for r in reasons)
    assert f"{privacy.ERASED} ({privacy.ERASED}) asked for a pause" in reasons
    # Another player's record is another player's: untouched.
    assert (
        Player.objects.get(pk=bob_note.pk).suspended_reason == "unrelated, Annabel Quist's friend"
    )


def test_a_refused_deletion_changes_nothing(world):
    ann = world.ann
    before = rows_by_model()
    for body, status, code in [
        ({"password": "not the password 1"}, 400, "wrong_password"),
        ({"recovery_code": "ABCDE-FGHIJ"}, 400, "recovery_code_wrong"),
        ({}, 400, "deletion_unconfirmed"),
        ({"confirm": True}, 400, "deletion_unconfirmed"),  # an account needs its secret
        ({"password": PASSWORD, "username": world.bob.username}, 400, "invalid_request"),
        ({"password": PASSWORD, "player_id": world.bob.id}, 400, "invalid_request"),
        ({"confirm": "yes"}, 400, "invalid_request"),
    ]:
        assert_error(post(ann.client, DELETE, body), status, code)
    assert rows_by_model() == before


def test_a_recovery_code_deletes_too(world):
    ann = world.ann
    ok(post(ann.client, DELETE, {"recovery_code": ann.recovery_codes[3]}), 204)
    assert not Credentials.objects.filter(pk=ann.id).exists()
    assert Player.objects.get(pk=ann.id).name == privacy.DELETED_NAME


def test_an_anonymous_player_deletes_with_its_token_and_a_confirmation(make_player):
    player, token = make_player("Nameless Nell")
    client = client_with(token)
    game = ok(post(client, url("games"), {}), 201)
    assert_error(post(client, DELETE, {}), 400, "deletion_unconfirmed")
    assert_error(post(client, DELETE, {"password": "whatever 12"}), 400, "deletion_unconfirmed")
    assert_error(post(client, DELETE, {"confirm": False}), 400, "deletion_unconfirmed")
    assert Player.objects.get(pk=player.pk).name == "Nameless Nell"
    ok(post(client, DELETE, {"confirm": True}), 204)
    assert Player.objects.get(pk=player.pk).name == privacy.DELETED_NAME
    assert Game.objects.filter(pk=game["id"], owner_id=player.pk).exists()  # kept, anonymous
    assert "Nameless Nell" not in dump() and token not in dump()
    assert_error(post(client, DELETE, {"confirm": True}), 401, "invalid_token")


def test_the_same_deletion_twice_is_one_outcome(world):
    ann = world.ann
    ok(post(ann.client, DELETE, {"password": PASSWORD}, HTTP_IDEMPOTENCY_KEY="del-1"), 204)
    assert not IdempotencyKey.objects.filter(scope=f"player:{ann.id}").exists()
    # The retry, with or without its key, meets a token that no longer exists.
    retry = post(ann.client, DELETE, {"password": PASSWORD}, HTTP_IDEMPOTENCY_KEY="del-1")
    assert_error(retry, 401, "invalid_token")
    assert_error(post(ann.clients[1], DELETE, {"password": PASSWORD}), 401, "invalid_token")
    # The service itself, again (staff, or a second request that waited for the first's lock).
    again = privacy.delete_by_staff(None, ann.id, "asked twice")
    assert again.already and again.revoked == 0
    assert (
        StaffAction.objects.filter(action="delete_account", target=f"player:{ann.id}").count() == 1
    )


def test_a_hostile_player_cannot_delete_another(world):
    ann, bob = world.ann, world.bob
    before = rows_by_model()
    # Bob knows Ann's username, id and even her password: only his own account is in reach.
    for body in (
        {"password": PASSWORD, "username": ann.username},
        {"confirm": True, "player": ann.id},
    ):
        assert_error(post(bob.client, DELETE, body), 400, "invalid_request")
    assert post(bob.client, f"{DELETE}/{ann.id}", {"password": PASSWORD}).status_code == 404
    assert_error(post(client_with("not-a-token"), DELETE, {"confirm": True}), 401, "invalid_token")
    assert_error(post(APIClient(), DELETE, {"confirm": True}), 401, "not_authenticated")
    assert rows_by_model() == before
    # Bob's right password deletes Bob, never Ann.
    ok(post(bob.client, DELETE, {"password": PASSWORD}), 204)
    assert Player.objects.get(pk=ann.id).name == ann.name
    assert Credentials.objects.filter(pk=ann.id).exists()
    assert Player.objects.get(pk=bob.id).name == privacy.DELETED_NAME


def test_a_deleted_player_in_an_open_race_leaves_it(make_person_pair):
    ann, bob = make_person_pair
    race = ok(post(ann.client, url("races"), {"seats": 3}), 201)
    ok(post(bob.client, url("races", "join"), {"invite": race["invite"]}))
    ok(post(ann.client, DELETE, {"password": PASSWORD}), 204)
    seen = ok(bob.client.get(url("races", race["id"])))
    assert [m["player"]["id"] for m in seen["members"]] == [bob.id]
    assert seen["host"]["id"] == bob.id


@pytest.fixture
def make_person_pair(db):
    return (
        make_person("Annabel Quist", "annabel_q", "annabel.quist@example.com", ["phone"]),
        make_person("Bartholomew Zed", "bart_zed", "bart.zed@example.com", ["laptop"]),
    )


def test_a_deleted_player_in_a_running_race_resigns_and_leaves(
    make_person_pair, fake_clock, settings
):
    from tests.support.play import winnable

    ann, bob = make_person_pair
    race = ok(post(ann.client, url("races"), {"seats": 2, "deal_code": winnable()[0]}), 201)
    ok(post(bob.client, url("races", "join"), {"invite": race["invite"]}))
    for person in (ann, bob):
        ok(post(person.client, url("races", race["id"], "ready"), {"ready": True}))
    ok(post(ann.client, url("races", race["id"], "start")))
    fake_clock.advance(milliseconds=settings.HALFMOON_RACE_COUNTDOWN_MS)
    assert ok(bob.client.get(url("races", race["id"])))["status"] == "running"
    ann_game = RaceMember.objects.get(race_id=race["id"], player_id=ann.id).game_id
    ok(post(ann.client, DELETE, {"password": PASSWORD}), 204)
    assert Game.objects.get(pk=ann_game).status == "resigned"
    seen = ok(bob.client.get(url("races", race["id"])))
    assert seen["status"] == "running"
    (gone,) = [m for m in seen["members"] if m["player"]["id"] == ann.id]
    assert gone["left"] and gone["player"]["name"] == privacy.DELETED_NAME
