"""Results people can trust (issue 25, SPEC §8): each attack found on the races replayed, now
failing to game the result — rated and casual races, the race's deal kept for the race, aborts,
ties, one ``elapsed_ms``, provisional ratings and the same-opponent limit. Ratings are checked
against ``openskill`` called directly."""

from __future__ import annotations

import datetime as dt

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings as django_settings
from openskill.models import PlackettLuce

from games.engine import Action, Board, DealCode
from games.models import Game, GameEvent, Race, Rating
from games.moderation import services as moderation
from tests.support.api import assert_error
from tests.support.sockets import own_reply, receive, watch_game

from .helpers import ok, stored

pytestmark = pytest.mark.django_db(transaction=True)

MODEL = PlackettLuce()
START = MODEL.rating()


def at(race: dict, **delta) -> dt.datetime:
    """A moment of the race: its ``starts_at`` plus ``delta``."""
    starts_at = dt.datetime.fromisoformat(race["starts_at"].replace("Z", "+00:00"))
    return starts_at + dt.timedelta(**delta)


def own_game(member, race) -> int:
    return member.own_game_id(ok(member.race(race["id"])))


def finish_by_time(member, race, fake_clock, late_s: int = 1) -> dict:
    fake_clock.set(at(race, seconds=race["time_limit_s"] + late_s))
    finished = ok(member.race(race["id"]))
    assert finished["status"] == "finished", finished
    return finished


def game_state(game_id: int) -> tuple:
    """Everything stored of a game and its log, to compare before and after a refusal."""
    game = Game.objects.filter(pk=game_id).values().first()
    log = list(GameEvent.objects.filter(game_id=game_id).order_by("seq").values())
    return game, log


def rated_as(ids_in_order, ranks, before=None):
    """``openskill`` called directly: the ratings after a race of these players (their ratings
    before from ``before``, else new ones) with these ranks."""
    teams = [[before[i] if before else MODEL.rating()] for i in ids_in_order]
    return {
        i: team[0] for i, team in zip(ids_in_order, MODEL.rate(teams, ranks=ranks), strict=True)
    }


def skill(player_id):
    row = Rating.objects.get(player_id=player_id)
    return MODEL.rating(mu=row.mu, sigma=row.sigma)


def stalling_line(code: str) -> list[list[str]]:
    """Removals of the deal ``code`` that leave its game stalled (always the last legal move)."""
    board = Board(DealCode.parse(code).layout(django_settings.HALFMOON_DEAL_KEY))
    line = []
    while board.status.value == "playing":
        move = board.legal_moves()[-1]
        line.append([p.name for p in move.positions])
        board.apply(Action("move", move.positions))
    assert board.status.value == "stalled"
    return line


# -- a deal chosen by its creator: casual, and the race's deal is the race's -------------------
def refused_everything(member, game_id: int, line, race_id: int) -> None:
    """Every change of the game is refused with ``deal_in_race``, and nothing changes."""
    before, race_before = game_state(game_id), stored(race_id)
    for response in (
        member.move(game_id, line[5]),
        member.tap(game_id, line[5][0]),
        member.undo(game_id),
        member.resign(game_id),
    ):
        body = assert_error(response, 409, "deal_in_race")
        assert body["deal_code"] == Game.objects.get(pk=game_id).deal.code
        assert game_state(game_id) == before and stored(race_id) == race_before


