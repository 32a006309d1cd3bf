"""The leaderboard: SPEC §7 order with ties, figures from stored games, cursors, around=me."""

import datetime as dt
from urllib.parse import urlencode

import pytest

from games.models import DailyBoard, Game, LeaderboardEntry
from games.moderation import services as moderation
from games.play.standings import standing_of
from tests.support.api import url

from .helpers import DAY, WIN, WIN_SCORE, at, attempt, board

pytestmark = pytest.mark.django_db(transaction=True)

PAIR, TRIPLE = [["P1", "P2"]], [["R1", "R2", "R3"]]
ORDER = ["bea", "cid", "hal", "ivy", "ann", "eve", "dan", "gus", "fay"]


@pytest.fixture
def field(new_player, fake_clock, daily_deal):
    """Nine ranked attempts ending every way, a practice win and an unfinished attempt."""
    players = {name: new_player(name) for name in [*ORDER, "kim", "lee"]}
    plan = {  # name: (start, end, moves, resign)
        "bea": (at(10), at(10, 0, 30), WIN, False),  # won in 30 s
        "cid": (at(10, 1), at(10, 1, 30), WIN, False),  # won in 30 s, ended later
        "ann": (at(10), at(10, 1), WIN, False),  # won in 60 s
        "hal": (at(13), at(13, 0, 45), WIN, False),  # won in 45 s, same end as ivy,
        "ivy": (at(13), at(13, 0, 45), WIN, False),  # ... lower game id goes first
        "eve": (at(11), at(11, 0, 5), PAIR + TRIPLE, True),  # 25 points in 5 s
        "dan": (at(11), at(11, 0, 10), PAIR + TRIPLE, True),  # 25 points in 10 s
        "gus": (at(12), at(12, 0, 1), PAIR, True),  # 10 points
        "fay": (at(12), at(12), [], True),  # 0 points
    }
    games = {}
    for name in ["bea", "cid", "ann", "hal", "ivy", "eve", "dan", "gus", "fay"]:
        start, end, moves, resign = plan[name]
        games[name] = attempt(players[name], fake_clock, start, end, moves, resign)
    attempt(players["kim"], fake_clock, at(9), at(9, 5), [["P1", "P2"]], True)  # kim's ranked
    attempt(players["kim"], fake_clock, at(9, 6), at(9, 7), WIN)  # kim's practice
    attempt(players["lee"], fake_clock, at(14), at(14, 1), PAIR)  # still playing
    fake_clock.set(at(15))
    return players, games


def names(body):
    return [entry["player"]["name"] for entry in body["results"]]


def test_full_order_and_figures(api, field):
    players, games = field
    body = board(api).json()
    # kim resigned a ranked attempt with one pair (10 points in 5 minutes): after gus's 1 s.
    assert names(body) == ["bea", "cid", "hal", "ivy", "ann", "eve", "dan", "gus", "kim", "fay"]
    assert body["total"] == 10 and body["closed"] is False and body["date"] == "2031-03-14"
    assert body["closes_at"] == "2031-03-15T00:00:00Z" and body["next"] is body["previous"] is None
    first = body["results"][0]
    assert first == {
        "rank": 1,
        "player": {"id": players["bea"].id, "name": "bea"},
        "game_id": games["bea"]["id"],
        "result": "won",
        "score": WIN_SCORE,
        "moves": 5,
        "elapsed_ms": 30_000,
        "ended_at": "2031-03-14T10:00:30Z",
    }
    by_name = {e["player"]["name"]: e for e in body["results"]}
    assert by_name["hal"]["game_id"] < by_name["ivy"]["game_id"]
    assert (by_name["eve"]["result"], by_name["eve"]["score"], by_name["eve"]["elapsed_ms"]) == (
        "resigned",
        25,
        5_000,
    )
    assert (by_name["fay"]["score"], by_name["fay"]["moves"]) == (0, 0)
    assert "lee" not in by_name  # unfinished: enters when it ends or at the close


def test_every_figure_comes_from_the_stored_game(api, field):
    for entry in board(api).json()["results"]:
        game = Game.objects.get(pk=entry["game_id"])
        assert game.ranked and game.daily_date == DAY and game.owner_id == entry["player"]["id"]
        assert (entry["result"], entry["score"], entry["moves"]) == (
            game.status,
            game.score,
            game.moves,
        )
        assert entry["elapsed_ms"] == (game.finished_at - game.started_at) // dt.timedelta(
            milliseconds=1
        )
        assert entry["ended_at"] == game.finished_at.isoformat().replace("+00:00", "Z")


def test_a_client_cannot_send_figures(field):
    players, _ = field
    lee = players["lee"]
    game_id = Game.objects.get(owner_id=lee.id, ranked=True).pk
    response = lee.client.post(
        url("games", game_id, "resign"), {"score": 999, "elapsed_ms": 1}, format="json"
    )
    assert response.status_code == 400 and set(response.json()["fields"]) == {"score", "elapsed_ms"}
    assert not LeaderboardEntry.objects.filter(game_id=game_id).exists()


def test_cursor_pages_walk_the_whole_board_both_ways(api, field):
    pages, cursor = [], None
    while True:
        body = board(api, limit=4, **({"cursor": cursor} if cursor else {})).json()
        pages.append(body)
        cursor = body["next"]
        if cursor is None:
            break
    assert [len(p["results"]) for p in pages] == [4, 4, 2]
    ranks = [e["rank"] for p in pages for e in p["results"]]
    assert ranks == list(range(1, 11))
    assert [n for p in pages for n in names(p)] == names(board(api).json())
    assert pages[0]["previous"] is None and all(p["total"] == 10 for p in pages)
    back = board(api, limit=4, cursor=pages[2]["previous"]).json()
    assert back["results"] == pages[1]["results"]
    back = board(api, limit=4, cursor=back["previous"]).json()
    assert back["results"] == pages[0]["results"] and back["previous"] is None


