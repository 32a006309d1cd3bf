"""Every REST operation costs a fixed, known number of SQL queries (issue 24).

One table, :data:`QUERY_COUNTS`: each ``operationId`` of the OpenAPI schema, how to set up a
realistic state and call it through the test client, the status it answers and the queries it
costs (``django_assert_num_queries``, as ``test_hot_path_sql``). A list or a board is called
with :data:`SIZES` items (2 and 5): the same count for both is what catches an N+1 added later.
An operation of the schema without an entry fails :func:`test_every_operation_has_a_count`, so
a new endpoint comes with its count.

Counts are what Django logs on the connection (``BEGIN`` and ``COMMIT`` are queries too); the
documented backend differences and the N+1 of today's code are :mod:`tests.support.queries`'
``Vendor`` and ``Grows``. With Redis a daily rank or total costs the board row's lookup (the
sorted set's key, ``games.daily.ranks.RedisRanks.key``) where counting costs a COUNT: the same
number, so the daily counts hold with and without Redis.

Committed transactions, as in production (``transaction=True``): no test transaction around
the services' own, whose savepoints would be counted. The clock is frozen: a token's last use
is written at most once a minute, and a slow setup must not add that UPDATE.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.core import mail
from rest_framework.test import APIClient

from games.models import Rating
from tests.daily.helpers import DAY, NOON, WIN, store_daily_layout
from tests.support.api import url
from tests.support.queries import TOUCH, Expected, Vendor, expected

from .helpers import (
    NEW_PASSWORD,
    PASSWORD,
    Actor,
    Call,
    Crew,
    World,
    change,
    daily_entries,
    daily_entries_on,
    game_with_moves,
    legal,
    mailed_keys,
    ok,
    other_devices,
    post_anonymous,
    send,
    verified,
    with_account,
)

pytestmark = pytest.mark.django_db(transaction=True)

METHODS = ("get", "post", "put", "patch", "delete")
#: Items of a list or board: the count must not depend on it.
SIZES = (2, 5)


# -- one setup per operation: (world, size) → the call to count --------------------------------
def players_create(w: World, n: int) -> Call:
    Actor("nina")  # names are checked against the others'
    return Call(
        APIClient(),
        "post",
        url("players"),
        {"name": "newcomer", "device": "phone"},
        check=lambda body: body["token"],
    )


def players_me(w: World, n: int) -> Call:
    me = Actor()
    return Call(me.client, "get", url("players", "me"), check=lambda b: b["id"] == me.id)


def players_me_update(w: World, n: int) -> Call:
    me = Actor()
    body = {"name": "renamed", "settings": {"move_errors": True, "language": "hr"}}
    return Call(
        me.client,
        "patch",
        url("players", "me"),
        body,
        check=lambda b: b["name"] == "renamed" and b["settings"]["language"] == "hr",
    )


def players_me_link_code(w: World, n: int) -> Call:
    me = Actor()
    me.call("post", "players", "me", "link-codes", status=201)  # an older unused code
    return Call(me.client, "post", url("players", "me", "link-codes"), check=lambda b: b["code"])


def players_link(w: World, n: int) -> Call:
    me = Actor()
    code = me.call("post", "players", "me", "link-codes", status=201)["code"]
    return Call(
        APIClient(),
        "post",
        url("players", "link"),
        {"code": code, "device": "TV"},
        check=lambda b: b["id"] == me.id,
    )


def players_me_token_rotate(w: World, n: int) -> Call:
    me = Actor()
    other_devices(me, 1)
    return Call(
        me.client, "post", url("players", "me", "token"), check=lambda b: b["token"] != me.token
    )


def players_me_token_revoke(w: World, n: int) -> Call:
    me = Actor()
    other_devices(me, 1)
    return Call(me.client, "delete", url("players", "me", "token"))


def players_me_tokens(w: World, n: int) -> Call:
    me = Actor()
    other_devices(me, n - 1)
    return Call(
        me.client,
        "get",
        url("players", "me", "tokens"),
        check=lambda b: len(b["results"]) == n,
    )


def players_me_tokens_revoke(w: World, n: int) -> Call:
    me = Actor()
    other = other_devices(me, 2)[0]
    return Call(me.client, "delete", url("players", "me", "tokens", other))


def players_me_tokens_rename(w: World, n: int) -> Call:
    me = Actor()
    other = other_devices(me, 2)[0]
    return Call(
        me.client,
        "patch",
        url("players", "me", "tokens", other),
        {"device": "Ana's laptop"},
        check=lambda b: b["device"] == "Ana's laptop" and not b["current"],
    )


def players_me_tokens_revoke_others(w: World, n: int) -> Call:
    me = Actor()
    other_devices(me, n)
    return Call(
        me.client,
        "post",
        url("players", "me", "tokens", "revoke-others"),
        check=lambda b: b["revoked"] == n,
    )


def connected_apps_of(actor: Actor, count: int) -> list[int]:
    """``count`` apps holding a token of the actor (who gets credentials); their ids."""
    import secrets

    from oauth2_provider.models import AccessToken, Application

    from games.oauth.services import site_user
    from games.players.models import Player

    with_account(actor)
    user = site_user(Player.objects.get(pk=actor.id))
    ids = []
    for index in range(count):
        app = Application.objects.create(
            name=f"app {index}",
            client_type=Application.CLIENT_PUBLIC,
            authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
            redirect_uris="https://app.example/cb",
        )
        AccessToken.objects.create(
            user=user,
            application=app,
            token=secrets.token_urlsafe(30),
            expires=dt.datetime(2100, 1, 1, tzinfo=dt.UTC),
            scope="read play",
        )
        ids.append(app.pk)
    return ids


def players_me_apps(w: World, n: int) -> Call:
    me = Actor()
    connected_apps_of(me, n)
    return Call(
        me.client, "get", url("players", "me", "apps"), check=lambda b: len(b["results"]) == n
    )


def players_me_apps_revoke(w: World, n: int) -> Call:
    me = Actor()
    app_id = connected_apps_of(me, 1)[0]
    return Call(me.client, "delete", url("players", "me", "apps", app_id))


def _own_token_body(index: int = 0) -> dict:
    return {"name": f"script {index}", "scopes": ["read"], "expires_in_days": 30}


def _own_app_body(index: int = 0) -> dict:
    return {
        "name": f"bot {index}",
        "redirect_uris": [f"https://bot{index}.example/cb"],
        "allowed_origins": [f"https://bot{index}.example"],
        "scopes": ["read"],
    }


def account_tokens(w: World, n: int) -> Call:
    me = Actor()
    with_account(me)
    for index in range(n):
        me.call("post", "account", "tokens", body=_own_token_body(index), status=201)
    return Call(me.client, "get", url("account", "tokens"), check=lambda b: len(b["results"]) == n)


def account_tokens_create(w: World, n: int) -> Call:
    me = Actor()
    with_account(me)
    return Call(me.client, "post", url("account", "tokens"), body=_own_token_body())


def account_tokens_revoke(w: World, n: int) -> Call:
    me = Actor()
    with_account(me)
    made = me.call("post", "account", "tokens", body=_own_token_body(), status=201)
    return Call(me.client, "delete", url("account", "tokens", made["id"]))


def account_apps(w: World, n: int) -> Call:
    me = Actor()
    with_account(me)
    for index in range(n):
        me.call("post", "account", "apps", body=_own_app_body(index), status=201)
    return Call(me.client, "get", url("account", "apps"), check=lambda b: len(b["results"]) == n)


def account_apps_create(w: World, n: int) -> Call:
    me = Actor()
    with_account(me)
    return Call(me.client, "post", url("account", "apps"), body=_own_app_body())


def account_apps_delete(w: World, n: int) -> Call:
    me = Actor()
    with_account(me)
    made = me.call("post", "account", "apps", body=_own_app_body(), status=201)
    return Call(me.client, "delete", url("account", "apps", made["id"]))


def _webhook_app(subscriptions: int = 0, deliveries: int = 0):
    """A confidential app with its client credentials on a client, ``subscriptions``
    subscriptions and ``deliveries`` failed deliveries on the first."""
    import base64

    from oauth2_provider.models import Application

    from games.models import Delivery
    from games.oauth.models import AppPolicy
    from games.webhooks import services as webhooks

    secret = "s3cret-of-the-bot"
    app = Application.objects.create(
        name="bot",
        client_type=Application.CLIENT_CONFIDENTIAL,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris="https://bot.example/cb",
        client_secret=secret,
        hash_client_secret=True,
    )
    AppPolicy.objects.create(application=app, allowed_scopes="read")
    client = APIClient()
    pair = f"{app.client_id}:{secret}".encode()
    client.credentials(HTTP_AUTHORIZATION="Basic " + base64.b64encode(pair).decode())
    made = [
        webhooks.subscribe(app.pk, f"https://bot.example/hooks/{i}", ["daily.closed"])
        for i in range(subscriptions)
    ]
    for index in range(deliveries):
        webhooks.enqueue("daily.closed", {"date": f"2026-12-0{index + 1}", "total": 0}, None)
    Delivery.objects.update(status="failed", next_attempt_at=None)
    return client, made


def webhooks_list(w: World, n: int) -> Call:
    client, _made = _webhook_app(subscriptions=n)
    return Call(client, "get", url("webhooks"), check=lambda b: len(b["results"]) == n)


def webhooks_create(w: World, n: int) -> Call:
    client, _made = _webhook_app()
    body = {"url": "https://bot.example/hooks", "events": ["daily.closed"]}
    return Call(client, "post", url("webhooks"), body=body)


def webhooks_delete(w: World, n: int) -> Call:
    client, made = _webhook_app(subscriptions=1)
    return Call(client, "delete", url("webhooks", made[0].pk))


def webhooks_deliveries(w: World, n: int) -> Call:
    client, made = _webhook_app(subscriptions=1, deliveries=n)
    return Call(
        client,
        "get",
        url("webhooks", made[0].pk, "deliveries"),
        check=lambda b: len(b["results"]) == n,
    )


def webhooks_redeliver(w: World, n: int) -> Call:
    from games.models import Delivery

    client, made = _webhook_app(subscriptions=1, deliveries=1)
    delivery = Delivery.objects.get()
    return Call(client, "post", url("webhooks", made[0].pk, "deliveries", delivery.pk, "redeliver"))


def players_stats(w: World, n: int) -> Call:
    """A player with ``n`` ranked daily attempts (one a day, each on its board) and ``n``
    other games, seen by someone else."""
    me = Actor()
    first = DAY - dt.timedelta(days=n - 1)
    for offset in range(n):
        date = first + dt.timedelta(days=offset)
        w.fake.set(dt.datetime.combine(date, dt.time(12), tzinfo=dt.UTC))
        store_daily_layout(date)
        daily = me.call("post", "games", body={"daily": True}, status=201)["id"]
        me.call("post", "games", daily, "moves", body={"positions": WIN[0]})
        me.call("post", "games", daily, "resign")
        game_id = game_with_moves(me, 1)
        me.call("post", "games", game_id, "resign")
    viewer = Actor()
    return Call(
        viewer.client,
        "get",
        url("players", me.id, "stats"),
        # today's attempt is hidden from others until the day closes
        check=lambda b: (
            b["daily"]["ranked_attempts"] == n
            and len(b["recent_games"]) == 2 * n - 1
            and b["daily"]["best_rank"]["rank"] == 1
        ),
    )


def account_get(w: World, n: int) -> Call:
    me = Actor()
    with_account(me, "ann@example.com")
    return Call(me.client, "get", url("account"), check=lambda b: b["username"])


def account_create(w: World, n: int) -> Call:
    me = Actor()
    game_with_moves(me, 1)
    body = {"username": "ann_k", "password": PASSWORD, "email": "ann@example.com"}
    return Call(
        me.client, "post", url("account"), body, check=lambda b: len(b["recovery_codes"]) == 10
    )


def account_email_set(w: World, n: int) -> Call:
    me = Actor()
    with_account(me, "old@example.com")
    return Call(
        me.client,
        "put",
        url("account", "email"),
        {"email": "new@example.com"},
        check=lambda b: b["email"] == "new@example.com" and mail.outbox[-1].to == [b["email"]],
    )


def account_email_verify(w: World, n: int) -> Call:
    me = Actor()
    with_account(me, "ann@example.com")
    return Call(
        APIClient(),
        "post",
        url("account", "email", "verify"),
        {"key": mailed_keys("ann@example.com")["key"]},
        check=lambda b: b["email_verified"] is True,
    )


def account_password_change(w: World, n: int) -> Call:
    me = Actor()
    with_account(me)
    other_devices(me, n)
    body = {"current_password": PASSWORD, "new_password": NEW_PASSWORD}
    return Call(
        me.client, "post", url("account", "password"), body, check=lambda b: b["revoked"] == n
    )


def account_password_reset(w: World, n: int) -> Call:
    me = Actor()
    verified(me, "ann@example.com")
    sent = len(mail.outbox)
    return Call(
        APIClient(),
        "post",
        url("account", "password-reset"),
        {"email": "ann@example.com"},
        check=lambda b: len(mail.outbox) == sent + 1,
    )


def account_password_reset_confirm(w: World, n: int) -> Call:
    me = Actor()
    verified(me, "ann@example.com")
    other_devices(me, n - 1)
    ok(post_anonymous("account/password-reset", {"email": "ann@example.com"}), 202)
    keys = mailed_keys("ann@example.com")
    body = {**keys, "new_password": NEW_PASSWORD, "device": "laptop"}
    return Call(
        APIClient(),
        "post",
        url("account", "password-reset", "confirm"),
        body,
        check=lambda b: b["id"] == me.id and b["token"],
    )


def account_recover(w: World, n: int) -> Call:
    me = Actor()
    account = with_account(me, username="ann_k")
    other_devices(me, n - 1)
    body = {
        "username": "ann_k",
        "recovery_code": account["recovery_codes"][0],
        "new_password": NEW_PASSWORD,
        "device": "laptop",
    }
    return Call(
        APIClient(),
        "post",
        url("account", "recover"),
        body,
        check=lambda b: b["id"] == me.id and b["recovery_codes_left"] == 9,
    )


def account_recovery_codes(w: World, n: int) -> Call:
    me = Actor()
    with_account(me)
    return Call(
        me.client,
        "post",
        url("account", "recovery-codes"),
        {"password": PASSWORD},
        check=lambda b: len(b["recovery_codes"]) == 10,
    )


def account_sign_in(w: World, n: int) -> Call:
    me = Actor()
    with_account(me, username="ann_k")
    other_devices(me, 1)
    body = {"username": "ann_k", "password": PASSWORD, "device": "laptop"}
    return Call(APIClient(), "post", url("account", "sign-in"), body, check=lambda b: b["token"])


def daily_today(w: World, n: int) -> Call:
    """Today's board of ``n`` entries; the caller is on it, with its ranked attempt."""
    me = daily_entries(w.fake, n)[0]
    return Call(
        me.client,
        "get",
        url("daily"),
        check=lambda b: b["total"] == n and b["entry"]["rank"] == 1 and b["attempt"],
    )


