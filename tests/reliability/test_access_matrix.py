"""Access matrix: (anonymous, owner, other player, staff by session) × every endpoint and
every socket action, each cell with its expected outcome.

"staff" is a Django staff user logged in through the session (as in the admin), sending the
CSRF token as the site's own pages do; a staff account has no player, so the player API treats
it as anonymous: staff act on games through the admin, never through the API. A refused change
must change nothing (the game's version, the token). Games are private by default: {private}
is seen by its owner only, {game} was made watchable by its owner. A game of today's daily
deal is seen only by its owner until the day closes. {race} is an open race of the owner's.
"""

import datetime as dt
import json
import re

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth import get_user_model
from django.db import connections
from oauth2_provider.models import Application
from rest_framework.test import APIClient

from games import actions
from games.accounts import services as accounts
from games.challenges import services as challenges
from games.core import clock
from games.daily import services as daily
from games.models import DeviceToken, Game
from games.oauth import usecases as own
from games.oauth.models import PersonalToken
from games.players import services as players
from games.races import services as races
from tests.support.play import hand_game
from tests.support.sockets import open_socket, own_reply, receive

ROLES = ("anonymous", "owner", "other", "staff")
CSRF = "k" * 32
PASSWORD = "a fine password 42"


def row(anonymous, owner, other, staff):
    return dict(zip(ROLES, (anonymous, owner, other, staff), strict=True))


