"""GET /games/{id}/log: every change in order, seq 1..version, replaying to the stored state."""

import pytest
from django.utils.dateparse import parse_datetime

from games.models import Game
from tests.support.api import assert_error, post, url

from .helpers import replayed_equals_stored, stored_board

pytestmark = pytest.mark.django_db


def test_a_new_game_has_an_empty_log(game_of):
    client, game = game_of()
    log = client.get(url("games", game["id"], "log")).json()
    assert log == {
        "game_id": game["id"],
        "version": 0,
        "results": [],
        "next": None,
        "previous": None,
        "entries": [],
    }


def test_scripted_game_logs_every_change_and_replays(game_of):
    client, game = game_of("HM1-N-HALFMON")
    game_id = game["id"]
    expected = []  # (kind, positions) in order

    def act(action, body=None, kind=None, positions=()):
        response = post(client, url("games", game_id, action), body or {})
        assert response.status_code == 200, response.content
        expected.append((kind or action, list(positions)))
        assert replayed_equals_stored(game_id)
        return response.json()

    def legal():
        return stored_board(game_id).legal_moves()

    first = legal()[0]
    names = [p.name for p in first.positions]
    act("moves", {"positions": names}, "move", names)
    pair = next(m for m in legal() if len(m.positions) == 2)
    a, b = (p.name for p in pair.positions)
    act("taps", {"position": b}, "tap", [b])
    act("taps", {"position": b}, "tap", [b])  # deselect
    act("taps", {"position": a}, "tap", [a])
    tapped = act("taps", {"position": b}, "tap", [b])  # completes the pair
    assert tapped["removed"] is not None
    act("undo", kind="undo")
    act("undo", kind="undo")
    for _ in range(3):
        move = legal()[-1]
        names = [p.name for p in move.positions]
        act("moves", {"positions": names}, "move", names)
    act("undo", kind="undo")
    final = act("resign", kind="resign")
    assert final["version"] == len(expected) == 12

    log = client.get(url("games", game_id, "log")).json()
    assert (log["game_id"], log["version"]) == (game_id, final["version"])
    entries = log["entries"]
    assert [e["seq"] for e in entries] == list(range(1, final["version"] + 1))
    assert [(e["kind"], e["positions"]) for e in entries] == expected
    times = [parse_datetime(e["at"]) for e in entries]
    assert times == sorted(times)

    for entry in entries:
        assert set(entry) == {"seq", "kind", "positions", "removed", "restored", "at"}
        if entry["kind"] == "move":
            assert entry["restored"] is None and len(entry["removed"]) == len(entry["positions"])
        elif entry["kind"] == "undo":
            assert entry["removed"] is None and len(entry["restored"]) in (2, 3)
        elif entry["kind"] == "resign":
            assert entry["removed"] is None and entry["restored"] is None
    # The undo right after the completing tap put back exactly what the tap removed.
    assert entries[5]["restored"] == entries[4]["removed"]
    assert entries[6]["restored"] == entries[0]["removed"]
    assert replayed_equals_stored(game_id)
    stored = Game.objects.get(pk=game_id)
    assert (stored.status, stored.score, stored.moves) == (
        "resigned",
        final["score"],
        final["moves"],
    )


def test_refused_requests_are_not_logged(table):
    client, game = table()
    post(client, url("games", game["id"], "moves"), {"positions": ["P1", "P2"]})
    post(client, url("games", game["id"], "moves"), {"positions": ["P1", "P3"]})  # 2C + 4C
    post(client, url("games", game["id"], "undo"), {"expected_version": 7})
    post(client, url("games", game["id"], "taps"), {"position": "P12"})
    log = client.get(url("games", game["id"], "log")).json()
    assert [e["seq"] for e in log["entries"]] == [1] and log["version"] == 1


def test_anyone_may_read_a_watchable_games_log_but_not_of_an_unknown_game(game_of, api):
    client, game = game_of()
    post(client, url("games", game["id"], "resign"))
    assert_error(api.get(url("games", game["id"], "log")), 403, "game_private")
    client.patch(url("games", game["id"]), {"watchable": True}, format="json")
    log = api.get(url("games", game["id"], "log")).json()
    assert [e["kind"] for e in log["entries"]] == ["resign"]
    assert_error(api.get(url("games", game["id"] + 1000, "log")), 404, "game_not_found")