def daily_leaderboard(w: World, n: int) -> Call:
    me = daily_entries(w.fake, n)[-1]
    return Call(
        me.client,
        "get",
        url("daily", DAY.isoformat(), "leaderboard"),
        check=lambda b: len(b["results"]) == n and b["me"]["player"]["id"] == me.id,
    )


def daily_deal_layout(w: World, n: int) -> Call:
    """Yesterday's deal, its board (played) closed already."""
    yesterday = DAY - dt.timedelta(days=1)
    w.fake.set(NOON - dt.timedelta(days=1))
    players = daily_entries_on(yesterday, 2)
    w.fake.set(NOON)
    players[0].call("get", "daily", yesterday.isoformat(), "leaderboard")  # closes the day
    return Call(
        players[0].client,
        "get",
        url("daily", yesterday.isoformat(), "deal"),
        check=lambda b: len(b["piles"]) == 12,
    )


def games_list(w: World, n: int) -> Call:
    """``n`` games, the first two of them played at a challenge (their ``challenge`` read with
    the page, whatever their number)."""
    me = Actor()
    for _ in range(n - 2):
        game_with_moves(me, 2)
    _, code, _ = _challenge(0)
    for _ in range(2):  # a counted attempt and a practice one
        me.call("post", "challenges", code, "games", status=201)

    def check(body):
        shown = [g["challenge"]["code"] if g["challenge"] else None for g in body["results"]]
        return sorted(shown, key=str) == sorted([code, code] + [None] * (n - 2), key=str)

    return Call(me.client, "get", url("games"), check=check)