#: name → (method, path template, body, expected outcome per role). {game}: an ordinary game
#: of the owner's with one move made, watchable; {private}: one the owner keeps private;
#: {daily}: the owner's ranked game of today's daily deal; {race}: the owner's open race.
REST = {
    "create player": ("POST", "/api/v1/players", {"name": "new"}, row(201, 201, 201, 201)),
    "read profile": ("GET", "/api/v1/players/me", None, row(401, 200, 200, 401)),
    "change settings": (
        "PATCH",
        "/api/v1/players/me",
        {"settings": {"move_errors": True}},
        row(401, 200, 200, 401),
    ),
    "rotate token": ("POST", "/api/v1/players/me/token", None, row(401, 200, 200, 401)),
    "revoke token": ("DELETE", "/api/v1/players/me/token", None, row(401, 204, 204, 401)),
    "list devices": ("GET", "/api/v1/players/me/tokens", None, row(401, 200, 200, 401)),
    # The owner's second device: another player cannot revoke it (404, nothing changes).
    "revoke a device": (
        "DELETE",
        "/api/v1/players/me/tokens/{tablet}",
        None,
        row(401, 204, 404, 401),
    ),
    "revoke other devices": (
        "POST",
        "/api/v1/players/me/tokens/revoke-others",
        None,
        row(401, 200, 200, 401),
    ),
    "make a link code": ("POST", "/api/v1/players/me/link-codes", None, row(401, 201, 201, 401)),
    "sign in by link code": (
        "POST",
        "/api/v1/players/link",
        {"code": "0000-0000"},
        row(400, 400, 400, 400),
    ),
    # The owner has credentials, the other player is anonymous.
    "read account": ("GET", "/api/v1/account", None, row(401, 200, 404, 401)),
    "add credentials": (
        "POST",
        "/api/v1/account",
        {"username": "newcomer", "password": PASSWORD},
        row(401, 409, 201, 401),
    ),
    "sign in": (
        "POST",
        "/api/v1/account/sign-in",
        {"username": "owner-user", "password": "not the password"},
        row(400, 400, 400, 400),
    ),
    "change password": (
        "POST",
        "/api/v1/account/password",
        {"current_password": "not the password", "new_password": PASSWORD + "!"},
        row(401, 400, 404, 401),
    ),
    "new recovery codes": (
        "POST",
        "/api/v1/account/recovery-codes",
        {"password": "not the password"},
        row(401, 400, 404, 401),
    ),
    "set e-mail": (
        "PUT",
        "/api/v1/account/email",
        {"email": "owner@example.com"},
        row(401, 200, 404, 401),
    ),
    "verify e-mail": (
        "POST",
        "/api/v1/account/email/verify",
        {"key": "not-a-key"},
        row(400, 400, 400, 400),
    ),
    "ask for a password reset": (
        "POST",
        "/api/v1/account/password-reset",
        {"email": "nobody@example.com"},
        row(202, 202, 202, 202),
    ),
    "reset the password": (
        "POST",
        "/api/v1/account/password-reset/confirm",
        {"uid": "MQ", "key": "nope-nope", "new_password": PASSWORD},
        row(400, 400, 400, 400),
    ),
    "recover": (
        "POST",
        "/api/v1/account/recover",
        {"username": "owner-user", "recovery_code": "00000-00000", "new_password": PASSWORD},
        row(400, 400, 400, 400),
    ),
    # A player's data (SPEC §12): each player's own only. The owner has credentials (its
    # password is asked), the other player none (a confirmation is enough).
    "export own data": ("GET", "/api/v1/account/export", None, row(401, 200, 200, 401)),
    "delete account unconfirmed": ("POST", "/api/v1/account/delete", {}, row(401, 400, 400, 401)),
    "delete account, wrong password": (
        "POST",
        "/api/v1/account/delete",
        {"password": "not the password"},
        row(401, 400, 400, 401),
    ),
    "delete account by confirming": (
        "POST",
        "/api/v1/account/delete",
        {"confirm": True},
        row(401, 400, 204, 401),
    ),
    "list own games": ("GET", "/api/v1/games", None, row(401, 200, 200, 401)),
    "start game": ("POST", "/api/v1/games", {}, row(401, 201, 201, 401)),
    "start daily game": ("POST", "/api/v1/games", {"daily": True}, row(401, 201, 201, 401)),
    "read game": ("GET", "/api/v1/games/{game}", None, row(200, 200, 200, 200)),
    "read game log": ("GET", "/api/v1/games/{game}/log", None, row(200, 200, 200, 200)),
    "read private game": ("GET", "/api/v1/games/{private}", None, row(403, 200, 403, 403)),
    "read private log": ("GET", "/api/v1/games/{private}/log", None, row(403, 200, 403, 403)),
    "make game watchable": (
        "PATCH",
        "/api/v1/games/{private}",
        {"watchable": True},
        row(401, 200, 403, 401),
    ),
    "move": (
        "POST",
        "/api/v1/games/{game}/moves",
        {"positions": ["P3", "P4", "P5"]},
        row(401, 200, 403, 401),
    ),
    "undo": ("POST", "/api/v1/games/{game}/undo", {}, row(401, 200, 403, 401)),
    "tap": ("POST", "/api/v1/games/{game}/taps", {"position": "P6"}, row(401, 200, 403, 401)),
    "resign": ("POST", "/api/v1/games/{game}/resign", {}, row(401, 200, 403, 401)),
    "read open daily game": ("GET", "/api/v1/games/{daily}", None, row(403, 200, 403, 403)),
    "read open daily log": ("GET", "/api/v1/games/{daily}/log", None, row(403, 200, 403, 403)),
    "tap open daily game": (
        "POST",
        "/api/v1/games/{daily}/taps",
        {"position": "P1"},
        row(401, 200, 403, 401),
    ),
    "read unknown game": ("GET", "/api/v1/games/999999", None, row(404, 404, 404, 404)),
    "move on unknown game": (
        "POST",
        "/api/v1/games/999999/moves",
        {"positions": ["P1", "P2"]},
        row(401, 404, 404, 401),
    ),
    "today's daily": ("GET", "/api/v1/daily", None, row(200, 200, 200, 200)),
    "today's leaderboard": (
        "GET",
        "/api/v1/daily/{today}/leaderboard",
        None,
        row(200, 200, 200, 200),
    ),
    # 404 not_on_leaderboard: the owner's attempt enters the board when it ends.
    "leaderboard around me": (
        "GET",
        "/api/v1/daily/{today}/leaderboard?around=me",
        None,
        row(401, 404, 404, 401),
    ),
    "today's layout": ("GET", "/api/v1/daily/{today}/deal", None, row(403, 403, 403, 403)),
    "yesterday's layout": ("GET", "/api/v1/daily/{yesterday}/deal", None, row(200, 200, 200, 200)),
    "player statistics": ("GET", "/api/v1/players/{owner}/stats", None, row(200, 200, 200, 200)),
    "schema": ("GET", "/api/v1/schema/?format=json", None, row(200, 200, 200, 200)),
    "create race": ("POST", "/api/v1/races", {"seats": 2}, row(401, 409, 201, 401)),
    "join race": ("POST", "/api/v1/races/join", {"invite": "{invite}"}, row(401, 200, 200, 401)),
    "read race": ("GET", "/api/v1/races/{race}", None, row(401, 200, 404, 401)),
    # the owner's race is private: never listed, not joined by id (as an unknown id)
    "open public races": ("GET", "/api/v1/races?status=open", None, row(401, 200, 200, 401)),
    "join private race by id": (
        "POST",
        "/api/v1/races/{race}/join",
        None,
        row(401, 404, 404, 401),
    ),
    "ready": ("POST", "/api/v1/races/{race}/ready", {"ready": True}, row(401, 200, 404, 401)),
    "start race": ("POST", "/api/v1/races/{race}/start", None, row(401, 409, 404, 401)),
    "leave race": ("POST", "/api/v1/races/{race}/leave", None, row(401, 200, 404, 401)),
    "cancel race": ("POST", "/api/v1/races/{race}/cancel", None, row(401, 200, 404, 401)),
    "rematch": ("POST", "/api/v1/races/{race}/rematch", None, row(401, 409, 404, 401)),
    "quick match": ("POST", "/api/v1/matchmaking", {"seats": 2}, row(401, 409, 202, 401)),
    "quick match status": ("GET", "/api/v1/matchmaking", None, row(401, 404, 404, 401)),
    "leave quick match": ("DELETE", "/api/v1/matchmaking", None, row(401, 404, 404, 401)),
    "ratings": ("GET", "/api/v1/ratings", None, row(200, 200, 200, 200)),
    # Challenges (SPEC §11): {ended} is the owner's resigned game, {challenge} the code of the
    # challenge made of it. Anyone reads it and its board; players play it.
    "make challenge": (
        "POST",
        "/api/v1/games/{ended}/challenge",
        None,
        row(401, 200, 403, 401),
    ),
    "replay a step": ("GET", "/api/v1/games/{private}/replay/0", None, row(403, 200, 403, 403)),
    "read challenge": ("GET", "/api/v1/challenges/{challenge}", None, row(200, 200, 200, 200)),
    "play challenge": (
        "POST",
        "/api/v1/challenges/{challenge}/games",
        None,
        row(401, 201, 201, 401),
    ),
    "challenge board": (
        "GET",
        "/api/v1/challenges/{challenge}/board",
        None,
        row(200, 200, 200, 200),
    ),
    # Following and seasons (SPEC §11): one-way, a player's own list; boards anyone reads.
    "following list": ("GET", "/api/v1/players/me/following", None, row(401, 200, 200, 401)),
    "follow by username": (
        "POST",
        "/api/v1/players/me/following",
        {"username": "owner-user"},
        row(401, 400, 201, 401),
    ),
    "follow by id": ("PUT", "/api/v1/players/me/following/{owner}", None, row(401, 400, 201, 401)),
    "unfollow": ("DELETE", "/api/v1/players/me/following/{owner}", None, row(401, 204, 204, 401)),
    "seasons": ("GET", "/api/v1/seasons", None, row(200, 200, 200, 200)),
    # Connected apps (SPEC §13): a player's own; no app is connected here, so none to revoke.
    "connected apps": ("GET", "/api/v1/players/me/apps", None, row(401, 200, 200, 401)),
    "disconnect app": ("DELETE", "/api/v1/players/me/apps/1", None, row(401, 404, 404, 401)),
    # Self-service (SPEC §13): the owner has credentials, a personal token {pat} and an app
    # {own_app}; the other player is a guest (no_credentials) and finds neither (404).
    "personal tokens": ("GET", "/api/v1/account/tokens", None, row(401, 200, 200, 401)),
    "make personal token": (
        "POST",
        "/api/v1/account/tokens",
        {"name": "script", "scopes": ["read"]},
        row(401, 201, 404, 401),
    ),
    "revoke personal token": (
        "DELETE",
        "/api/v1/account/tokens/{pat}",
        None,
        row(401, 204, 404, 401),
    ),
    "own apps": ("GET", "/api/v1/account/apps", None, row(401, 200, 200, 401)),
    "register app": (
        "POST",
        "/api/v1/account/apps",
        {"name": "Bot", "redirect_uris": ["https://bot.example/cb"], "scopes": ["read"]},
        row(401, 201, 404, 401),
    ),
    "delete own app": ("DELETE", "/api/v1/account/apps/{own_app}", None, row(401, 204, 404, 401)),
    "season board": ("GET", "/api/v1/seasons/{month}/board", None, row(200, 200, 200, 200)),
    # An app's own webhooks (docs/WEBHOOKS.md): its client credentials only; a player's token
    # and a staff session are not looked at (tests/webhooks/test_api.py for the app itself).
    "webhooks": ("GET", "/api/v1/webhooks", None, row(401, 401, 401, 401)),
    "subscribe webhook": (
        "POST",
        "/api/v1/webhooks",
        {"url": "https://bot.example/hooks", "events": ["daily.closed"]},
        row(401, 401, 401, 401),
    ),
    "delete webhook": ("DELETE", "/api/v1/webhooks/1", None, row(401, 401, 401, 401)),
    "webhook deliveries": ("GET", "/api/v1/webhooks/1/deliveries", None, row(401, 401, 401, 401)),
    "redeliver": (
        "POST",
        "/api/v1/webhooks/1/deliveries/1/redeliver",
        None,
        row(401, 401, 401, 401),
    ),
}