@pytest.mark.slow
def test_a_race_on_a_deal_its_creator_has_played_is_casual_and_the_practice_game_waits(
    members, fake_clock, winning, settings
):
    ann, bob = members(2, account=True)
    code, line = winning
    # The attack: ann plays the deal as practice (the log shows every card; undo is allowed)...
    practice = ok(ann.post("games", body={"deal_code": code}), 201)["id"]
    for positions in line[:5]:
        ok(ann.move(practice, positions))
    ok(ann.undo(practice))
    assert ok(ann.get("games", practice, "log"))["results"][0]["removed"]
    # ... then races it: a race on a chosen deal is casual, whoever its members are.
    race = ok(ann.create(2, deal_code=code), 201)
    assert race["rated"] is False
    ok(bob.join(race["invite"]))
    ok(ann.move(practice, line[4]))  # an open race: the practice game goes on
    for member in (ann, bob):
        ok(member.ready(race["id"]))
    countdown = ok(ann.start(race["id"]))
    assert countdown["status"] == "countdown" and countdown["rated"] is False
    # From the countdown on, the practice game does not change, and no new one starts.
    refused_everything(ann, practice, line, race["id"])
    before = stored(race["id"])
    assert_error(ann.post("games", body={"deal_code": code}), 409, "deal_in_race")
    assert stored(race["id"]) == before
    fake_clock.advance(milliseconds=settings.HALFMOON_RACE_COUNTDOWN_MS)
    running = ok(ann.race(race["id"]))
    assert running["status"] == "running" and running["rated"] is False
    assert Race.objects.get(pk=race["id"]).rated is False
    refused_everything(ann, practice, line, race["id"])
    # Another player's own game of the deal is theirs (only members are held).
    (cyd,) = members(1)
    assert_error(cyd.post("games", body={"deal_code": code}), 409, "deal_in_race")
    # The race is played and won: a casual race changes no rating.
    race_game = ann.own_game_id(running)
    for positions in line:
        ok(ann.move(race_game, positions))
    finished = ok(bob.race(race["id"]))
    assert finished["status"] == "finished" and finished["rated"] is False
    assert [(s["rated"], s["rating_change"]) for s in finished["standings"]] == [(False, None)] * 2
    assert not Rating.objects.exists()
    # After the end the practice game goes on as before.
    assert ok(ann.move(practice, line[5]))["moves"] == 6


async def test_the_game_socket_refuses_a_practice_game_of_the_race_deal_too(
    members, fake_clock, winning, settings
):
    ann, bob = await sync_to_async(members)(2)
    code, line = winning
    practice = ok(await sync_to_async(ann.post)("games", body={"deal_code": code}), 201)["id"]
    ok(await sync_to_async(ann.move)(practice, line[0]))
    race = ok(await sync_to_async(ann.create)(2, deal_code=code), 201)
    ok(await sync_to_async(bob.join)(race["invite"]))
    for member in (ann, bob):
        ok(await sync_to_async(member.ready)(race["id"]))
    ok(await sync_to_async(ann.start)(race["id"]))
    socket = await watch_game(practice, ann.token)
    assert (await receive(socket))["type"] == "game"
    before = await sync_to_async(game_state)(practice)
    for number, frame in enumerate(
        (
            {"action": "move", "positions": list(line[1])},
            {"action": "tap", "position": line[1][0]},
            {"action": "undo"},
            {"action": "resign"},
        )
    ):
        await socket.send_json_to({**frame, "request_id": number})
        reply = await own_reply(socket)
        assert reply["type"] == "error" and reply["code"] == "deal_in_race", reply
        assert reply["request_id"] == number and reply["deal_code"] == code
    assert await sync_to_async(game_state)(practice) == before
    await socket.disconnect()


