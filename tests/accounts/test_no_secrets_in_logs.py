"""Tokens, passwords and one-time codes never reach a log line or an error message: a server
process (the entry point `make run` uses, and plain daphne with its access log) logging at
DEBUG serves every flow that carries one — in the URL, a header, a subprotocol, a body — and
its whole output is searched for them afterwards."""

import asyncio

import pytest
import websockets

from tests.support.http import API, Http
from tests.support.mail import SmtpServer
from tests.support.sockets import game_path, receive_json

pytestmark = [pytest.mark.process, pytest.mark.slow]

PASSWORD = "secret-password-7781"
NEW_PASSWORD = "secret-password-after-reset-5519"


def flows(base_url: str, ws_url: str, smtp: SmtpServer) -> list[str]:
    """Every flow that carries a secret; returns the secrets it used."""
    secrets = [PASSWORD, NEW_PASSWORD, "wrong-password-4417", "bad-token-in-url-7713"]
    anon = Http(base_url)
    created = anon.post(f"{API}/players", {"name": "ann", "device": "phone"}).body
    first = Http(base_url, created["token"])
    secrets.append(created["token"])
    account = first.post(
        f"{API}/account", {"username": "ann_k", "password": PASSWORD, "email": "ann@example.com"}
    ).body
    secrets += account["recovery_codes"]
    verify = smtp.wait_for("ann@example.com").link_keys()["key"]
    secrets.append(verify)
    assert anon.post(f"{API}/account/email/verify", {"key": verify}).status == 200
    game = first.post(f"{API}/games", {}).body

    async def sockets():
        path = ws_url + game_path(game["id"])
        for url, kwargs in (
            (f"{path}?token={created['token']}", {}),
            (path, {"additional_headers": {"Authorization": f"Bearer {created['token']}"}}),
            (path, {"subprotocols": ["halfmoon", f"halfmoon.token.{created['token']}"]}),
            (f"{path}?token=bad-token-in-url-7713", {}),
        ):
            async with websockets.connect(url, **kwargs) as socket:
                await receive_json(socket)

    asyncio.run(sockets())
    signed_in = anon.post(
        f"{API}/account/sign-in", {"username": "ann_k", "password": PASSWORD, "device": "tablet"}
    ).body
    secrets.append(signed_in["token"])
    assert (
        anon.post(
            f"{API}/account/sign-in", {"username": "ann_k", "password": "wrong-password-4417"}
        ).status
        == 400
    )
    code = first.post(f"{API}/players/me/link-codes").body["code"]
    secrets.append(code)
    linked = anon.post(f"{API}/players/link", {"code": code}).body
    secrets.append(linked["token"])
    assert anon.post(f"{API}/players/link", {"code": code}).status == 400
    recovered = anon.post(
        f"{API}/account/recover",
        {
            "username": "ann_k",
            "recovery_code": account["recovery_codes"][0],
            "new_password": PASSWORD + "x",
        },
    ).body
    secrets.append(recovered["token"])
    secrets.append(PASSWORD + "x")
    assert anon.post(f"{API}/account/password-reset", {"email": "ann@example.com"}).status == 202
    reset = smtp.wait_for("ann@example.com", count=2).link_keys()
    secrets += [reset["uid"] + "&key=" + reset["key"], reset["key"]]
    after = anon.post(
        f"{API}/account/password-reset/confirm",
        {"uid": reset["uid"], "key": reset["key"], "new_password": NEW_PASSWORD},
    ).body
    rotated = Http(base_url, after["token"]).post(f"{API}/players/me/token").body["token"]
    secrets += [after["token"], rotated]
    stale = Http(base_url, created["token"])  # revoked long ago
    refused = stale.get(f"{API}/players/me")
    assert refused.status == 401 and created["token"] not in str(refused.body)
    return secrets


@pytest.mark.parametrize("kind", ["drain", "daphne"])
def test_no_secret_reaches_the_logs(start_server, kind):
    smtp = SmtpServer().start()
    try:
        server = start_server(kind, LOG_LEVEL="DEBUG", REQUEST_LOG_LEVEL="DEBUG", **smtp.env())
        secrets = flows(server.url, server.ws_url, smtp)
    finally:
        smtp.stop()
    output = server.output()
    assert "POST /api/v1/account/sign-in" in output  # the request log is there
    leaked = [secret for secret in secrets if secret in output]
    assert leaked == [], f"in the {kind} log: {leaked}"