#: name → (socket path, frame or None for just connecting, expected first reply type/code).
SOCKET = {
    "watch game": ("/ws/games/{game}/", None, row("game", "game", "game", "game")),
    "watch private game": (
        "/ws/games/{private}/",
        None,
        row("game_private", "game", "game_private", "game_private"),
    ),
    "watch race": (
        "/ws/races/{race}/",
        None,
        row("race_not_found", "race", "race_not_found", "race_not_found"),
    ),
    "write to race socket": (
        "/ws/races/{race}/",
        {"action": "start"},
        row("race_not_found", "read_only_socket", "race_not_found", "race_not_found"),
    ),
    "write to personal socket": (
        "/ws/me/",
        {"action": "move"},
        row("not_authenticated", "read_only_socket", "read_only_socket", "not_authenticated"),
    ),
    "watch challenge board": (
        "/ws/challenges/{challenge}/",
        None,
        row("challenge_board", "challenge_board", "challenge_board", "challenge_board"),
    ),
    "watch open daily game": (
        "/ws/games/{daily}/",
        None,
        row("daily_game_hidden", "game", "daily_game_hidden", "daily_game_hidden"),
    ),
    "socket move": (
        "/ws/games/{game}/",
        {"action": "move", "positions": ["P3", "P4", "P5"]},
        row("not_authenticated", "result", "not_your_game", "not_authenticated"),
    ),
    "socket undo": (
        "/ws/games/{game}/",
        {"action": "undo"},
        row("not_authenticated", "result", "not_your_game", "not_authenticated"),
    ),
    "socket tap": (
        "/ws/games/{game}/",
        {"action": "tap", "position": "P6"},
        row("not_authenticated", "result", "not_your_game", "not_authenticated"),
    ),
    "socket resign": (
        "/ws/games/{game}/",
        {"action": "resign"},
        row("not_authenticated", "result", "not_your_game", "not_authenticated"),
    ),
    "game socket without the trailing slash": (
        "/ws/games/{game}",
        None,
        row("game", "game", "game", "game"),
    ),
    "game socket with an id that is no number": (
        "/ws/games/abc/",
        None,
        row("not_found", "not_found", "not_found", "not_found"),
    ),
    "unknown socket path": (
        "/ws/nothing/",
        None,
        row("not_found", "not_found", "not_found", "not_found"),
    ),
    "watch season board": (
        "/ws/seasons/{month}/",
        None,
        row("season", "season", "season", "season"),
    ),
    "watch daily board": ("/ws/daily/{today}/", None, row("board", "board", "board", "board")),
    "watch the lobby": (
        "/ws/races/open/",
        None,
        row("not_authenticated", "open_races", "open_races", "not_authenticated"),
    ),
    "write to the lobby": (
        "/ws/races/open/",
        {"action": "join"},
        row("not_authenticated", "read_only_socket", "read_only_socket", "not_authenticated"),
    ),
    "write to daily board": (
        "/ws/daily/{today}/",
        {"action": "move"},
        row("read_only_socket", "read_only_socket", "read_only_socket", "read_only_socket"),
    ),
}

