"""The deployed entry point (deploy/nginx.conf) as an attacker and a TLS terminator meet it:
one write budget per token however its header is spelled, the client's scheme believed only
from the proxy in front, no query string in the access log, production mode behind it."""

import os
import secrets
import socket

import pytest

from tests.support import nginx
from tests.support.http import Http
from tests.support.waiting import wait_until

pytestmark = pytest.mark.process

TOKEN = "AbC-123_x"
SPELLINGS = [
    f"Token {TOKEN}",
    f"token {TOKEN}",
    f"TOKEN {TOKEN}",
    f"Bearer {TOKEN}",
    f"bearer {TOKEN}",
    f"Token  {TOKEN}",
    f"Token {TOKEN} ",
    f" Token {TOKEN}",
    f"Token\t{TOKEN}",
    f"BEARER {TOKEN}",
    f"Bearer  {TOKEN} ",
    f"tOkEn {TOKEN}",
]


def need_nginx():
    if not nginx.installed():
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("nginx is required in CI (.ci/run installs it)", pytrace=False)
        pytest.skip("nginx not installed (apt-get install nginx)")


@pytest.fixture
def probed(start_server):
    need_nginx()
    server = start_server(kind="gunicorn")
    with nginx.Nginx(server.url, probes=True) as proxy:
        yield proxy


def write_key(proxy, authorization=None, forwarded_for=None) -> bytes:
    """The key nginx limits a write (POST) with these headers by."""
    with socket.create_connection(("127.0.0.1", proxy.port), timeout=5) as conn:
        headers = "".join(
            f"{name}: {value}\r\n"
            for name, value in (
                ("Authorization", authorization),
                ("X-Forwarded-For", forwarded_for),
            )
            if value is not None
        )
        conn.sendall(
            f"POST /_probe/writer HTTP/1.1\r\nHost: x\r\n{headers}"
            "Content-Length: 0\r\nConnection: close\r\n\r\n".encode("latin-1")
        )
        answer = b""
        while chunk := conn.recv(4096):
            answer += chunk
    return answer.split(b"\r\n\r\n", 1)[1]


def test_every_spelling_of_one_token_shares_one_write_budget(probed):
    keys = {write_key(probed, spelling) for spelling in SPELLINGS}
    assert keys == {TOKEN.encode()}


def test_a_header_that_is_no_token_counts_against_the_address(probed):
    by_address = write_key(probed)
    assert write_key(probed, "Basic dXNlcjpwYXNz") == by_address
    assert write_key(probed, "Token a b") == by_address and write_key(probed, "junk") == by_address
    assert by_address not in (b"", TOKEN.encode())


def test_the_scheme_is_believed_only_from_the_proxy_in_front(probed):
    plain = Http(probed.url)
    assert plain.get("/_probe/proto").body == "http"
    # From loopback (a trusted terminator's network in the deployed file): its word counts.
    assert plain.get("/_probe/proto", headers={"X-Forwarded-Proto": "https"}).body == "https"
    assert plain.get("/_probe/proto", headers={"X-Forwarded-Proto": "gopher"}).body == "http"


def test_the_access_log_never_holds_a_query_string(probed):
    secret = "tok" + secrets.token_hex(8)
    Http(probed.url).get(f"/api/v1/daily?token={secret}&x=1")
    wait_until(
        lambda: probed.access_log.exists() and "/api/v1/daily" in probed.access_log.read_text(),
        timeout=10,
        message="the request was not logged",
    )
    logged = probed.access_log.read_text()
    assert "GET /api/v1/daily HTTP/1.1" in logged and secret not in logged and "?" not in logged


def test_production_behind_a_tls_terminator_serves_instead_of_redirecting_forever(start_server):
    need_nginx()
    server = start_server(
        kind="gunicorn",
        HALFMOON_PRODUCTION="true",
        SECRET_KEY=secrets.token_urlsafe(50),
        HALFMOON_DEAL_KEY=secrets.token_urlsafe(24),
        ALLOWED_HOSTS="127.0.0.1",
        HALFMOON_TRUSTED_PROXIES="127.0.0.1",
    )
    with nginx.Nginx(server.url) as proxy:
        via_tls = Http(proxy.url).get("/api/v1/daily", headers={"X-Forwarded-Proto": "https"})
        assert via_tls.status == 200 and via_tls.body["deal_code"].startswith("HM1-N-")
        plain = Http(proxy.url).get("/api/v1/daily")
        assert plain.status == 301 and plain.headers["location"].startswith("https://")
        created = Http(proxy.url).post(
            "/api/v1/players", {"name": "ann"}, headers={"X-Forwarded-Proto": "https"}
        )
        assert created.status == 201 and created.body["token"]
