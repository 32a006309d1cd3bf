"""Fixtures of the account tests: players with credentials, made through the real endpoints."""

import pytest
from rest_framework.test import APIClient

from tests.support.api import post, url

PASSWORD = "plum tart 1962"


def client_with(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    client.token = token
    return client


@pytest.fixture
def new_player(api):
    """``new_player(name, device)`` → an APIClient of a new anonymous player (``.token``,
    ``.player_id``), created through ``POST /players``."""

    def make(name="ann", device="first device"):
        response = post(api, url("players"), {"name": name, "device": device})
        assert response.status_code == 201, response.content
        client = client_with(response.json()["token"])
        client.player_id = response.json()["id"]
        return client

    return make


@pytest.fixture
def account(new_player):
    """``account(username, password, email=...)`` → (client, 201 body with recovery codes)."""

    def make(username="ann_k", password=PASSWORD, name="ann", **extra):
        client = new_player(name)
        response = post(
            client, url("account"), {"username": username, "password": password, **extra}
        )
        assert response.status_code == 201, response.content
        return client, response.json()

    return make


def sign_in(api, username, password=PASSWORD, device="second device", **extra):
    return post(
        api,
        url("account", "sign-in"),
        {"username": username, "password": password, "device": device},
        **extra,
    )


def at_once(*calls):
    """Run the calls on threads released together (a barrier); their results in call order.
    Each thread closes its database connection when done."""
    import threading

    from django.db import connections

    from tests.support.waiting import join_all

    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(index, call):
        barrier.wait()
        try:
            results[index] = call()
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    join_all(threads, 60, "the calls released together did not all finish")
    return results