CELLS = len(REST) * len(ROLES) + len(SOCKET) * len(ROLES)


@pytest.fixture
def world(make_player):
    owner, owner_token = make_player("owner")
    accounts.add_credentials(owner, "owner-user", PASSWORD)
    tablet = players.issue_token(owner, "tablet", "password") and owner.token_id
    other, other_token = make_player("other")
    game = hand_game(owner)  # P1 5S, P2 6D, P3 QH, P4 KH, P5 JC, P6 AH
    actions.move(owner, game.pk, ["P1", "P2"])
    actions.set_watchable(owner, game.pk, True)
    private = hand_game(owner)
    race = races.create_race(owner, 2)
    daily_game = daily.start_daily(owner).game
    ended = hand_game(owner)
    actions.resign(owner, ended.pk)
    challenge, _ = challenges.create_challenge(owner, ended.pk)
    staff = get_user_model().objects.create(username="staff", is_staff=True, is_superuser=True)
    pat, _value = own.create_personal_token(owner, "script", ["read"], 30)
    own_app = own.register_own_app(owner, "Bot", ["https://bot.example/cb"], [], ["read"])
    today = clock.today()
    return {
        "tokens": {"owner": owner_token, "other": other_token},
        "staff": staff,
        "owner": owner,
        "ids": {
            "game": game.pk,
            "private": private.pk,
            "race": race.pk,
            "invite": race.invite,
            "daily": daily_game.pk,
            "ended": ended.pk,
            "challenge": challenge.code,
            "owner": owner.pk,
            "tablet": tablet,
            "pat": pat.pk,
            "own_app": own_app.pk,
            "today": today,
            "month": f"{today:%Y-%m}",
            "yesterday": today - dt.timedelta(days=1),
        },
    }


