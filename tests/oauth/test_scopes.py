"""Every REST operation and socket refuses an app's token without the scope it declares
(``games.oauth.scopes``, the one declaration): generated from the URL conf and the sockets, so
a new route is covered the day it is added. 403 ``insufficient_scope``, RFC 6750's
``WWW-Authenticate``, and no row of the database changes."""

from __future__ import annotations

import datetime as dt
import secrets

import pytest
from asgiref.sync import sync_to_async
from django.apps import apps as django_apps
from django.urls import URLPattern, get_resolver
from django.utils import timezone
from oauth2_provider.models import AccessToken
from rest_framework.test import APIClient

from api.http.authentication import PlayerTokenAuthentication
from games.oauth.scopes import PUBLIC, SCOPES, SOCKETS, rest_scope
from games.oauth.services import site_user
from realtime.frames import SOCKETS as SOCKET_DEFINITIONS
from tests.support.sockets import communicator, receive

pytestmark = pytest.mark.django_db

SAMPLE = {"int": "1", "str": "2026-01-01", "slug": "x", "path": "x"}


def api_operations():
    """(url name, path, method) of every REST operation under /api/v1/."""
    resolver = get_resolver()
    found = []
    for top in resolver.url_patterns:
        if getattr(top, "pattern", None) is None or str(top.pattern) != "api/v1/":
            continue
        for pattern in top.url_patterns:
            if not isinstance(pattern, URLPattern) or not pattern.name:
                continue
            view = getattr(pattern.callback, "view_class", None) or getattr(
                pattern.callback, "cls", None
            )
            if pattern.name in PUBLIC:
                continue  # the API's own documents
            if view is None or PlayerTokenAuthentication not in view.authentication_classes:
                # token-free, or an app's own client credentials (its webhooks): no player's
                # token is looked at, so none lends a scope
                continue
            methods = [
                m.upper() for m in ("get", "post", "put", "patch", "delete") if hasattr(view, m)
            ]
            path = "/api/v1/" + _filled(str(pattern.pattern))
            found += [(pattern.name, path, method) for method in methods]
    return found


def _filled(route: str) -> str:
    while "<" in route:
        start, end = route.index("<"), route.index(">")
        kind = route[start + 1 : end].split(":")[0] if ":" in route[start:end] else "str"
        route = route[:start] + SAMPLE.get(kind, "1") + route[end + 1 :]
    return route


OPERATIONS = api_operations()


def app_token(player, scopes: set[str]) -> str:
    from oauth2_provider.models import Application

    app = Application.objects.create(
        name="Scoped",
        client_type=Application.CLIENT_PUBLIC,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris="https://app.example/cb",
    )
    token = secrets.token_urlsafe(30)
    AccessToken.objects.create(
        user=site_user(player),
        application=app,
        token=token,
        expires=timezone.now() + dt.timedelta(hours=1),
        scope=" ".join(sorted(scopes)),
    )
    return token


def row_counts() -> dict[str, int]:
    return {
        model._meta.label: model.objects.count()
        for model in django_apps.get_app_config("games").get_models()
    }


def test_every_operation_is_found():
    assert len(OPERATIONS) > 50
    assert {name for name, _p, _m in OPERATIONS} >= {"games", "game-moves", "races", "account"}


@pytest.fixture
def owner(account):
    return account()


@pytest.mark.parametrize(("name", "path", "method"), OPERATIONS, ids=lambda v: str(v))
def test_a_token_without_the_declared_scope_is_refused_and_nothing_changes(
    owner, name, path, method
):
    needed = rest_scope(name, method)
    token = app_token(owner.player, set(SCOPES) - {needed})
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    before = row_counts()
    answer = getattr(client, method.lower())(path, {}, format="json")
    assert answer.status_code == 403, (name, method, answer.content)
    assert answer.json()["code"] == "insufficient_scope"
    assert answer.json()["scope"] == needed
    assert answer["WWW-Authenticate"] == f'Bearer error="insufficient_scope", scope="{needed}"'
    assert row_counts() == before


def test_a_device_token_keeps_every_scope(owner):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {owner.device_token}")
    assert client.post("/api/v1/games", {}, format="json").status_code == 201
    assert client.get("/api/v1/account").status_code == 200


def test_a_token_with_the_scope_passes(owner):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {app_token(owner.player, {'play'})}")
    created = client.post("/api/v1/games", {}, format="json")
    assert created.status_code == 201
    assert client.get("/api/v1/account").status_code == 403


def test_every_socket_declares_its_scope():
    assert {socket.name for socket in SOCKET_DEFINITIONS} == set(SOCKETS)


SOCKET_SAMPLES = {"id": "1", "date": "2026-01-01", "code": "abc", "season": "2026-01"}


@pytest.mark.parametrize("socket", sorted(SOCKETS))
@pytest.mark.django_db(transaction=True)
async def test_a_socket_without_the_declared_scope_is_refused(account, socket):
    owner = await sync_to_async(account)()
    needed = SOCKETS[socket]
    token = await sync_to_async(app_token)(owner.player, set(SCOPES) - {needed})
    definition = next(d for d in SOCKET_DEFINITIONS if d.name == socket)
    path = definition.path
    for parameter in definition.parameters:
        path = path.replace(f"{{{parameter.name}}}", SOCKET_SAMPLES[parameter.name])
    socket_ = communicator(path, headers=[(b"authorization", f"Bearer {token}".encode())])
    connected, _ = await socket_.connect()
    assert connected
    frame = await receive(socket_)
    assert frame["type"] == "error" and frame["code"] == "insufficient_scope", frame
    assert frame["scope"] == needed
    assert (await socket_.receive_output(timeout=5)) == {"type": "websocket.close", "code": 4403}
    await socket_.disconnect()
