"""The contract test cannot drift: a view that answers a code its operation does not list, a
field or a null the schema does not describe, or leaves out a header the schema requires,
fails the test that met it (tests.support.contract, run on every test-client request)."""

import pytest
from rest_framework.response import Response
from rest_framework.test import APIClient

from api.players import views
from games.play.errors import GameNotFound
from tests.support import contract
from tests.support.api import post, url
from tests.support.contract import ContractViolation

pytestmark = pytest.mark.django_db


def test_an_undeclared_error_code_fails(player_client, monkeypatch):
    client, _ = player_client()

    def refuse(*args, **kwargs):
        raise GameNotFound("not listed for POST /players", game_id=1)

    monkeypatch.setattr(views.players, "create_player", refuse)
    with pytest.raises(ContractViolation, match="game_not_found"):
        post(APIClient(), url("players"), {"name": "ann"})


def test_an_undocumented_field_fails(player_client, monkeypatch):
    client, _ = player_client()
    real = views.player_payload
    monkeypatch.setattr(views, "player_payload", lambda *a: {**real(*a), "secret": 1})
    with pytest.raises(ContractViolation, match="secret"):
        client.get(url("players", "me"))


def test_an_undocumented_null_fails(player_client, monkeypatch):
    client, _ = player_client()
    real = views.player_payload
    monkeypatch.setattr(views, "player_payload", lambda *a: {**real(*a), "name": None})
    with pytest.raises(ContractViolation, match="None is not of type 'string'"):
        client.get(url("players", "me"))


def test_a_new_setting_is_allowed_by_the_open_settings(player_client, monkeypatch):
    """The answered settings are open: adding one must not break strict clients."""
    client, _ = player_client()
    real = views.player_payload

    def with_new_setting(*args):
        payload = real(*args)
        return {**payload, "settings": {**payload["settings"], "sound": True}}

    monkeypatch.setattr(views, "player_payload", with_new_setting)
    assert client.get(url("players", "me")).status_code == 200


def test_an_undocumented_status_fails(player_client, monkeypatch):
    client, _ = player_client()
    contract.validator()  # the schema as served, before the view is replaced
    teapot = Response({"code": "teapot", "message": "I'm a teapot."}, status=418)
    monkeypatch.setattr(views.MeView, "get", lambda self, request: teapot)
    with pytest.raises(ContractViolation, match="418"):
        client.get(url("players", "me"))


def test_a_required_header_left_out_fails(player_client, monkeypatch):
    """A 401 must carry WWW-Authenticate (RFC 9110): the schema requires it."""
    from api import errors

    real = errors.exception_handler

    def without_challenge(exc, context):
        response = real(exc, context)
        if response is not None and "WWW-Authenticate" in response:
            del response["WWW-Authenticate"]
        return response

    monkeypatch.setattr(
        "rest_framework.views.APIView.get_exception_handler", lambda self: without_challenge
    )
    stale = APIClient()
    stale.credentials(HTTP_AUTHORIZATION="Bearer not-a-token")
    with pytest.raises(ContractViolation, match="WWW-Authenticate"):
        stale.get(url("players", "me"))