def rest_client(world, role) -> APIClient:
    client = APIClient(enforce_csrf_checks=True)
    if role in world["tokens"]:
        client.credentials(HTTP_AUTHORIZATION=f"Token {world['tokens'][role]}")
    elif role == "staff":
        client.force_login(world["staff"])
        client.cookies["csrftoken"] = CSRF
        client.credentials(HTTP_X_CSRFTOKEN=CSRF)
    return client


def snapshot(world):
    return (
        list(Game.objects.order_by("id").values_list("id", "version")),
        list(DeviceToken.objects.filter(player=world["owner"]).values_list("token_hash")),
        list(PersonalToken.objects.order_by("pk").values_list("pk", flat=True)),
        list(Application.objects.order_by("pk").values_list("pk", flat=True)),
    )


async def socket_for(world, role, path):
    headers = [(b"origin", b"http://testserver")]
    if role == "staff":
        client = APIClient()
        await sync_to_async(client.force_login)(world["staff"])
        headers.append((b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode()))
    return await open_socket(path, world["tokens"].get(role), headers)


def outcome_of(message: dict) -> str:
    return message["code"] if message["type"] == "error" else message["type"]


@pytest.mark.django_db
@pytest.mark.parametrize("name, role", [(n, r) for n in REST for r in ROLES])
def test_rest_access(world, name, role):
    method, path, body, expected = REST[name]
    before = snapshot(world)
    response = rest_client(world, role).generic(
        method,
        path.format(**world["ids"]),
        json.dumps(body).replace("{invite}", world["ids"]["invite"]) if body is not None else "",
        content_type="application/json",
    )
    assert response.status_code == expected[role], response.content[:300]
    if response.status_code >= 400:
        assert response.json()["code"]
        assert snapshot(world) == before  # refused: nothing changed


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("name, role", [(n, r) for n in SOCKET for r in ROLES])
async def test_socket_access(world, name, role):
    path, frame, expected = SOCKET[name]
    ws = await socket_for(world, role, path.format(**world["ids"]))
    # The personal socket says nothing on connect to a player (only when a race is formed).
    quiet = path == "/ws/me/" and role in world["tokens"]
    reply = {"type": "connected"} if quiet else await receive(ws)
    if frame is not None and reply["type"] != "error":
        before = await sync_to_async(snapshot)(world)
        await ws.send_json_to(frame)
        reply = await own_reply(ws)  # the owner also gets the broadcast copy of its own change
        if reply["type"] == "error":
            assert await sync_to_async(snapshot)(world) == before
    assert outcome_of(reply) == expected[role]
    await ws.disconnect()
    await sync_to_async(connections.close_all)()  # this thread's, before the database goes


def test_the_matrix_covers_every_endpoint_and_socket_route():
    """Every URL pattern of the API and every socket route has at least one row."""
    from api.urls import urlpatterns
    from realtime.routing import websocket_urlpatterns

    covered = {path.split("?")[0] for _, path, _, _ in REST.values()}
    routes = {"/api/v1/" + str(p.pattern) for p in urlpatterns if p.name != "docs"}
    covered_routes = {route for route in routes if any(_matches(route, path) for path in covered)}
    assert covered_routes == routes, sorted(routes - covered_routes)
    # Each socket route (the catch-all included) is the first to take some row's path.
    taken = {
        next(
            str(p.pattern)
            for p in websocket_urlpatterns
            if p.pattern.regex.search(re.sub(r"\{[^}]+\}", "1", path)[1:])
        )
        for path, _, _ in SOCKET.values()
    }
    assert taken == {str(p.pattern) for p in websocket_urlpatterns}
    print(
        f"\naccess matrix: {CELLS} cells ({len(REST)} REST requests and {len(SOCKET)} "
        f"socket actions × {len(ROLES)} callers)"
    )


def _matches(route: str, path: str) -> bool:
    import re

    pattern = re.sub(r"<[^>]+>", "[^/]+", route)
    concrete = re.sub(r"\{[^}]+\}", "1", path)
    return re.fullmatch(pattern, concrete) is not None
