"""Ratings: OpenSkill Plackett–Luce from the standings of rated races (members with
credentials, a deal the server drew), checked against ``openskill`` called directly; the
ratings board (established and provisional); statistics; a staff disqualification undoing a
race's changes."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from games.models import Rating
from games.moderation import services as moderation
from tests.support.api import assert_error

from .helpers import ok

pytestmark = pytest.mark.django_db(transaction=True)


def played(crew, race, winning, scores):
    """Each member makes their share of the winning line's first moves (``scores`` moves)."""
    for member, count in zip(crew, scores, strict=True):
        game_id = member.own_game_id(ok(member.race(race["id"])))
        for positions in winning[1][:count]:
            ok(member.move(game_id, positions))


def finish_by_time(crew, race, fake_clock):
    fake_clock.advance(seconds=race["time_limit_s"] + 1)
    return ok(crew[0].race(race["id"]))


def test_a_finished_race_rates_its_members_as_openskill_does(rated_race, winning, fake_clock):
    crew, race = rated_race(3, time_limit_s=120)
    played(crew, race, winning, [2, 5, 1])
    finished = finish_by_time(crew, race, fake_clock)
    order = [s["player"]["id"] for s in finished["standings"]]
    assert order == [crew[1].id, crew[0].id, crew[2].id]

    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in order], ranks=[1, 2, 3])
    initial = model.rating().ordinal()
    for player_id, standing, team in zip(order, finished["standings"], expected, strict=True):
        stored = Rating.objects.get(player_id=player_id)
        assert stored.mu == pytest.approx(team[0].mu) and stored.sigma == pytest.approx(
            team[0].sigma
        )
        assert stored.races == 1
        assert standing["rating_change"] == pytest.approx(team[0].ordinal() - initial, abs=1e-3)

    # A second race starts from the first one's ratings.
    rematch = ok(crew[0].post("races", race["id"], "rematch"), 201)
    for member in crew[1:]:
        assert ok(member.post("races", race["id"], "rematch"), 201)["id"] == rematch["id"]
    for member in crew:
        ok(member.ready(rematch["id"]))
    ok(crew[0].start(rematch["id"]))
    fake_clock.advance(seconds=10)
    second = ok(crew[0].race(rematch["id"]))
    assert second["status"] == "running" and second["rematch_of"] == race["id"]
    assert second["rated"] is True
    before = {pid: Rating.objects.get(player_id=pid) for pid in order}
    # Every member makes the same two removals at the same instant: one result, three times.
    played(crew, second, winning, [2, 2, 2])
    fake_clock.advance(seconds=second["time_limit_s"] + 1)
    done = ok(crew[2].race(rematch["id"]))
    assert [s["rank"] for s in done["standings"]] == [1, 1, 1]  # a tie, not an order by game id
    ids = [s["player"]["id"] for s in done["standings"]]
    teams = [[model.rating(mu=before[p].mu, sigma=before[p].sigma)] for p in ids]
    for player_id, team in zip(ids, model.rate(teams, ranks=[1, 1, 1]), strict=True):
        stored = Rating.objects.get(player_id=player_id)
        assert stored.mu == pytest.approx(team[0].mu) and stored.races == 2
        assert stored.sigma == pytest.approx(team[0].sigma)


def established(player_id: int, ordinal: float, races: int = 12) -> Rating:
    """A stored rating of ``races`` rated races (setup: the board's pages read it as stored)."""
    mu = ordinal + 3 * 5.0
    return Rating.objects.update_or_create(
        player_id=player_id,
        defaults={"mu": mu, "sigma": 5.0, "ordinal": ordinal, "races": races},
    )[0]


