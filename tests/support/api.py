"""Requests through Django's test client (in process, no server): the API's paths, JSON
requests, and the check of the service's error format.

Requests to a real server process are :mod:`tests.support.http`.
"""

from __future__ import annotations

API = "/api/v1"


def url(*parts) -> str:
    """``url("games", 7, "moves")`` → ``/api/v1/games/7/moves``."""
    return "/".join([API, *map(str, parts)])


def post(client, path: str, body=None, **extra):
    return client.post(path, {} if body is None else body, format="json", **extra)


def patch(client, path: str, body, **extra):
    return client.patch(path, body, format="json", **extra)


def post_raw(client, path: str, raw, content_type="application/json", **extra):
    return client.generic("POST", path, raw, content_type=content_type, **extra)


def assert_error(response, status: int, code: str) -> dict:
    """The response is the service's JSON error ``code`` with ``status`` and a message."""
    assert response.status_code == status, (response.status_code, response.content)
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["code"] == code, body
    assert isinstance(body["message"], str) and body["message"], body
    return body


def put(client, path: str, body, **extra):
    return client.put(path, body, format="json", **extra)
