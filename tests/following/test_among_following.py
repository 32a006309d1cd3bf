"""``?among=following`` on the daily and season boards: the caller and those they follow only,
ranked among themselves, showing nothing the whole board does not."""

import datetime as dt

import pytest

from tests.daily.helpers import DAY, WIN, at, attempt, board
from tests.seasons.helpers import SATURDAY, play_two_days, run_jobs, season_board
from tests.support.api import assert_error, url

#: Transactional, each building boards of several players: `make test` runs it, not `test-fast`.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

PAIR = [["P1", "P2"]]


def names(body):
    return [(e["player"]["name"], e["rank"]) for e in body["results"]]


@pytest.fixture
def day(new_player, fake_clock, daily_deal):
    """Five ranked attempts today, best first: ann, bea, cid, dan, eve. dan follows bea, eve."""
    players = {name: new_player(name) for name in ("ann", "bea", "cid", "dan", "eve")}
    for i, name in enumerate(players):
        attempt(players[name], fake_clock, at(9), at(9, 0, 10 * (i + 1)), WIN)
    for other in ("bea", "eve"):
        players["dan"].client.put(url("players", "me", "following", players[other].id))
    fake_clock.set(at(15))
    return players


def test_the_daily_board_among_the_followed_ranks_among_them(day):
    dan = day["dan"].client
    whole = board(dan).json()
    among = board(dan, among="following").json()
    assert names(among) == [("bea", 1), ("dan", 2), ("eve", 3)]
    assert among["total"] == 3 and among["me"]["rank"] == 2
    assert [r["rank"] for r in whole["results"]] == [1, 2, 3, 4, 5]
    by_game = {e["game_id"]: e for e in whole["results"]}
    for entry in among["results"]:  # the same entries as on the board: only the rank differs
        assert {**entry, "rank": None} == {**by_game[entry["game_id"]], "rank": None}
    page = board(dan, among="following", limit=1).json()
    rest = board(dan, among="following", limit=2, cursor=page["next"]).json()
    assert names(rest) == [("dan", 2), ("eve", 3)]
    around = board(dan, among="following", around="me", limit=1).json()
    assert names(around) == [("dan", 2)] and around["me"]["rank"] == 2


def test_a_player_following_no_one_is_alone_among_them(day):
    ann = day["ann"].client
    assert names(board(ann, among="following").json()) == [("ann", 1)]


def test_among_needs_a_player_and_takes_only_following(api, day):
    assert_error(board(api, among="following"), 401, "not_authenticated")
    assert_error(board(day["dan"].client, among="friends"), 400, "invalid_request")


def test_the_season_board_among_the_followed(new_player, fake_clock, daily_deal):
    players = play_two_days(new_player, fake_clock)  # ann 200, cid 184, bea 117
    bea = players["bea"].client
    bea.put(url("players", "me", "following", players["ann"].id))
    fake_clock.set(at(12, day=SATURDAY + dt.timedelta(days=1)))
    run_jobs()
    among = season_board(bea, among="following").json()
    assert names(among) == [("ann", 1), ("bea", 2)] and among["total"] == 2
    assert among["me"]["rank"] == 2 and among["me"]["points"] == 117
    around = season_board(bea, among="following", around="me").json()
    assert names(around) == [("ann", 1), ("bea", 2)]
    assert names(season_board(bea).json()) == [("ann", 1), ("cid", 2), ("bea", 3)]
    assert DAY.isocalendar().week == 11


def test_the_challenge_board_among_the_followed(db):
    from tests.challenges.helpers import Challenger, small_deal

    deal = small_deal()
    ana = Challenger("Ana")
    game = ana.start(deal)
    ana.win(game["id"])
    code = ana.made_challenge(game["id"])["code"]
    bo, cy, di = Challenger("Bo"), Challenger("Cy"), Challenger("Di")
    bo.win(bo.play(code)["id"])  # first
    cy_game = cy.play(code)["id"]
    cy.move(cy_game, PAIR[0])  # 10 points: ahead of Di's 0
    cy.resign(cy_game)
    di.resign(di.play(code)["id"])
    di.client.put(url("players", "me", "following", bo.id))
    whole = di.board(code).json()
    among = di.board(code, among="following").json()
    assert [r["player"]["name"] for r in whole["results"]] == ["Bo", "Cy", "Di"]
    assert names(among) == [("Bo", 1), ("Di", 2)] and among["total"] == 2
    assert among["me"]["rank"] == 2 and whole["me"]["rank"] == 3
    anonymous = Challenger("Ed").client.__class__()
    answer = anonymous.get(url("challenges", code, "board"), {"among": "following"})
    assert_error(answer, 401, "not_authenticated")