def games_create(w: World, n: int) -> Call:
    me = Actor()
    game_with_moves(me, 1)
    return Call(
        me.client,
        "post",
        url("games"),
        {"deal_code": "HM1-N-HALFMON"},
        check=lambda b: b["deal_code"] == "HM1-N-HALFMON",
    )


def games_get(w: World, n: int) -> Call:
    me = Actor()
    game_id = game_with_moves(me)
    return Call(me.client, "get", url("games", game_id), check=lambda b: b["moves"] == 3)


def games_update(w: World, n: int) -> Call:
    me = Actor()
    game_id = game_with_moves(me)
    return Call(
        me.client,
        "patch",
        url("games", game_id),
        {"watchable": True},
        check=lambda b: b["watchable"] is True,
    )


def games_log(w: World, n: int) -> Call:
    """A game of ``n`` moves and a tap (``n + 1`` entries), read by a watcher."""
    me = Actor()
    game_id = game_with_moves(me, n)
    me.call("patch", "games", game_id, body={"watchable": True})
    return Call(
        Actor().client,
        "get",
        url("games", game_id, "log"),
        check=lambda b: len(b["results"]) == n + 1,
    )


def games_move(w: World, n: int) -> Call:
    me = Actor()
    game_id = game_with_moves(me)
    me.call("post", "games", game_id, "taps", body={"position": legal(game_id)[0]})  # deselect
    return Call(
        me.client,
        "post",
        url("games", game_id, "moves"),
        {"positions": legal(game_id)},
        check=lambda b: b["moves"] == 4,
    )


