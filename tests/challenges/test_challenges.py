"""Challenges through REST (SPEC §11): made of an ended game, played as fresh casual games,
ranked on their own board; every refusal with its code and nothing changed."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from games.core import clock
from games.models import Challenge, ChallengeAttempt, Game
from games.play.standings import standing_of
from tests.daily.helpers import DAY, NOON, store_daily_layout
from tests.support.api import assert_error, url

from .helpers import CARDS, Challenger, small_deal

pytestmark = pytest.mark.django_db


@pytest.fixture
def deal():
    return small_deal()


@pytest.fixture
def made(deal):
    """Ana won the small deal and made a challenge of it."""
    ana = Challenger("Ana")
    game = ana.start(deal)
    ana.win(game["id"])
    return ana, game, ana.made_challenge(game["id"])


def _counts():
    return Challenge.objects.count(), ChallengeAttempt.objects.count(), Game.objects.count()


def test_a_challenge_is_made_once_of_an_ended_game_with_an_unguessable_code(made):
    ana, game, challenge = made
    assert len(challenge["code"]) >= 16  # 144 bits, URL-safe
    assert challenge["link"] == f"/#/challenge/{challenge['code']}"
    assert challenge["creator"] == {"id": ana.id, "name": "Ana"}
    assert challenge["result"]["status"] == "won" and challenge["result"]["score"] == 55
    again = ana.challenge(game["id"])
    assert again.status_code == 200 and again.json()["code"] == challenge["code"]
    assert Challenge.objects.count() == 1


def test_a_challenger_plays_a_fresh_casual_game_and_enters_the_board(made, deal):
    _, _, challenge = made
    bo = Challenger("Bo")
    game = bo.play(challenge["code"])
    assert game["deal_code"] == deal and game["moves"] == 0 and not game["ranked"]
    assert game["daily_date"] is None and game["owner"]["id"] == bo.id
    assert bo.board(challenge["code"]).json()["total"] == 0  # on the board only once ended
    bo.resign(game["id"])
    board = bo.board(challenge["code"]).json()
    assert board["total"] == 1 and board["results"][0]["player"]["id"] == bo.id
    assert board["results"][0]["rank"] == 1 and board["me"]["rank"] == 1
    mine = bo.look(challenge["code"]).json()["me"]
    assert mine["line_open"] and mine["attempt"]["counted"]


def test_the_board_is_the_section_7_order_with_ties_shared_and_cursor_pages(made, deal):
    _, _, challenge = made
    players = [Challenger(f"P{i}") for i in range(4)]
    moment = clock.now()
    for i, player in enumerate(players):
        game = player.play(challenge["code"])
        if i == 0:
            player.win(game["id"])
        else:
            player.resign(game["id"])
    # the three resigned at score 0: give two of them the same elapsed time and end
    resigned = ChallengeAttempt.objects.filter(result="resigned").order_by("game_id")
    first, second, _third = list(resigned)
    for attempt in (first, second):
        Game.objects.filter(pk=attempt.game_id).update(started_at=moment)
    ChallengeAttempt.objects.filter(pk__in=[first.pk, second.pk]).update(
        elapsed_ms=1000, ended_at=moment, standing=first.standing - first.elapsed_ms + 1000
    )
    ChallengeAttempt.objects.filter(pk=_third.pk).update(standing=first.standing + 10_000)
    rows = players[0].board(challenge["code"]).json()["results"]
    assert [r["rank"] for r in rows] == [1, 2, 2, 4]
    assert rows[0]["result"] == "won"
    assert rows[1]["game_id"] < rows[2]["game_id"]  # a tie listed by game id
    page = players[0].board(challenge["code"], limit=2).json()
    assert [r["rank"] for r in page["results"]] == [1, 2] and page["previous"] is None
    rest = players[0].board(challenge["code"], limit=2, cursor=page["next"]).json()
    assert [r["rank"] for r in rest["results"]] == [2, 4] and rest["next"] is None
    back = players[0].board(challenge["code"], limit=2, cursor=rest["previous"]).json()
    assert back["results"] == page["results"]


def test_a_cursor_of_another_challenge_is_refused(made, deal):
    ana, game, challenge = made
    for name in ("Bo", "Cy"):
        player = Challenger(name)
        player.resign(player.play(challenge["code"])["id"])
    page = ana.board(challenge["code"], limit=1).json()
    other_game = ana.start(small_deal(777))
    ana.resign(other_game["id"])
    other = ana.made_challenge(other_game["id"])
    assert_error(ana.board(other["code"], cursor=page["next"]), 400, "invalid_cursor")


def test_the_creators_line_opens_to_a_challenger_only_once_their_own_game_ended(made):
    ana, ana_game, challenge = made
    bo = Challenger("Bo")
    game = bo.play(challenge["code"])
    assert bo.look(challenge["code"]).json()["me"]["creator_game_id"] is None
    assert_error(bo.client.get(url("games", ana_game["id"], "log")), 403, "game_private")
    assert_error(bo.client.get(url("games", ana_game["id"])), 403, "game_private")
    bo.resign(game["id"])
    assert bo.look(challenge["code"]).json()["me"]["creator_game_id"] == ana_game["id"]
    log = bo.client.get(url("games", ana_game["id"], "log"))
    assert log.status_code == 200 and len(log.json()["results"]) == 5
    # the creator sees the ended attempts at their challenge; a stranger sees neither
    assert ana.client.get(url("games", game["id"], "log")).status_code == 200
    cy = Challenger("Cy")
    assert_error(cy.client.get(url("games", ana_game["id"], "log")), 403, "game_private")
    assert_error(cy.client.get(url("games", game["id"], "log")), 403, "game_private")


def test_an_attempt_still_played_is_not_seen_by_the_other_challengers(made):
    _, _, challenge = made
    bo, cy = Challenger("Bo"), Challenger("Cy")
    cy.resign(cy.play(challenge["code"])["id"])
    playing = bo.play(challenge["code"])
    assert_error(cy.client.get(url("games", playing["id"])), 403, "game_private")


def test_the_creator_plays_their_own_challenge_as_practice_off_the_board(made):
    ana, _, challenge = made
    game = ana.play(challenge["code"])
    ana.resign(game["id"])
    assert ana.board(challenge["code"]).json()["total"] == 0
    assert ana.look(challenge["code"]).json()["me"]["attempt"]["counted"] is False


def test_only_a_first_blind_game_counts(made, deal):
    _, _, challenge = made
    bo = Challenger("Bo")
    bo.resign(bo.play(challenge["code"])["id"])
    second = bo.play(challenge["code"])  # the line is open to Bo now: practice
    bo.win(second["id"])
    board = bo.board(challenge["code"]).json()
    assert board["total"] == 1 and board["results"][0]["result"] == "resigned"
    cy = Challenger("Cy")
    cy.resign(cy.start(deal)["id"])  # Cy knows the deal already
    cy.resign(cy.play(challenge["code"])["id"])
    assert cy.board(challenge["code"]).json()["total"] == 1


def test_an_attempt_at_a_watchable_line_is_practice(made):
    ana, ana_game, challenge = made
    assert (
        ana.client.patch(
            url("games", ana_game["id"]), {"watchable": True}, format="json"
        ).status_code
        == 200
    )
    bo = Challenger("Bo")
    bo.resign(bo.play(challenge["code"])["id"])
    assert bo.board(challenge["code"]).json()["total"] == 0


def test_a_disqualified_game_leaves_the_board(made):
    _, _, challenge = made
    bo = Challenger("Bo")
    game = bo.play(challenge["code"])
    bo.resign(game["id"])
    Game.objects.filter(pk=game["id"]).update(disqualified_at=clock.now())
    assert bo.board(challenge["code"]).json()["total"] == 0


# -- refusals: a stable code each, nothing changed ---------------------------------------------
def test_an_unknown_code_is_refused_and_changes_nothing(made):
    bo = Challenger("Bo")
    before = _counts()
    assert_error(bo.look("not-a-real-code"), 404, "challenge_not_found")
    assert_error(bo.board("not-a-real-code"), 404, "challenge_not_found")
    response = bo.client.post(url("challenges", "not-a-real-code", "games"), {}, format="json")
    assert_error(response, 404, "challenge_not_found")
    assert _counts() == before


def test_guessing_codes_is_throttled(made, settings):
    settings.HALFMOON_THROTTLE_RATES = {
        **settings.HALFMOON_THROTTLE_RATES,
        "challenge_lookup": "3/min",
    }
    _, _, challenge = made
    bo = Challenger("Bo")
    for guess in range(3):
        assert_error(bo.look(f"guess-{guess}"), 404, "challenge_not_found")
    throttled = bo.look(challenge["code"])  # even the right code: the budget is spent
    assert_error(throttled, 429, "throttled")
    assert "Retry-After" in throttled
    anonymous = Challenger("Cy").client
    anonymous.credentials()
    for _ in range(3):
        assert anonymous.get(url("challenges", "x")).status_code == 404
    assert_error(anonymous.get(url("challenges", "x")), 429, "throttled")


def test_a_game_not_yet_ended_is_refused(deal):
    ana = Challenger("Ana")
    game = ana.start(deal)
    ana.move(game["id"], ["P1", "P2"])
    before = _counts()
    assert_error(ana.challenge(game["id"]), 409, "challenge_game_not_over")
    assert _counts() == before


def test_a_stalled_game_is_not_ended(db):
    # P1 5S and P2 6D only... a layout with no removal at all: stalled from the start
    from games.engine import DealCode, Layout
    from games.models import Deal

    code = DealCode(999).text
    Deal.objects.update_or_create(
        code=code,
        defaults={"layout": Layout.build([["5S"], ["5D"]] + [[]] * 10, [None] * 8).to_text()},
    )
    ana = Challenger("Ana")
    game = ana.start(code)
    assert game["status"] == "stalled"
    assert_error(ana.challenge(game["id"]), 409, "challenge_game_not_over")
    assert Challenge.objects.count() == 0


def test_another_players_game_is_refused(deal):
    ana, bo = Challenger("Ana"), Challenger("Bo")
    game = ana.start(deal)
    ana.win(game["id"])
    assert_error(bo.challenge(game["id"]), 403, "not_your_game")
    assert_error(bo.challenge(10**9), 404, "game_not_found")
    assert Challenge.objects.count() == 0


def test_todays_daily_deal_is_refused_until_the_day_closes(monkeypatch):
    from tests.daily.helpers import FakeClock

    fake = FakeClock(NOON)
    monkeypatch.setattr(clock, "now", fake)
    store_daily_layout(DAY)
    ana = Challenger("Ana")
    game = ana.client.post(url("games"), {"daily": True}, format="json").json()
    ana.win(game["id"])
    body = assert_error(ana.challenge(game["id"]), 409, "challenge_daily_open")
    assert body["opens_at"].startswith("2031-03-15")
    assert Challenge.objects.count() == 0
    fake.advance(days=1)
    assert ana.challenge(game["id"]).status_code == 201


def test_a_running_races_deal_is_refused(deal, settings):
    from games.models import Race

    ana = Challenger("Ana")
    game = ana.start(deal)
    ana.win(game["id"])
    host = Challenger("Host")
    Race.objects.create(
        host_id=host.id,
        seats=2,
        time_limit_s=600,
        status=Race.Status.RUNNING,
        deal=Game.objects.get(pk=game["id"]).deal,
        starts_at=clock.now(),
        ends_at=clock.now() + dt.timedelta(minutes=10),
    )
    assert_error(ana.challenge(game["id"]), 409, "deal_in_race")
    assert Challenge.objects.count() == 0


def test_starting_a_challenge_whose_deal_a_race_took_up_is_refused(made):
    from games.models import Race

    _, ana_game, challenge = made
    host = Challenger("Host")
    Race.objects.create(
        host_id=host.id,
        seats=2,
        time_limit_s=600,
        status=Race.Status.RUNNING,
        deal=Game.objects.get(pk=ana_game["id"]).deal,
        starts_at=clock.now(),
        ends_at=clock.now() + dt.timedelta(minutes=10),
    )
    bo = Challenger("Bo")
    before = _counts()
    response = bo.client.post(url("challenges", challenge["code"], "games"), {}, format="json")
    assert_error(response, 409, "deal_in_race")
    assert _counts() == before


# -- leaks -----------------------------------------------------------------------------------
def test_nothing_before_a_challengers_game_shows_a_card_or_the_deal(made, deal):
    """Walk every answer a challenger gets before their game starts: no deal code, no card."""
    ana, ana_game, challenge = made
    watcher = Challenger("Other")
    other = watcher.play(challenge["code"])
    watcher.resign(other["id"])
    bo = Challenger("Bo")
    answers = [
        bo.look(challenge["code"]),
        bo.board(challenge["code"]),
        bo.board(challenge["code"], limit=1),
        bo.client.get(url("games", ana_game["id"])),
        bo.client.get(url("games", ana_game["id"], "log")),
        bo.client.get(url("games", other["id"])),
        bo.client.get(url("games", other["id"], "log")),
    ]
    anonymous = Challenger("Anon").client
    anonymous.credentials()
    answers += [
        anonymous.get(url("challenges", challenge["code"])),
        anonymous.get(url("challenges", challenge["code"], "board")),
    ]
    for response in answers:
        text = response.content.decode()
        assert deal not in text, text
        found = {card for card in CARDS if f'"{card}"' in text or f"={card}" in text}
        assert not found, (response.request["PATH_INFO"], found, text)
    assert json.loads(answers[0].content)["me"] is None


# -- replays ---------------------------------------------------------------------------------
def test_a_replay_steps_through_the_engines_replay_of_the_log(made):
    ana, game, challenge = made
    start = ana.client.get(url("games", game["id"], "replay", 0)).json()
    assert start["steps"] == 5 and start["entry"] is None
    assert start["game"]["moves"] == 0 and start["game"]["status"] == "playing"
    third = ana.client.get(url("games", game["id"], "replay", 3)).json()
    assert third["game"]["moves"] == 3 and third["entry"]["seq"] == 3
    assert third["entry"]["positions"] == ["R1", "R2", "R3"]
    end = ana.client.get(url("games", game["id"], "replay", 5)).json()
    assert end["game"]["status"] == "won" and end["game"]["score"] == 55
    assert_error(
        ana.client.get(url("games", game["id"], "replay", 6)), 404, "replay_step_out_of_range"
    )


def test_a_replay_is_seen_by_whoever_may_see_the_game_and_no_sooner(made):
    """The creator's line replays to a challenger once their own game ended, not before; a
    step shows only what the table showed then (the hidden 9C never)."""
    _, game, challenge = made
    bo = Challenger("Bo")
    played = bo.play(challenge["code"])
    for step in (0, 5):
        response = bo.client.get(url("games", game["id"], "replay", step))
        assert_error(response, 403, "game_private")
    bo.resign(played["id"])
    for step in range(6):
        response = bo.client.get(url("games", game["id"], "replay", step))
        assert response.status_code == 200
        assert '"9C"' not in response.content.decode() or step >= 4  # shown once uncovered


def test_the_creators_result_stands_on_the_board_marked_where_it_ranks(made):
    """The result to beat is on the board (issue 38): not an attempt, in no total, with the
    place it holds among the counted attempts — behind a faster winner, ahead of resignations."""
    ana, game, challenge = made
    board = ana.board(challenge["code"]).json()
    assert board["total"] == 0 and board["results"] == []
    creator = board["creator"]
    assert creator["player"] == {"id": ana.id, "name": "Ana"} and creator["game_id"] == game["id"]
    assert (creator["rank"], creator["result"], creator["score"]) == (1, "won", 55)
    bo, cy = Challenger("Bo"), Challenger("Cy")
    bo.resign(bo.play(challenge["code"])["id"])
    assert ana.board(challenge["code"]).json()["creator"]["rank"] == 1  # a win leads
    won = cy.play(challenge["code"])
    cy.win(won["id"])
    # Cy won faster than Ana (Ana's win took the clock's time; Cy's none): Cy leads.
    ChallengeAttempt.objects.filter(game_id=won["id"]).update(
        elapsed_ms=0, standing=standing_of(True, 55, 0)
    )
    board = ana.board(challenge["code"]).json()
    assert [row["player"]["name"] for row in board["results"]] == ["Cy", "Bo"]
    assert board["total"] == 2 and board["creator"]["rank"] == 2
    # ?among=following: the creator's row only when the creator is among them.
    assert bo.board(challenge["code"], among="following").json()["creator"] is None
