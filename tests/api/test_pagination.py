"""One pagination style for every list: ``{"results", "next", "previous"}`` with opaque
cursors, ``?limit=`` / ``?cursor=``, and ``Link`` headers (rel next/prev)."""

import re
from urllib.parse import parse_qs, urlsplit

import pytest

from games.models import GameEvent
from games.players import services as players
from tests.support.api import assert_error, post, url

pytestmark = pytest.mark.django_db

LINK = re.compile(r'<(?P<target>[^>]+)>; rel="(?P<rel>next|prev)"')


def links(response) -> dict[str, str]:
    if not response.has_header("Link"):
        return {}
    return {m["rel"]: m["target"] for m in LINK.finditer(response["Link"])}


def follow(client, target: str):
    parts = urlsplit(target)
    return client.get(parts.path, {k: v[0] for k, v in parse_qs(parts.query).items()})


def test_games_pages_forward_and_back_by_cursor_and_link(player_client):
    client, _ = player_client()
    ids = [post(client, url("games"), {}).json()["id"] for _ in range(5)]
    newest_first = ids[::-1]
    first = client.get(url("games"), {"limit": 2, "status": "playing"})
    page = first.json()
    assert [g["id"] for g in page["results"]] == newest_first[:2]
    assert page["previous"] is None and page["next"]
    assert page["next_before"] == newest_first[1]  # still there for older clients
    assert set(links(first)) == {"next"}
    assert "status=playing" in links(first)["next"] and "limit=2" in links(first)["next"]

    second = follow(client, links(first)["next"])
    assert [g["id"] for g in second.json()["results"]] == newest_first[2:4]
    assert set(links(second)) == {"next", "prev"}
    third = client.get(url("games"), {"limit": 2, "cursor": second.json()["next"]}).json()
    assert [g["id"] for g in third["results"]] == newest_first[4:]
    assert third["next"] is None and third["previous"]

    back = client.get(url("games"), {"limit": 2, "cursor": third["previous"]}).json()
    assert [g["id"] for g in back["results"]] == newest_first[2:4]
    back = follow(client, links(second)["prev"]).json()
    assert [g["id"] for g in back["results"]] == newest_first[:2]
    assert back["previous"] is None


def test_the_old_before_parameter_still_pages(player_client):
    client, _ = player_client()
    ids = [post(client, url("games"), {}).json()["id"] for _ in range(3)]
    page = client.get(url("games"), {"limit": 1, "before": ids[2]}).json()
    assert [g["id"] for g in page["results"]] == [ids[1]]


@pytest.mark.parametrize("cursor", ["nonsense", "", "a:b:c"])
def test_a_cursor_not_given_out_is_refused(player_client, cursor):
    client, _ = player_client()
    assert_error(client.get(url("games"), {"cursor": cursor}), 400, "invalid_cursor")


def test_a_cursor_of_another_list_is_refused(player_client, table):
    client, game = table()
    for _ in range(3):
        post(client, url("games", game["id"], "taps"), {"position": "P1"})
    log_cursor = client.get(url("games", game["id"], "log"), {"limit": 1}).json()["next"]
    assert_error(client.get(url("games"), {"cursor": log_cursor}), 400, "invalid_cursor")
    _, other = table(client=client)
    assert_error(
        client.get(url("games", other["id"], "log"), {"cursor": log_cursor}), 400, "invalid_cursor"
    )


def test_cursor_and_before_together_are_refused(player_client):
    client, _ = player_client()
    for _ in range(3):
        post(client, url("games"), {})
    cursor = client.get(url("games"), {"limit": 1}).json()["next"]
    error = assert_error(
        client.get(url("games"), {"cursor": cursor, "before": 5}), 400, "invalid_request"
    )
    assert "before" in error["fields"]


def test_the_log_resyncs_after_a_seq_and_pages(table):
    client, game = table()
    log_path = url("games", game["id"], "log")
    for position in ["P1", "P1", "P1", "P1", "P1"]:  # select, deselect, … five entries
        post(client, url("games", game["id"], "taps"), {"position": position})
    assert GameEvent.objects.filter(game_id=game["id"]).count() == 5
    whole = client.get(log_path).json()
    assert [e["seq"] for e in whole["results"]] == [1, 2, 3, 4, 5]
    assert whole["entries"] == whole["results"] and whole["next"] is None

    after = client.get(log_path, {"after": 3}).json()
    assert [e["seq"] for e in after["results"]] == [4, 5]
    assert after["version"] == 5

    first = client.get(log_path, {"after": 1, "limit": 2})
    assert [e["seq"] for e in first.json()["results"]] == [2, 3]
    following = follow(client, links(first)["next"])
    assert "after" not in links(first)["next"]
    assert [e["seq"] for e in following.json()["results"]] == [4, 5]
    assert following.json()["next"] is None
    assert client.get(log_path, {"after": 5}).json()["results"] == []
    assert_error(client.get(log_path, {"after": -1}), 400, "invalid_request")


def test_device_tokens_are_a_paged_list(player_client):
    client, player = player_client()
    for number in range(3):
        players.issue_token(player, f"device {number}", "password")
    first = client.get(url("players", "me", "tokens"), {"limit": 2})
    page = first.json()
    assert len(page["results"]) == 2 and page["next"] and page["previous"] is None
    rest = follow(client, links(first)["next"]).json()
    everything = client.get(url("players", "me", "tokens")).json()
    assert [d["id"] for d in page["results"] + rest["results"]] == [
        d["id"] for d in everything["results"]
    ]
    assert everything["next"] is None and everything["previous"] is None


@pytest.mark.parametrize("path", [("games",), ("players", "me", "tokens"), ("ratings",)])
def test_every_list_has_the_same_envelope(player_client, path):
    client, _ = player_client()
    body = client.get(url(*path)).json()
    assert {"results", "next", "previous"} <= set(body)
    assert_error(client.get(url(*path), {"limit": 0}), 400, "invalid_page_size")