# -- rated: every member with credentials, a deal the server drew --------------------------
def test_a_race_is_rated_only_when_every_member_has_credentials_and_the_server_deals(
    members, fake_clock, drawn, settings, winning, rated_race, running_race
):
    (ann,) = members(1, account=True)
    (bob,) = members(1)
    race = ok(ann.create(2), 201)
    assert race["rated"] is True  # what it would be now
    joined = ok(bob.join(race["invite"]))
    assert joined["rated"] is False and Race.objects.get(pk=race["id"]).rated is False
    bob.add_account()  # bob has credentials now: the race would be rated
    assert ok(ann.race(race["id"]))["rated"] is True
    for member in (ann, bob):
        ok(member.ready(race["id"]))
    assert ok(ann.start(race["id"]))["rated"] is True
    fake_clock.advance(milliseconds=settings.HALFMOON_RACE_COUNTDOWN_MS)
    running = ok(bob.race(race["id"]))
    assert running["status"] == "running" and running["rated"] is True
    assert Race.objects.get(pk=race["id"]).rated is True  # fixed at the start
    for member, count in ((ann, 3), (bob, 1)):
        game_id = own_game(member, race)
        for positions in winning[1][:count]:
            ok(member.move(game_id, positions))
    finished = finish_by_time(ann, running, fake_clock)
    assert finished["rated"] is True and finished["aborted"] is False
    expected = rated_as([ann.id, bob.id], [1, 2])
    for standing in finished["standings"]:
        player_id = standing["player"]["id"]
        assert standing["rated"] is True
        assert skill(player_id).mu == pytest.approx(expected[player_id].mu)
        assert standing["rating_change"] == pytest.approx(
            expected[player_id].ordinal() - START.ordinal(), abs=1e-3
        )
    # Anonymous players on a drawn deal: casual, no rating at all.
    anonymous = members(2)
    crew, casual = running_race(crew=anonymous, time_limit_s=60)
    assert casual["rated"] is False and casual["deal_code"] == winning[0]
    for member in crew:
        ok(member.move(own_game(member, casual), winning[1][0]))
    done = finish_by_time(crew[0], casual, fake_clock)
    assert done["rated"] is False and done["aborted"] is False
    assert all(s["rating_change"] is None and not s["rated"] for s in done["standings"])
    assert not Rating.objects.filter(player_id__in=[m.id for m in crew]).exists()
    # Members with credentials on a deal they chose: casual too.
    cyd, dee = members(2, account=True)
    assert ok(cyd.create(2, deal_code=winning[0]), 201)["rated"] is False


def test_quick_match_keeps_account_holders_and_anonymous_players_apart(members):
    ann, bob = members(2, account=True)
    cyd, dee = members(2)
    waiting = ok(ann.post("matchmaking", body={"seats": 2}), 202)
    assert waiting["status"] == "waiting" and waiting["rated"] is True
    waiting = ok(cyd.post("matchmaking", body={"seats": 2}), 202)
    assert waiting["status"] == "waiting" and waiting["rated"] is False  # not matched with ann
    assert ok(ann.get("matchmaking"))["status"] == "waiting"
    rated = ok(bob.post("matchmaking", body={"seats": 2}), 202)
    assert rated["status"] == "matched" and rated["rated"] is True
    assert rated["race"]["rated"] is True
    assert {m["player"]["id"] for m in rated["race"]["members"]} == {ann.id, bob.id}
    casual = ok(dee.post("matchmaking", body={"seats": 2}), 202)
    assert casual["status"] == "matched" and casual["rated"] is False
    assert casual["race"]["rated"] is False
    assert {m["player"]["id"] for m in casual["race"]["members"]} == {cyd.id, dee.id}
    assert ok(ann.get("matchmaking"))["rated"] is True


# -- aborts ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("offset_ms", "counts"), [(60_000, True), (60_001, False)])
def test_a_first_move_within_60_seconds_counts_and_one_later_does_not(
    rated_race, winning, fake_clock, offset_ms, counts
):
    (ann, bob, cyd), race = rated_race(3, time_limit_s=120)
    line = winning[1]
    for member, count, when in ((ann, 3, 1_000), (bob, 2, 30_000), (cyd, 4, offset_ms)):
        fake_clock.set(at(race, milliseconds=when))
        game_id = own_game(member, race)
        for positions in line[:count]:
            ok(member.move(game_id, positions))
    finished = finish_by_time(ann, race, fake_clock)
    order = [s["player"]["id"] for s in finished["standings"]]
    assert order == [cyd.id, ann.id, bob.id] and finished["aborted"] is False
    cyd_standing = finished["standings"][0]
    assert cyd_standing["rank"] == 1  # in the standings either way
    if counts:  # exactly 60 s: within the window
        expected = rated_as(order, [1, 2, 3])
    else:  # 1 ms later: cyd takes no part; ann and bob are rated from their ranks
        expected = rated_as([ann.id, bob.id], [2, 3])
        assert cyd_standing["rated"] is False and cyd_standing["rating_change"] is None
        assert not Rating.objects.filter(player_id=cyd.id).exists()
    for player_id, rating in expected.items():
        assert skill(player_id).mu == pytest.approx(rating.mu)
        assert skill(player_id).sigma == pytest.approx(rating.sigma)
    assert cyd_standing["rated"] is counts


