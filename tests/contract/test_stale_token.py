"""A stale token is refused with 401 ``invalid_token`` by every operation that reads a token —
also those that need none — and each answer is the documented one (the contract test checks
it against the operation's 401). The player the token named is left as it was."""

import re

import pytest
from rest_framework.test import APIClient

from games.models import DeviceToken, Player
from tests.support.api import url

from .conftest import operations

pytestmark = pytest.mark.django_db
#: The operations that give a device a token ignore any Authorization header.
TOKEN_FREE = {
    "players",
    "players/link",
    "account/sign-in",
    "account/email/verify",
    "account/password-reset",
    "account/password-reset/confirm",
    "account/recover",
}
PARAMETERS = {
    "game_id": 1,
    "race_id": 1,
    "token_id": 1,
    "player_id": 1,
    "app_id": 1,
    "date": "2026-01-01",
    "code": "no-such-challenge",
    "season": "2026-W48",
    "n": 1,
    "step": 1,
}


def token_operations(schema):
    for path, method, operation in operations(schema):
        if any("BearerAuth" in r for r in operation.get("security", [])):
            yield re.sub(r"\{(\w+)\}", lambda m: str(PARAMETERS[m.group(1)]), path), method


def test_every_operation_that_reads_a_token_refuses_a_stale_one(schema, player_client):
    client, player = player_client()
    assert client.delete(url("players", "me", "token")).status_code == 204
    before = (Player.objects.values().get(pk=player.pk), list(DeviceToken.objects.values()))
    stale = APIClient()
    stale.credentials(HTTP_AUTHORIZATION=f"Bearer {client.token}")
    checked = []
    for path, method in token_operations(schema):
        response = getattr(stale, method)(path, {}, format="json")
        assert response.status_code == 401, (method, path, response.content)
        assert response.json()["code"] == "invalid_token", (method, path)
        assert "Bearer" in response["WWW-Authenticate"]
        checked.append((method, path))
    everything = sum(1 for _ in operations(schema))
    # An app's own operations (its webhooks) read its client credentials, never a token
    # (tests/webhooks/test_api.py refuses a player's token there).
    app_only = sum(
        1
        for _path, _method, operation in operations(schema)
        if operation.get("security") and all("AppClient" in r for r in operation["security"])
    )
    assert app_only == 5
    assert len(checked) == everything - len(TOKEN_FREE) - app_only
    after = (Player.objects.values().get(pk=player.pk), list(DeviceToken.objects.values()))
    assert after == before
