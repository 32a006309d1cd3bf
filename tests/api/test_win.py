"""Win a whole HM1 deal over the API: 48 moves, 520 points, then nothing can change it.

The winning moves come from the test-only solver in ``tests/support/solver.py`` (never reachable
by players).
"""

import pytest
from django.conf import settings
from django.utils.dateparse import parse_datetime

from tests.support.api import post, url
from tests.support.solver import find_winnable_code

from .helpers import refused, replayed_equals_stored

pytestmark = pytest.mark.django_db


def test_win_a_game_over_the_api(game_of):
    code, winning = find_winnable_code(key=settings.HALFMOON_DEAL_KEY)
    assert len(winning) == 48
    client, game = game_of(code.text)
    game_id, version = game["id"], game["version"]

    *by_moves, last = winning
    for number, move in enumerate(by_moves, start=1):
        response = post(
            client,
            url("games", game_id, "moves"),
            {"positions": [p.name for p in move.positions], "expected_version": version},
        )
        assert response.status_code == 200, (number, response.content)
        game = response.json()
        assert (game["moves"], game["status"], game["finished_at"]) == (number, "playing", None)
        version = game["version"]

    # The last removal by taps, as a touch client would make it.
    for position in last.positions:
        tapped = post(client, url("games", game_id, "taps"), {"position": position.name}).json()
    assert tapped["removed"] is not None
    won = tapped["game"]
    assert (won["status"], won["moves"], won["score"], won["cards_left"]) == ("won", 48, 520, 0)
    assert won["can_undo"] is False and won["selection"] == []
    assert all(p["count"] == 0 and p["top"] is None for p in won["piles"])
    assert all(r["card"] is None for r in won["reserve"])
    finished = parse_datetime(won["finished_at"])
    assert finished >= parse_datetime(won["clock_started_at"])
    assert won["elapsed_ms"] == int(
        (finished - parse_datetime(won["clock_started_at"])).total_seconds() * 1000
    )
    assert client.get(url("games", game_id)).json() == won

    for action, body in (
        ("moves", {"positions": ["P1", "P2"]}),
        ("undo", {}),
        ("taps", {"position": "P1"}),
        ("resign", {}),
    ):
        error = refused(
            game_id, lambda: post(client, url("games", game_id, action), body), 400, "game_finished"
        )
        assert error["status"] == "won"

    log = client.get(url("games", game_id, "log")).json()
    assert [e["seq"] for e in log["entries"]] == list(range(1, won["version"] + 1))
    assert sum(bool(e["removed"]) for e in log["entries"]) == 48
    assert replayed_equals_stored(game_id)
    [listed] = client.get(url("games"), {"status": "won"}).json()["results"]
    assert listed["id"] == game_id