def test_a_rated_race_without_two_members_who_moved_in_time_is_aborted(
    rated_race, members, winning, fake_clock
):
    # The attack: a race where nobody moved was rated.
    (ann, bob), race = rated_race(2, time_limit_s=60)
    nobody = finish_by_time(ann, race, fake_clock)
    assert nobody["rated"] is True and nobody["aborted"] is True
    assert [s["rank"] for s in nobody["standings"]] == [1, 1]  # still shown (tied: 0 points)
    assert all(s["rating_change"] is None and not s["rated"] for s in nobody["standings"])
    assert not Rating.objects.exists()
    # One member moves, the other never does (nor resigns): aborted as well.
    crew, race = rated_race(crew=[ann, bob], time_limit_s=60)
    ok(ann.move(own_game(ann, race), winning[1][0]))
    alone = finish_by_time(ann, race, fake_clock)
    assert alone["aborted"] is True and [s["result"] for s in alone["standings"]] == [
        "unfinished",
        "unfinished",
    ]
    assert not Rating.objects.exists()
    # Both resign before anyone moved: nobody forfeited to anyone, aborted.
    crew, race = rated_race(crew=[ann, bob], time_limit_s=60)
    ok(bob.resign(own_game(bob, race)))
    ok(ann.resign(own_game(ann, race)))
    both = ok(ann.race(race["id"]))
    assert both["status"] == "finished" and both["aborted"] is True
    assert not Rating.objects.exists()
    # The other moves, but after the first minute: aborted.
    crew, race = rated_race(crew=[ann, bob], time_limit_s=120)
    ok(ann.move(own_game(ann, race), winning[1][0]))
    fake_clock.set(at(race, seconds=61))
    ok(bob.move(own_game(bob, race), winning[1][0]))
    late = finish_by_time(ann, race, fake_clock)
    assert late["aborted"] is True and not Rating.objects.exists()


def forfeit_by(how: str, member, race):
    """``member`` gives up before any removal of their own: resigning their game, or leaving."""
    if how == "resign":
        ok(member.resign(own_game(member, race)))
    else:
        ok(member.leave(race["id"]))


@pytest.mark.parametrize("how", ["resign", "leave"])
def test_resigning_before_ones_first_removal_after_the_other_moved_is_a_rated_loss(
    rated_race, winning, fake_clock, how
):
    """Issue 37, L5, the abort dodge: the host made 4 removals, the other, seeing it, gave up
    before any removal to void the race. Now that is a forfeit: the race is rated, the
    forfeiter takes the loss, the host the win."""
    (host, other), race = rated_race(2, time_limit_s=120)
    fake_clock.set(at(race, seconds=5))
    for positions in winning[1][:4]:
        ok(host.move(own_game(host, race), positions))
    fake_clock.set(at(race, seconds=20))
    forfeit_by(how, other, race)
    finished = finish_by_time(host, race, fake_clock)
    assert finished["rated"] is True and finished["aborted"] is False
    standings = {s["player"]["id"]: s for s in finished["standings"]}
    assert standings[other.id]["result"] == "resigned" and standings[other.id]["rank"] == 2
    assert standings[host.id]["rank"] == 1
    assert all(s["rated"] for s in finished["standings"])
    assert standings[host.id]["rating_change"] > 0 > standings[other.id]["rating_change"]
    expected = rated_as([host.id, other.id], [1, 2])
    for player_id, rating in expected.items():
        assert skill(player_id).mu == pytest.approx(rating.mu)
        assert skill(player_id).sigma == pytest.approx(rating.sigma)


