"""Ratings: OpenSkill Plackett–Luce from the standings, checked against ``openskill`` called
directly; the ratings board; statistics; a staff disqualification undoing a race's changes."""

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


def test_a_finished_race_rates_its_members_as_openskill_does(running_race, winning, fake_clock):
    crew, race = running_race(3, time_limit_s=120)
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
    before = {pid: Rating.objects.get(player_id=pid) for pid in order}
    fake_clock.advance(seconds=second["time_limit_s"] + 1)
    done = ok(crew[2].race(rematch["id"]))
    ids = [s["player"]["id"] for s in done["standings"]]  # all 0 points: by game id
    teams = [[model.rating(mu=before[p].mu, sigma=before[p].sigma)] for p in ids]
    for player_id, team in zip(ids, model.rate(teams, ranks=[1, 2, 3]), strict=True):
        stored = Rating.objects.get(player_id=player_id)
        assert stored.mu == pytest.approx(team[0].mu) and stored.races == 2


def test_the_ratings_board_pages_and_around_me(running_race, winning, fake_clock, members):
    crew, race = running_race(4, time_limit_s=60)
    played(crew, race, winning, [4, 3, 2, 1])
    finish_by_time(crew, race, fake_clock)
    (outsider,) = members(1)
    first = ok(outsider.get("ratings", limit=2))
    assert first["total"] == 4 and [r["rank"] for r in first["results"]] == [1, 2]
    assert [r["player"]["id"] for r in first["results"]] == [crew[0].id, crew[1].id]
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
    assert_error(outsider.get("ratings", around="me"), 404, "not_rated")
    assert_error(outsider.get("ratings", cursor="forged"), 400, "invalid_cursor")
    assert_error(outsider.get("ratings", limit=0), 400, "invalid_page_size")
    assert_error(outsider.get("ratings", around="you"), 400, "invalid_around")
    stats = ok(outsider.get("players", crew[0].id, "stats"))["races"]
    assert stats["finished"] == 1 and stats["won"] == 1 and stats["podiums"] == 1
    assert stats["rating"]["races"] == 1


def test_a_disqualified_result_leaves_the_standings_and_its_rating_changes_are_undone(
    running_race, winning, fake_clock
):
    crew, race = running_race(3, time_limit_s=60)
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