def games_tap(w: World, n: int) -> Call:
    me = Actor()
    game_id = game_with_moves(me)
    return Call(
        me.client,
        "post",
        url("games", game_id, "taps"),
        {"position": legal(game_id)[1]},
        check=lambda b: b["game"]["version"] == 5,
    )


def games_undo(w: World, n: int) -> Call:
    me = Actor()
    game_id = game_with_moves(me)
    return Call(me.client, "post", url("games", game_id, "undo"), check=lambda b: b["moves"] == 2)


def games_resign(w: World, n: int) -> Call:
    me = Actor()
    game_id = game_with_moves(me)
    return Call(
        me.client,
        "post",
        url("games", game_id, "resign"),
        check=lambda b: b["status"] == "resigned",
    )


def matchmaking_join(w: World, n: int) -> Call:
    """The ``n``-th player of a quick match of ``n`` seats: the race is formed."""
    waiting = [Actor() for _ in range(n - 1)]
    for player in waiting:
        player.call("post", "matchmaking", body={"seats": n}, status=202)
    me = Actor()
    return Call(
        me.client,
        "post",
        url("matchmaking"),
        {"seats": n},
        check=lambda b: b["status"] == "matched" and len(b["race"]["members"]) == n,
    )


def matchmaking_status(w: World, n: int) -> Call:
    """A player the queue matched into a race of ``n``."""
    players = [Actor() for _ in range(n)]
    for player in players:
        player.call("post", "matchmaking", body={"seats": n}, status=202)
    return Call(
        players[0].client,
        "get",
        url("matchmaking"),
        check=lambda b: b["status"] == "matched" and len(b["race"]["members"]) == n,
    )


def matchmaking_leave(w: World, n: int) -> Call:
    others = [Actor() for _ in range(2)]
    others[0].call("post", "matchmaking", body={"seats": 3}, status=202)
    others[1].call("post", "matchmaking", body={"seats": 4}, status=202)
    me = Actor()
    me.call("post", "matchmaking", body={"seats": 4}, status=202)
    return Call(me.client, "delete", url("matchmaking"))