async def test_resigning_on_the_game_socket_before_ones_first_removal_is_a_rated_loss(
    rated_race, winning, fake_clock
):
    (host, other), race = await sync_to_async(rated_race)(2, time_limit_s=120)
    host_game = await sync_to_async(own_game)(host, race)
    other_game = await sync_to_async(own_game)(other, race)
    await sync_to_async(ok)(await sync_to_async(host.move)(host_game, winning[1][0]))
    socket = await watch_game(other_game, other.token)
    assert (await receive(socket))["type"] == "game"
    await socket.send_json_to({"action": "resign", "request_id": "r"})
    assert (await own_reply(socket))["type"] == "result"
    await socket.disconnect()
    finished = await sync_to_async(finish_by_time)(host, race, fake_clock)
    assert finished["aborted"] is False
    assert [s["player"]["id"] for s in finished["standings"]] == [host.id, other.id]
    assert all(s["rated"] for s in finished["standings"])


def test_a_forfeit_counts_in_a_race_of_three_beside_the_late_and_the_absent(
    rated_race, winning, fake_clock
):
    """Ann moves; Bob gives up before moving (a forfeit: rated); Cyd neither moves nor
    resigns (absent: not rated, as before)."""
    (ann, bob, cyd), race = rated_race(3, time_limit_s=120)
    ok(ann.move(own_game(ann, race), winning[1][0]))
    ok(bob.resign(own_game(bob, race)))
    finished = finish_by_time(ann, race, fake_clock)
    standings = {s["player"]["id"]: s for s in finished["standings"]}
    assert finished["aborted"] is False
    assert standings[ann.id]["rated"] and standings[bob.id]["rated"]
    assert not standings[cyd.id]["rated"] and standings[cyd.id]["rating_change"] is None
    assert not Rating.objects.filter(player_id=cyd.id).exists()


# -- ties ------------------------------------------------------------------------------------
def test_identical_results_share_a_rank_are_rated_as_a_tie_and_a_disqualification_stays_exact(
    rated_race, members, winning, fake_clock
):
    crew = members(3, account=True)
    ann, bob, cyd = crew
    # A first race, so that the ratings going into the tied one are not new ones.
    _, first = rated_race(crew=[cyd, ann, bob], time_limit_s=60)
    for member, count in ((cyd, 1), (ann, 2), (bob, 3)):
        for positions in winning[1][:count]:
            ok(member.move(own_game(member, first), positions))
    finish_by_time(ann, first, fake_clock)
    before = {m.id: skill(m.id) for m in crew}
    stored_before = {
        m.id: Rating.objects.values("mu", "sigma", "ordinal", "races").get(player_id=m.id)
        for m in crew
    }
    # The attack: two members with identical results got ranks 1 and 2.
    _, race = rated_race(crew=[cyd, ann, bob], time_limit_s=60)
    fake_clock.set(at(race, seconds=5))
    for member, count in ((ann, 3), (bob, 3), (cyd, 1)):
        for positions in winning[1][:count]:
            ok(member.move(own_game(member, race), positions))
    finished = finish_by_time(ann, race, fake_clock)
    ranks = {s["player"]["id"]: s["rank"] for s in finished["standings"]}
    assert ranks == {ann.id: 1, bob.id: 1, cyd.id: 3}
    tied = [s for s in finished["standings"] if s["rank"] == 1]
    assert tied[0]["game_id"] < tied[1]["game_id"]  # listed by game id, ranked alike
    expected = rated_as([ann.id, bob.id, cyd.id], [1, 1, 3], before)
    for player_id, rating in expected.items():
        assert skill(player_id).mu == pytest.approx(rating.mu)
        assert skill(player_id).sigma == pytest.approx(rating.sigma)

    # Disqualifying one of the tied pair: every change of this race undone exactly, the
    # others rated again from the new standings.
    moderation.disqualify_race_result(None, race["id"], ann.id, "solver output")
    after = ok(bob.race(race["id"]))
    assert [(s["player"]["id"], s["rank"]) for s in after["standings"]] == [
        (bob.id, 1),
        (cyd.id, 2),
    ]
    back = Rating.objects.values("mu", "sigma", "ordinal", "races").get(player_id=ann.id)
    assert back == stored_before[ann.id]  # exactly, not approximately
    expected = rated_as([bob.id, cyd.id], [1, 2], before)
    for player_id, rating in expected.items():
        assert skill(player_id).mu == pytest.approx(rating.mu)
        assert Rating.objects.get(player_id=player_id).races == 2
    # And the other one: cyd is left alone, so the race rates nobody (back to the first race).
    moderation.disqualify_race_result(None, race["id"], bob.id, "solver output")
    alone = ok(cyd.race(race["id"]))
    assert [s["player"]["id"] for s in alone["standings"]] == [cyd.id]
    assert alone["aborted"] is True and alone["standings"][0]["rating_change"] is None
    for member in crew:
        now = Rating.objects.values("mu", "sigma", "ordinal", "races").get(player_id=member.id)
        assert now == stored_before[member.id]