def test_the_ratings_board_pages_and_around_me(rated_race, winning, fake_clock, members):
    crew, race = rated_race(4, time_limit_s=60)
    played(crew, race, winning, [4, 3, 2, 1])
    finish_by_time(crew, race, fake_clock)
    (outsider,) = members(1)
    # One rated race each: provisional ratings, off the ranked board.
    board = ok(outsider.get("ratings"))
    assert board["total"] == 0 and board["results"] == [] and board["me"] is None
    listed = ok(outsider.get("ratings", provisional="true"))
    assert listed["total"] == 4 and [r["rank"] for r in listed["results"]] == [None] * 4
    assert [r["player"]["id"] for r in listed["results"]] == [m.id for m in crew]
    assert all(r["provisional"] and r["races"] == 1 for r in listed["results"])
    mine = ok(crew[1].get("ratings"))["me"]
    assert mine["player"]["id"] == crew[1].id and mine["rank"] is None and mine["provisional"]
    assert_error(crew[1].get("ratings", around="me"), 404, "not_rated")
    around = ok(crew[1].get("ratings", around="me", provisional="true", limit=3))
    assert [r["player"]["id"] for r in around["results"]] == [m.id for m in crew[:3]]

    # Established ratings (ten rated races or more) are ranked, in pages.
    for member, ordinal in zip(crew, [30.0, 20.0, 10.0, 0.0], strict=True):
        established(member.id, ordinal)
    first = ok(outsider.get("ratings", limit=2))
    assert first["total"] == 4 and [r["rank"] for r in first["results"]] == [1, 2]
    assert [r["player"]["id"] for r in first["results"]] == [crew[0].id, crew[1].id]
    assert not any(r["provisional"] for r in first["results"])
    assert first["me"] is None and first["previous"] is None
    second = ok(outsider.get("ratings", limit=2, cursor=first["next"]))
    assert [r["player"]["id"] for r in second["results"]] == [crew[2].id, crew[3].id]
    assert second["next"] is None and [r["rank"] for r in second["results"]] == [3, 4]
    back = ok(outsider.get("ratings", limit=2, cursor=second["previous"]))
    assert back["results"] == first["results"]
    ordinals = [r["ordinal"] for r in first["results"] + second["results"]]
    assert ordinals == sorted(ordinals, reverse=True)
    around = ok(crew[2].get("ratings", around="me", limit=3))
    assert around["me"]["rank"] == 3
    assert [r["rank"] for r in around["results"]] == [2, 3, 4]
    assert ok(outsider.get("ratings", provisional="true"))["total"] == 0
    assert_error(outsider.get("ratings", around="me"), 404, "not_rated")
    assert_error(outsider.get("ratings", cursor="forged"), 400, "invalid_cursor")
    # A cursor of one list is refused by the other.
    listed_page = ok(outsider.get("ratings", provisional="true", limit=1))
    assert listed_page["next"] is None
    assert_error(
        outsider.get("ratings", provisional="true", cursor=first["next"]), 400, "invalid_cursor"
    )
    assert_error(outsider.get("ratings", limit=0), 400, "invalid_page_size")
    assert_error(outsider.get("ratings", around="you"), 400, "invalid_around")
    assert_error(outsider.get("ratings", provisional="yes"), 400, "invalid_request")
    assert_error(outsider.get("ratings", provisional=""), 400, "invalid_request")
    assert_error(outsider.get("ratings", provisionl="true"), 400, "unknown_query_parameter")
    stats = ok(outsider.get("players", crew[0].id, "stats"))["races"]
    assert stats["finished"] == 1 and stats["won"] == 1 and stats["podiums"] == 1
    assert stats["rating"]["races"] == 12 and stats["rating"]["provisional"] is False


def test_the_tenth_rated_race_makes_a_rating_established(rated_race, members, winning, fake_clock):
    ann, bob = members(2, account=True)
    established(ann.id, 12.0, races=9)  # nine rated races behind her
    assert ok(bob.get("ratings"))["total"] == 0
    crew, race = rated_race(crew=[ann, bob], time_limit_s=60)
    played(crew, race, winning, [3, 1])
    finished = finish_by_time(crew, race, fake_clock)
    assert finished["standings"][0]["player"]["id"] == ann.id
    board = ok(bob.get("ratings"))
    assert [(r["player"]["id"], r["rank"], r["races"]) for r in board["results"]] == [
        (ann.id, 1, 10)
    ]
    assert board["me"]["rank"] is None and board["me"]["provisional"] is True
    assert ok(ann.get("players", ann.id, "stats"))["races"]["rating"]["provisional"] is False


def test_a_disqualified_result_leaves_the_standings_and_its_rating_changes_are_undone(
    rated_race, winning, fake_clock
):
    crew, race = rated_race(3, time_limit_s=60)
    played(crew, race, winning, [3, 2, 1])
    finish_by_time(crew, race, fake_clock)
    cheat = crew[0]
    moderation.disqualify_race_result(None, race["id"], cheat.id, "solver output")
    after = ok(crew[1].race(race["id"]))
    assert [s["player"]["id"] for s in after["standings"]] == [crew[1].id, crew[2].id]
    assert [s["rank"] for s in after["standings"]] == [1, 2]
    model = PlackettLuce()
    start = model.rating()
    cheat_rating = Rating.objects.get(player_id=cheat.id)
    assert cheat_rating.mu == pytest.approx(start.mu) and cheat_rating.races == 0
    expected = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    for member, team in zip(crew[1:], expected, strict=True):
        stored = Rating.objects.get(player_id=member.id)
        assert stored.mu == pytest.approx(team[0].mu) and stored.races == 1
    with pytest.raises(Exception) as twice:
        moderation.disqualify_race_result(None, race["id"], cheat.id, "again")
    assert twice.value.code == "result_already_disqualified"
    from games.models import StaffAction

    assert StaffAction.objects.filter(action="disqualify_race_result").count() == 1