def races_create(w: World, n: int) -> Call:
    me = Actor()
    game_with_moves(me, 1)
    return Call(
        me.client,
        "post",
        url("races"),
        {"seats": 4, "time_limit_s": 600},
        check=lambda b: b["status"] == "open" and len(b["members"]) == 1,
    )


def races_join(w: World, n: int) -> Call:
    crew = Crew(n - 1)
    me = Actor()
    return Call(
        me.client,
        "post",
        url("races", "join"),
        {"invite": crew.invite},
        check=lambda b: len(b["members"]) == n,
    )


def races_open(w: World, n: int) -> Call:
    """``n`` open public races with a seat taken each (and a private one, never listed)."""
    for _ in range(n):
        Actor().call("post", "races", body={"seats": 2, "public": True}, status=201)
    Actor().call("post", "races", body={"seats": 2}, status=201)
    me = Actor()
    return Call(
        me.client,
        "get",
        url("races"),
        params={"status": "open"},
        check=lambda b: len(b["results"]) == n,
    )


def races_join_public(w: World, n: int) -> Call:
    host = Actor()
    race = host.call("post", "races", body={"seats": n, "public": True}, status=201)
    for _ in range(n - 2):
        Actor().call("post", "races", race["id"], "join")
    me = Actor()
    return Call(
        me.client,
        "post",
        url("races", race["id"], "join"),
        check=lambda b: len(b["members"]) == n,
    )


def races_get(w: World, n: int) -> Call:
    crew = Crew(n)
    crew.run(w.fake, w.settings)
    return Call(
        crew.members[1].client,
        "get",
        url("races", crew.id),
        check=lambda b: b["status"] == "running" and len(b["members"]) == n,
    )


def races_ready(w: World, n: int) -> Call:
    crew = Crew(n)
    crew.ready(crew.members[1:])
    return Call(
        crew.host.client,
        "post",
        url("races", crew.id, "ready"),
        {"ready": True},
        check=lambda b: all(m["ready"] for m in b["members"]),
    )


def races_start(w: World, n: int) -> Call:
    crew = Crew(n)
    crew.ready()
    return Call(
        crew.host.client,
        "post",
        url("races", crew.id, "start"),
        check=lambda b: b["status"] == "countdown",
    )


def races_leave(w: World, n: int) -> Call:
    crew = Crew(n)
    crew.run(w.fake, w.settings)
    leaver = crew.members[-1]
    return Call(
        leaver.client,
        "post",
        url("races", crew.id, "leave"),
        check=lambda b: b["status"] in ("running", "finished"),
    )


def races_cancel(w: World, n: int) -> Call:
    crew = Crew(n)
    crew.ready(crew.members[1:])
    return Call(
        crew.host.client,
        "post",
        url("races", crew.id, "cancel"),
        check=lambda b: b["status"] == "cancelled",
    )


def races_rematch(w: World, n: int) -> Call:
    crew = Crew(n)
    race = crew.run(w.fake, w.settings)
    w.fake.advance(seconds=race["time_limit_s"] + 1)
    # the caller reads it (its token's last use written now, not in the counted call)
    assert crew.members[1].call("get", "races", crew.id)["status"] == "finished"
    return Call(
        crew.members[1].client,
        "post",
        url("races", crew.id, "rematch"),
        check=lambda b: b["rematch_of"] == crew.id and len(b["members"]) == 1,
    )


def ratings_board(w: World, n: int) -> Call:
    """``n`` rated players; the caller is one of them."""
    players = [Actor() for _ in range(n)]
    for index, player in enumerate(players):
        mu = 25.0 + index
        # seasoned: established (ranked) under any threshold of rated races
        Rating.objects.create(player_id=player.id, mu=mu, sigma=8.0, ordinal=mu - 24.0, races=50)
    return Call(
        players[0].client,
        "get",
        url("ratings"),
        check=lambda b: b["total"] == n and b["me"]["player"]["id"] == players[0].id,
    )


def account_export(w: World, n: int) -> Call:
    """Everything of a player with an account, ``n`` devices, ``n`` games with moves (one a
    daily attempt on the board) and a race."""
    me = Actor()
    with_account(me, "ann@example.com")
    other_devices(me, n - 1)
    for _ in range(n - 1):
        game_with_moves(me, 2)
    store_daily_layout(DAY)
    daily = me.call("post", "games", body={"daily": True}, status=201)["id"]
    me.call("post", "games", daily, "moves", body={"positions": WIN[0]})
    me.call("post", "games", daily, "resign")
    crew = Crew(2)
    me.call("post", "races", "join", body={"invite": crew.invite})
    return Call(
        me.client,
        "get",
        url("account", "export"),
        check=lambda b: b["player"]["id"] == me.id and len(b["games"]) == n,
    )


def account_delete(w: World, n: int) -> Call:
    """A player with an account, ``n`` devices and ``n`` games, on today's board."""
    me = daily_entries(w.fake, 2)[0]
    with_account(me, "ann@example.com")
    other_devices(me, n - 1)
    for _ in range(n - 1):
        game_with_moves(me, 1)
    return Call(me.client, "post", url("account", "delete"), {"password": PASSWORD})