# -- elapsed_ms ------------------------------------------------------------------------------
def test_elapsed_ms_is_one_figure_for_a_member_in_progress_standings_and_game(
    running_race, winning, fake_clock
):
    (ann, bob), race = running_race(2, time_limit_s=60)
    ann_game, bob_game = own_game(ann, race), own_game(bob, race)
    fake_clock.set(at(race, seconds=5))
    for positions in winning[1][:2]:
        ok(bob.move(bob_game, positions))
    fake_clock.set(at(race, seconds=20))
    stall = stalling_line(winning[0])
    for positions in stall:
        stalled = ok(ann.move(ann_game, positions))
    assert stalled["status"] == "stalled" and stalled["elapsed_ms"] == 20_000

    def progress(of, viewer=bob) -> dict:
        seen = ok(viewer.race(race["id"]))
        return next(m["progress"] for m in seen["members"] if m["player"]["id"] == of.id)

    fake_clock.set(at(race, seconds=25))
    assert progress(ann)["elapsed_ms"] == 20_000 and progress(bob)["elapsed_ms"] == 25_000
    assert ok(ann.game(ann_game))["elapsed_ms"] == 20_000  # the game agrees: its clock stopped
    resumed = ok(ann.undo(ann_game))  # out of the stall: the clock runs again
    assert resumed["status"] == "playing" and resumed["finished_at"] is None
    assert resumed["elapsed_ms"] == 25_000 and progress(ann)["elapsed_ms"] == 25_000
    fake_clock.set(at(race, seconds=30))
    again = ok(ann.move(ann_game, stall[-1]))
    assert again["status"] == "stalled" and again["elapsed_ms"] == 30_000
    # The race ends at ends_at; it is settled 7 s later.
    finished = finish_by_time(bob, race, fake_clock, late_s=7)
    standings = {s["player"]["id"]: s for s in finished["standings"]}
    assert standings[ann.id]["result"] == "stalled" and standings[ann.id]["elapsed_ms"] == 30_000
    assert standings[bob.id]["result"] == "unfinished" and standings[bob.id]["elapsed_ms"] == 60_000
    for member, figure in ((ann, 30_000), (bob, 60_000)):
        assert progress(member)["elapsed_ms"] == figure
        game = ok(member.game(own_game(member, race)))
        assert game["status"] == "resigned"  # closed by the end...
        assert game["elapsed_ms"] == figure  # ... as of its end for the race


# -- provisional ratings and the same-opponent limit --------------------------------------
def duel(main, alt, fake_clock, settings, line, main_moves=2, alt_moves=1) -> dict:
    """One race of ``main`` against ``alt`` on a deal the server draws: both make their
    removals at once, then ``alt`` resigns and ``main`` too (the race is all over)."""
    race = ok(main.create(2), 201)
    ok(alt.join(race["invite"]))
    for member in (main, alt):
        ok(member.ready(race["id"]))
    ok(main.start(race["id"]))
    fake_clock.advance(milliseconds=settings.HALFMOON_RACE_COUNTDOWN_MS)
    games = {m.id: own_game(m, race) for m in (main, alt)}
    for member, count in ((main, main_moves), (alt, alt_moves)):
        for positions in line[:count]:
            ok(member.move(games[member.id], positions))
    ok(alt.resign(games[alt.id]))
    ok(main.resign(games[main.id]))
    finished = ok(main.race(race["id"]))
    assert finished["status"] == "finished" and finished["end_reason"] == "all_over"
    assert finished["standings"][0]["player"]["id"] == main.id
    return finished


