"""Following through the API: by id and by username, one-way, idempotent, refusals that change
nothing, no username oracle beyond sign-up's, throttled, and a follow racing an unfollow."""

import pytest
from django.db import connection

from games.following.services import MAX_FOLLOWING
from games.models import Follow
from tests.accounts.conftest import PASSWORD, at_once
from tests.support.api import assert_error, post, url

pytestmark = pytest.mark.django_db(transaction=True)


def following(client):
    return client.get(url("players", "me", "following"))


def follow(client, player_id):
    return client.put(url("players", "me", "following", player_id))


def unfollow(client, player_id):
    return client.delete(url("players", "me", "following", player_id))


def by_username(client, username):
    return post(client, url("players", "me", "following"), {"username": username})


def with_account(player, username):
    response = post(player.client, url("account"), {"username": username, "password": PASSWORD})
    assert response.status_code == 201, response.content


def test_follow_list_and_unfollow_by_id(new_player):
    ann, bea, cid = new_player("ann"), new_player("bea"), new_player("cid")
    first = follow(ann.client, bea.id)
    assert first.status_code == 201
    assert first.json()["player"] == {"id": bea.id, "name": "bea"}
    assert follow(ann.client, bea.id).status_code == 200  # again: no change
    assert follow(ann.client, cid.id).status_code == 201
    body = following(ann.client).json()
    assert [f["player"]["name"] for f in body["results"]] == ["cid", "bea"]  # newest first
    assert following(bea.client).json()["results"] == []  # one-way: bea follows no one
    assert Follow.objects.count() == 2
    assert unfollow(ann.client, bea.id).status_code == 204
    assert unfollow(ann.client, bea.id).status_code == 204  # not followed: still no error
    assert [f["player"]["name"] for f in following(ann.client).json()["results"]] == ["cid"]


def test_the_following_list_pages_with_cursors(new_player):
    ann = new_player("ann")
    others = [new_player(f"p{i}") for i in range(3)]
    for other in others:
        follow(ann.client, other.id)
    first = ann.client.get(url("players", "me", "following"), {"limit": 2}).json()
    assert len(first["results"]) == 2 and first["next"]
    rest = ann.client.get(url("players", "me", "following"), {"cursor": first["next"]}).json()
    assert [f["player"]["name"] for f in rest["results"]] == ["p0"]


def test_follow_by_username_any_case(new_player):
    ann, bea = new_player("ann"), new_player("bea")
    with_account(bea, "Bea_Plays")
    response = by_username(ann.client, "bea_PLAYS")
    assert response.status_code == 201
    assert response.json()["player"] == {"id": bea.id, "name": "bea"}


def test_refusals_change_nothing(new_player):
    ann, bea = new_player("ann"), new_player("bea")
    with_account(ann, "ann_k")
    follow(ann.client, bea.id)
    before = list(Follow.objects.values_list("follower_id", "followed_id"))
    assert_error(follow(ann.client, ann.id), 400, "cannot_follow_self")
    assert_error(by_username(ann.client, "ANN_K"), 400, "cannot_follow_self")
    body = assert_error(follow(ann.client, 999_999), 404, "player_not_found")
    assert body["player_id"] == 999_999
    assert_error(unfollow(ann.client, 999_999), 404, "player_not_found")
    assert_error(by_username(ann.client, "nobody_here"), 404, "unknown_username")
    assert_error(post(ann.client, url("players", "me", "following"), {}), 400, "invalid_request")
    assert_error(follow(bea.client.__class__(), bea.id), 401, "not_authenticated")
    assert list(Follow.objects.values_list("follower_id", "followed_id")) == before


def test_an_unknown_username_tells_no_more_than_sign_up(new_player):
    """Unused, reserved and malformed names get one answer, byte for byte: as sign-up's
    ``username_unavailable`` is one answer for a taken and a reserved name."""
    ann = new_player("ann")
    answers = [by_username(ann.client, name).json() for name in ("nobody_here", "admin", "x")]
    assert answers[0] == answers[1] == answers[2]
    assert answers[0]["code"] == "unknown_username"


def test_follows_are_throttled_and_a_throttled_follow_changes_nothing(new_player, settings):
    settings.HALFMOON_THROTTLE_RATES = {**settings.HALFMOON_THROTTLE_RATES, "follow": "3/min"}
    ann, bea = new_player("ann"), new_player("bea")
    for _ in range(3):
        by_username(ann.client, "nobody_here")  # wrong guesses cost the same
    body = assert_error(follow(ann.client, bea.id), 429, "throttled")
    assert body["retry_after"] >= 1 and not Follow.objects.exists()


def test_the_following_limit(new_player, monkeypatch):
    from games.following import services

    monkeypatch.setattr(services, "MAX_FOLLOWING", 1)
    ann, bea, cid = new_player("ann"), new_player("bea"), new_player("cid")
    follow(ann.client, bea.id)
    body = assert_error(follow(ann.client, cid.id), 409, "following_limit")
    assert body["limit"] == 1 and Follow.objects.count() == 1
    assert MAX_FOLLOWING == 1000


def test_a_follow_racing_an_unfollow_ends_as_one_of_them(new_player):
    ann, bea = new_player("ann"), new_player("bea")
    for round_ in range(6):
        if round_ % 2:
            follow(ann.client, bea.id)
        statuses = at_once(
            lambda: follow(ann.client, bea.id).status_code,
            lambda: unfollow(ann.client, bea.id).status_code,
        )
        assert statuses[0] in (200, 201) and statuses[1] == 204
        rows = Follow.objects.filter(follower_id=ann.id, followed_id=bea.id).count()
        assert rows in (0, 1)  # followed or not: never twice, never half
        listed = [f["player"]["id"] for f in following(ann.client).json()["results"]]
        assert listed == ([bea.id] if rows else [])


def test_two_follows_at_once_make_one_row(new_player):
    if connection.vendor == "sqlite":
        pytest.skip("SQLite serialises writers anyway; this races on PostgreSQL")
    ann, bea = new_player("ann"), new_player("bea")
    statuses = sorted(
        at_once(
            lambda: follow(ann.client, bea.id).status_code,
            lambda: follow(ann.client, bea.id).status_code,
        )
    )
    assert statuses == [200, 201] and Follow.objects.count() == 1


def test_username_guesses_are_throttled_per_address_across_fresh_players(new_player, settings):
    """Issue 37, L2: fresh anonymous players cost nothing, so the username lookup is counted
    per address too: the red team's ~600 guesses a minute from one address stop at the
    budget, a right username is refused like a wrong one (429, Retry-After), nothing written."""
    settings.HALFMOON_THROTTLE_RATES = {
        **settings.HALFMOON_THROTTLE_RATES,
        "username_lookup": "4/min",
    }
    bea = new_player("bea")
    with_account(bea, "bea_plays")
    guessers = [new_player(f"g{i}") for i in range(5)]
    for guesser in guessers[:4]:  # a new player for each guess, one address
        assert_error(by_username(guesser.client, "nobody_here"), 404, "unknown_username")
    refused = by_username(guessers[4].client, "bea_plays")
    body = assert_error(refused, 429, "throttled")
    assert int(refused["Retry-After"]) >= 1 and body["retry_after"] >= 1
    assert not Follow.objects.exists()
    # Another address still looks up (the budget is the address's).
    elsewhere = by_username_from(guessers[4].client, "bea_plays", "198.51.100.7")
    assert elsewhere.status_code == 201 and Follow.objects.count() == 1


def by_username_from(client, username, address):
    body = {"username": username}
    return client.post(url("players", "me", "following"), body, format="json", REMOTE_ADDR=address)