# -- challenges ---------------------------------------------------------------------------------
def _challenge(n: int) -> tuple[Actor, str, list[Actor]]:
    """A challenge of a resigned game with ``n`` challengers on its board; its code."""
    creator = Actor()
    game_id = game_with_moves(creator)
    creator.call("post", "games", game_id, "resign")
    code = creator.call("post", "games", game_id, "challenge", status=201)["code"]
    challengers = [Actor() for _ in range(n)]
    for player in challengers:
        played = player.call("post", "challenges", code, "games", status=201)["id"]
        player.call("post", "games", played, "resign")
    return creator, code, challengers


def games_challenge(w: World, n: int) -> Call:
    me = Actor()
    game_id = game_with_moves(me)
    me.call("post", "games", game_id, "resign")
    return Call(
        me.client,
        "post",
        url("games", game_id, "challenge"),
        check=lambda b: b["result"]["status"] == "resigned",
    )


def challenges_get(w: World, n: int) -> Call:
    _, code, challengers = _challenge(n)
    return Call(
        challengers[0].client,
        "get",
        url("challenges", code),
        check=lambda b: b["total"] == n and b["me"]["line_open"],
    )


def challenges_play(w: World, n: int) -> Call:
    _, code, _ = _challenge(1)
    me = Actor()
    return Call(me.client, "post", url("challenges", code, "games"), check=lambda b: b["id"])


def challenges_board(w: World, n: int) -> Call:
    _, code, challengers = _challenge(n)
    return Call(
        challengers[0].client,
        "get",
        url("challenges", code, "board"),
        check=lambda b: b["total"] == n and b["me"]["rank"] == 1,
    )


# -- seasons and following ---------------------------------------------------------------------
def seasons_current(w: World, n: int) -> Call:
    return Call(Actor().client, "get", url("seasons"), check=lambda b: b["week"]["kind"] == "week")


def seasons_board(w: World, n: int) -> Call:
    """The week's board built from a closed day of ``n`` entries; the caller is on it."""
    from games.daily.services import close_day
    from games.seasons import keys
    from games.seasons import services as seasons

    players = daily_entries(w.fake, n)
    w.fake.set(NOON + dt.timedelta(days=1))
    close_day(DAY)
    week = keys.week_of(DAY)
    seasons.refresh(week)
    players[-1].call("get", "players", "me")  # its token's use of the new day, written now
    return Call(
        players[-1].client,
        "get",
        url("seasons", week.key, "board"),
        check=lambda b: len(b["results"]) == n and b["me"]["player"]["id"] == players[-1].id,
    )


def _follower_of(n: int) -> tuple[Actor, list[Actor]]:
    me, others = Actor(), [Actor() for _ in range(n)]
    for other in others:
        me.call("put", "players", "me", "following", other.id, status=201)
    return me, others


def players_me_following(w: World, n: int) -> Call:
    me, _ = _follower_of(n)
    following = url("players", "me", "following")
    return Call(me.client, "get", following, check=lambda b: len(b["results"]) == n)


def players_me_following_add(w: World, n: int) -> Call:
    me, other = Actor(), Actor()
    with_account(other, username="friend_one")
    return Call(
        me.client,
        "post",
        url("players", "me", "following"),
        body={"username": "Friend_One"},
        check=lambda b: b["player"]["id"] == other.id,
    )


def players_me_following_put(w: World, n: int) -> Call:
    me, other = Actor(), Actor()
    return Call(
        me.client,
        "put",
        url("players", "me", "following", other.id),
        check=lambda b: b["player"]["id"] == other.id,
    )


def players_me_following_delete(w: World, n: int) -> Call:
    me, others = _follower_of(1)
    return Call(me.client, "delete", url("players", "me", "following", others[0].id))


def games_replay(w: World, n: int) -> Call:
    me = Actor()
    game_id = game_with_moves(me)
    return Call(
        me.client, "get", url("games", game_id, "replay", 2), check=lambda b: b["step"] == 2
    )


@dataclass(frozen=True)
class Operation:
    setup: Callable[[World, int], Call]
    status: int
    #: The queries of the call (:mod:`tests.support.queries`): a number, the same for every
    #: size; :class:`Vendor` for a documented backend difference; :class:`Grows` for an N+1.
    queries: Expected
    sizes: tuple[int, ...] = (1,)