@pytest.mark.slow
def test_farming_ratings_against_fresh_alts_does_not_reach_the_board(
    members, fake_clock, drawn, winning, settings
):
    (main,) = members(1, account=True)
    (rival,) = members(1, account=True)
    from .test_ratings import established

    established(rival.id, 1.0)  # an established player on the board
    line = winning[1]
    # The attack replayed: eight races against fresh anonymous alts, each resigning.
    for alt in members(8):
        assert duel(main, alt, fake_clock, settings, line, alt_moves=0)["rated"] is False
    board = ok(main.get("ratings"))
    assert [r["player"]["id"] for r in board["results"]] == [rival.id] and board["me"] is None
    assert not Rating.objects.filter(player_id=main.id).exists()
    # Alts with accounts: resigning at once after main's removals is a forfeit, a rated loss
    # (issue 37, L5), as a removal first then resigning is; eight rated races in all, still a
    # provisional rating.
    for alt in members(4, account=True):
        finished = duel(main, alt, fake_clock, settings, line, alt_moves=0)
        assert finished["rated"] is True and finished["aborted"] is False
        assert finished["standings"][0]["rating_change"] > 0
    for alt in members(4, account=True):
        finished = duel(main, alt, fake_clock, settings, line)
        assert finished["rated"] is True and finished["standings"][0]["rating_change"] > 0
    mine = Rating.objects.get(player_id=main.id)
    assert mine.races == 8 and mine.ordinal > 1.0  # ranked, it would have been first
    board = ok(main.get("ratings"))
    assert [(r["player"]["id"], r["rank"]) for r in board["results"]] == [(rival.id, 1)]
    assert board["me"]["rank"] is None and board["me"]["provisional"] is True
    listed = ok(main.get("ratings", provisional="true"))
    assert main.id in [r["player"]["id"] for r in listed["results"]]
    assert all(r["rank"] is None for r in listed["results"])


@pytest.mark.slow
def test_the_same_two_players_count_against_each_other_three_times_a_day(
    members, fake_clock, drawn, winning, settings, rated_race
):
    main, alt, cyd = members(3, account=True)
    line = winning[1]
    changes = []
    for _ in range(5):
        finished = duel(main, alt, fake_clock, settings, line)
        changes.append([(s["rated"], s["rating_change"]) for s in finished["standings"]])
    assert all(rated and change is not None for race in changes[:3] for rated, change in race)
    assert changes[3:] == [[(False, None), (False, None)]] * 2
    assert Rating.objects.get(player_id=main.id).races == 3
    assert Rating.objects.get(player_id=alt.id).races == 3

    # In a race of three, the pair that is spent today counts no more; cyd counts for both.
    before = {m.id: skill(m.id) if m is not cyd else MODEL.rating() for m in (main, alt, cyd)}
    _, race = rated_race(crew=[main, alt, cyd], time_limit_s=60)
    for member, count in ((main, 3), (alt, 1), (cyd, 2)):
        for positions in line[:count]:
            ok(member.move(own_game(member, race), positions))
    finished = finish_by_time(main, race, fake_clock)
    assert [s["player"]["id"] for s in finished["standings"]] == [main.id, cyd.id, alt.id]
    main_new = rated_as([main.id, cyd.id], [1, 2], before)[main.id]
    alt_new = rated_as([cyd.id, alt.id], [2, 3], before)[alt.id]
    cyd_new = rated_as([main.id, cyd.id, alt.id], [1, 2, 3], before)[cyd.id]
    for player_id, rating in ((main.id, main_new), (alt.id, alt_new), (cyd.id, cyd_new)):
        assert skill(player_id).mu == pytest.approx(rating.mu)
        assert skill(player_id).sigma == pytest.approx(rating.sigma)

    # The next day (UTC) the pair counts again.
    fake_clock.set(dt.datetime.combine(fake_clock().date(), dt.time(0, 0, 1), tzinfo=dt.UTC))
    fake_clock.advance(days=1)
    finished = duel(main, alt, fake_clock, settings, line)
    assert all(s["rated"] for s in finished["standings"])
    assert Rating.objects.get(player_id=main.id).races == 5
