"""A race's games run on the race's clock (SPEC §8): each member's game's clock starts at the
race's start, not at its member's first tap as a solo game's does
(tests/api/test_clock_start.py)."""

from __future__ import annotations

import datetime as dt

from games.models import Game, Race


def test_a_race_members_clock_starts_at_the_races_start(running_race, fake_clock):
    crew, race = running_race(2)
    stored = Race.objects.get(pk=race["id"])
    games = list(Game.objects.filter(race_id=race["id"]))
    assert len(games) == 2
    assert {game.clock_started_at for game in games} == {stored.starts_at}
    fake_clock.advance(seconds=9)  # nobody has tapped yet: the race's time runs all the same
    assert fake_clock() == stored.starts_at + dt.timedelta(seconds=9)
    assert {game.elapsed_ms() for game in games} == {9_000}