#: operationId → how to call it, its status, its queries: read off the code as it is (issue 24
#: lists the ones that look wasteful). A count that moves is a change to look at: lower it here
#: when the code got cheaper, find the new query when it grew.
QUERY_COUNTS: dict[str, Operation] = {
    # players and devices
    "players_create": Operation(players_create, 201, 5),
    "players_me": Operation(players_me, 200, 1),
    "players_me_update": Operation(players_me_update, 200, 5),
    "players_me_link_code": Operation(players_me_link_code, 201, 5),
    "players_link": Operation(players_link, 200, 6),
    "players_me_token_rotate": Operation(players_me_token_rotate, 200, 6),
    "players_me_token_revoke": Operation(players_me_token_revoke, 204, 5),
    "players_me_tokens": Operation(players_me_tokens, 200, 2, SIZES),
    "players_me_tokens_revoke": Operation(players_me_tokens_revoke, 204, 5),
    "players_me_tokens_rename": Operation(players_me_tokens_rename, 200, 5),
    "players_me_tokens_revoke_others": Operation(players_me_tokens_revoke_others, 200, 5, SIZES),
    "players_me_apps": Operation(players_me_apps, 200, 2, SIZES),
    # DOT's tokens deleted by the ORM (its collector: refresh, access, codes; the post-delete
    # hook finds the player to close sockets), on a rare path.
    # + the device grants of the app, deleted too (issue 37 F2: a device code mints no more)
    # (12 since personal tokens: the cascade DELETE of a personal-token row of the app tokens)
    "players_me_apps_revoke": Operation(players_me_apps_revoke, 204, 12),
    # the best rank reads every daily entry's rank in the entries' one query (a correlated
    # COUNT on the board; with Redis the board rows for the sets' keys, then one pipeline):
    # games.daily.ranks' ranks_of (was 13 + 1 per entry)
    "players_stats": Operation(players_stats, 200, 13, SIZES),
    # accounts
    "account_get": Operation(account_get, 200, 3),
    "account_create": Operation(account_create, 201, 8),
    "account_email_set": Operation(account_email_set, 200, 6),
    "account_email_verify": Operation(account_email_verify, 200, 4),
    # the credentials read once per request (issue 29: the view's read passed to the service;
    # a reset link's row read once, its new password stored by one conditional UPDATE, the
    # player with it; a reset request writes nothing: no transaction). Were 10, 3, 13 and 7.
    "account_password_change": Operation(account_password_change, 200, 9, SIZES),
    "account_password_reset": Operation(account_password_reset, 202, 1),
    # a reset or recovered password signs the apps out too (issue 37 F1): + the player's site
    # user, whose apps' tokens, codes and device grants are deleted (none here: one read)
    "account_password_reset_confirm": Operation(account_password_reset_confirm, 200, 12, SIZES),
    "account_recover": Operation(account_recover, 200, 14, SIZES),
    "account_recovery_codes": Operation(account_recovery_codes, 201, 6),
    "account_sign_in": Operation(account_sign_in, 200, 6),
    # (16 since issue 40: the archive lists the player's personal tokens and own apps)
    "account_export": Operation(account_export, 200, 16, SIZES),
    # + the site user read for the apps' hold (issue 37 F1), in the tokens' savepoint
    "account_delete": Operation(account_delete, 204, 32, SIZES),
    # the daily deal
    "daily_today": Operation(daily_today, 200, 6, SIZES),
    "daily_leaderboard": Operation(daily_leaderboard, 200, 6, SIZES),
    "daily_deal_layout": Operation(daily_deal_layout, 200, 4),
    # games
    # + the challenges the page's games were played at (issue 38: a game's `challenge`), one
    # statement for the page whatever its size (was 2)
    "games_list": Operation(games_list, 200, 3, SIZES),
    "games_create": Operation(games_create, 201, 11),
    # (the game's `challenge`, issue 38, comes with its row: outer joins, no statement more;
    # nor on a change's answer, games_move to games_resign)
    "games_get": Operation(games_get, 200, 2),
    # 7: the 6 before, and whether the game was played at a challenge (challenge_game_private)
    "games_update": Operation(games_update, 200, 7),
    "games_log": Operation(games_log, 200, 3, SIZES),
    "games_move": Operation(games_move, 200, change(1)),
    "games_tap": Operation(games_tap, 200, change(1)),
    "games_undo": Operation(games_undo, 200, change(1)),
    # one UPDATE more: an ending game freezes its challenge attempt, if it is one
    # (change(4) since webhooks: a game's end asks whether any app subscribed to game.ended
    # holds the owner's read grant, and for which)
    "games_resign": Operation(games_resign, 200, change(4)),
    # challenges
    "games_challenge": Operation(games_challenge, 201, 8),
    "challenges_get": Operation(challenges_get, 200, 6, SIZES),
    "challenges_play": Operation(challenges_play, 201, 11),
    # the page, the first row's rank and position, the total, the caller's entry and rank, and
    # the creator's place among the attempts (issue 38: the result to beat on the board)
    "challenges_board": Operation(challenges_board, 200, 10, SIZES),
    "games_replay": Operation(games_replay, 200, 3),
    # races, quick match, ratings
    # the race formed with its members in one INSERT, answered with the representation its
    # forming published; on PostgreSQL the queue's advisory lock in each of the two forming
    # transactions (the second finds too few waiting). Was 30 + 1 per member (32 + 1).
    "matchmaking_join": Operation(matchmaking_join, 202, Vendor(25, 27), (2, 4)),
    "matchmaking_status": Operation(matchmaking_status, 200, 6, (2, 4)),
    "matchmaking_leave": Operation(matchmaking_leave, 204, 5),
    # a change's answer is the race as the change published it, built once (issue 29: each
    # was 3 more, reading the race and its members again; the leave 4)
    "races_create": Operation(races_create, 201, 13),
    "races_join": Operation(races_join, 200, 15, SIZES),
    # issue 38: the lobby's open public races (the token, then one query with the hosts and
    # seats taken, whatever their number) and joining one by id (races_join's work, looked up
    # by id and public instead of by invite; +1 since the lobby socket: the list read once after
    # the commit, for every watcher of /ws/races/open/, whatever their number)
    "races_open": Operation(races_open, 200, 2, SIZES),
    "races_join_public": Operation(races_join_public, 200, 16, SIZES),
    "races_get": Operation(races_get, 200, 5, SIZES),
    "races_ready": Operation(races_ready, 200, 11, SIZES),
    "races_start": Operation(races_start, 200, 10, SIZES),
    # the leaver's game resigns inside the leave: a game change
    # (was change(25): 31 on SQLite, 29 on PostgreSQL)
    # (+2 since webhooks: the leaver's game ends, as games_resign)
    "races_leave": Operation(races_leave, 200, Vendor(29, 28), SIZES),
    "races_cancel": Operation(races_cancel, 200, 10, SIZES),
    "races_rematch": Operation(races_rematch, 201, 25, SIZES),
    "ratings_board": Operation(ratings_board, 200, 5, SIZES),
    # seasons: the token, the season row, the page, the caller's entry (ranks are stored)
    "seasons_current": Operation(seasons_current, 200, 3),
    "seasons_board": Operation(seasons_board, 200, 4, SIZES),
    # following: each change locks the follower's row (follows and unfollows queue), looks
    # for the follow, and a follow counts the follower's follows (the limit) before its INSERT
    "players_me_following": Operation(players_me_following, 200, 2, SIZES),
    "players_me_following_add": Operation(players_me_following_add, 201, 8),
    "players_me_following_put": Operation(players_me_following_put, 201, 8),
    "players_me_following_delete": Operation(players_me_following_delete, 204, 6),
    # self-service (issue 40): personal tokens and own apps
    "account_tokens": Operation(account_tokens, 200, 2, SIZES),
    "account_tokens_create": Operation(account_tokens_create, 201, 14),
    "account_tokens_revoke": Operation(account_tokens_revoke, 204, 9),
    "account_apps": Operation(account_apps, 200, 2, SIZES),
    "account_apps_create": Operation(account_apps_create, 201, 14),
    "account_apps_delete": Operation(account_apps_delete, 204, 15),
    # an app's webhooks, with its client credentials
    "webhooks_list": Operation(webhooks_list, 200, 2, SIZES),
    "webhooks_create": Operation(webhooks_create, 201, 5),
    "webhooks_delete": Operation(webhooks_delete, 204, 6),
    "webhooks_deliveries": Operation(webhooks_deliveries, 200, 4, SIZES),
    "webhooks_redeliver": Operation(webhooks_redeliver, 202, 7),
}