def test_around_me_gives_my_rank_and_my_neighbours(field):
    players, _ = field
    body = board(players["dan"].client, around="me", limit=3).json()
    assert names(body) == ["eve", "dan", "gus"] and [e["rank"] for e in body["results"]] == [
        6,
        7,
        8,
    ]
    assert body["me"]["rank"] == 7 and body["me"]["player"]["name"] == "dan"
    more = board(players["dan"].client, limit=3, cursor=body["next"]).json()
    assert names(more) == ["kim", "fay"] and more["results"][0]["rank"] == 9
    top = board(players["bea"].client, around="me", limit=3).json()
    assert names(top) == ["bea", "cid", "hal"] and top["previous"] is None
    last = board(players["fay"].client, around="me").json()
    assert names(last)[-1] == "fay" and len(last["results"]) == 6 and last["next"] is None
    assert last["me"]["rank"] == 10


def test_my_entry_comes_with_any_page(field):
    players, _ = field
    body = board(players["gus"].client, limit=2).json()
    assert names(body) == ["bea", "cid"] and body["me"]["rank"] == 8
    assert board(players["lee"].client).json()["me"] is None


def test_disqualified_attempts_leave_the_board_and_can_come_back(api, field):
    players, games = field
    moderation.disqualify(None, games["cid"]["id"], "shared the solution")
    body = board(api).json()
    assert "cid" not in names(body) and body["total"] == 9
    assert [e["rank"] for e in body["results"][:3]] == [1, 2, 3] and names(body)[1] == "hal"
    response = board(players["cid"].client, around="me")
    assert response.status_code == 404 and response.json()["code"] == "not_on_leaderboard"
    moderation.reinstate(None, games["cid"]["id"], "appeal accepted")
    assert names(board(api).json())[:3] == ["bea", "cid", "hal"]


@pytest.mark.parametrize(
    "params, code",
    [
        ({"limit": 0}, "invalid_page_size"),
        ({"limit": 101}, "invalid_page_size"),
        ({"limit": "ten"}, "invalid_page_size"),
        ({"cursor": "garbage"}, "invalid_cursor"),
        ({"cursor": ""}, "invalid_cursor"),
        ({"around": "you"}, "invalid_around"),
        ({"around": "me", "cursor": "x"}, "invalid_request"),
    ],
)
def test_bad_parameters_are_refused(field, params, code):
    players, _ = field
    response = board(players["ann"].client, **params)
    assert response.status_code == 400 and response.json()["code"] == code
    assert response.json()["message"]


def test_tampered_and_foreign_cursors_are_refused(api, field, fake_clock):
    cursor = board(api, limit=2).json()["next"]
    tampered = cursor[:-3] + ("AAA" if not cursor.endswith("AAA") else "BBB")
    assert board(api, cursor=tampered).json()["code"] == "invalid_cursor"
    fake_clock.set(at(1, day=DAY + dt.timedelta(days=1)))
    elsewhere = board(api, date=DAY - dt.timedelta(days=1), cursor=cursor)
    assert elsewhere.status_code == 400 and elsewhere.json()["code"] == "invalid_cursor"


@pytest.mark.parametrize(
    "date, code",
    [
        ("2031-3-14", "invalid_date"),
        ("2031-02-30", "invalid_date"),
        ("today", "invalid_date"),
        ("20310314", "invalid_date"),
        ("2031-03-15", "date_in_future"),
        ("9999-12-31", "date_in_future"),
    ],
)
def test_bad_dates_are_refused(api, daily_deal, date, code):
    response = api.get(url("daily", date, "leaderboard"))
    assert response.status_code == 400 and response.json()["code"] == code
    assert not DailyBoard.objects.exclude(date=DAY).exists()


def test_around_me_needs_a_token(api, daily_deal):
    response = board(api, around="me")
    assert response.status_code == 401 and response.json()["code"] == "not_authenticated"


def test_a_board_nobody_played_is_empty_and_stores_nothing(api, daily_deal):
    body = board(api, date=dt.date(2020, 1, 1)).json()
    assert (body["total"], body["results"], body["closed"], body["me"]) == (0, [], True, None)
    assert not DailyBoard.objects.filter(date=dt.date(2020, 1, 1)).exists()


def test_standing_orders_won_then_score_then_time():
    s = standing_of
    assert s(True, 10, 10**9) < s(False, 500, 0)  # won before any score
    assert s(False, 30, 10**9) < s(False, 25, 0)  # then higher score
    assert s(False, 25, 999) < s(False, 25, 1000)  # then less time
    assert s(True, 520, 2**40) == s(True, 520, 2**31 - 1) < 2**53  # capped, exact in a double


def test_pages_link_their_neighbours(api, field):
    first = board(api, limit=4)
    query = urlencode({"limit": 4, "cursor": first.json()["next"]})
    assert first["Link"] == f'<http://testserver{first.wsgi_request.path}?{query}>; rel="next"'
    second = board(api, limit=4, cursor=first.json()["next"])
    rels = [part.split("; ")[1] for part in second["Link"].split(", ")]
    assert rels == ['rel="next"', 'rel="prev"']