@pytest.fixture(scope="module")
def operations(django_db_blocker) -> dict[str, tuple[str, str]]:
    """operationId → (method, path) of the OpenAPI schema the service serves (as
    ``tests/api/test_openapi.py`` reads it): the one CI checks clients against."""
    with django_db_blocker.unblock():
        response = APIClient().get(url("schema") + "/", {"format": "json"})
    assert response.status_code == 200, response.content
    return {
        operation["operationId"]: (method, path)
        for path, item in response.json()["paths"].items()
        for method, operation in item.items()
        if method in METHODS
    }


def test_every_operation_has_a_count(operations):
    """A new endpoint without a count fails here (and a count of a removed one too)."""
    assert sorted(set(operations) - set(QUERY_COUNTS)) == [], "operations without a count"
    assert sorted(set(QUERY_COUNTS) - set(operations)) == [], "counts of no operation"


CASES = [
    pytest.param(
        operation_id, size, id=f"{operation_id}-{size}" if len(op.sizes) > 1 else operation_id
    )
    for operation_id, op in QUERY_COUNTS.items()
    for size in op.sizes
]


@pytest.mark.parametrize(("operation_id", "size"), CASES)
def test_query_count(operation_id, size, operations, query_world, django_assert_num_queries):
    operation = QUERY_COUNTS[operation_id]
    method, path = operations[operation_id]
    call = operation.setup(query_world, size)
    assert call.method == method, (operation_id, call.method, method)
    assert re.fullmatch(re.sub(r"\{\w+\}", "[^/]+", path), call.path), (call.path, path)
    with django_assert_num_queries(expected(operation.queries, size), exact=True) as counted:
        response = send(call.client, call.method, call.path, call.body, call.params)
        # a streamed answer is read as it is sent: its queries run while it is consumed
        content = b"".join(response.streaming_content) if response.streaming else response.content
    assert response.status_code == operation.status, (response.status_code, content[:2000])
    body = json.loads(content) if content else None
    assert call.check(body), body
    touched = [q["sql"] for q in counted.captured_queries if q["sql"].startswith(TOUCH)]
    assert touched == [], "the setup left the caller's token a minute old: it was written back"
