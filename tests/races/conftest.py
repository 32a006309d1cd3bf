"""Fixtures of the race tests: a clock the test moves, members on the API, a race about to
run on a deal the test solver wins."""

from __future__ import annotations

import datetime as dt

import pytest

from games.core import clock
from tests.support.clock import FakeClock
from tests.support.play import winnable

from .helpers import Member, ok

NOON = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.UTC)


@pytest.fixture
def fake_clock(monkeypatch):
    fake = FakeClock(NOON)
    monkeypatch.setattr(clock, "now", fake)
    return fake


@pytest.fixture
def members(db):
    """``members(n)``: n new players on the API."""
    names = iter(["ann", "bob", "cyd", "dee", "eve", "fay", "gus", "hal", "ivy", "jon"])

    def make(count: int) -> list[Member]:
        return [Member(next(names)) for _ in range(count)]

    return make


@pytest.fixture
def winning():
    """(deal code, winning moves) of a deal the test solver wins."""
    return winnable()


@pytest.fixture
def running_race(members, fake_clock, winning, settings):
    """``running_race(n)``: a race of n members on the winnable deal, running; returns
    (members, race) with the race as the host sees it."""

    def make(count: int = 2, time_limit_s: int = 900):
        crew = members(count)
        host = crew[0]
        race = ok(host.create(count, deal_code=winning[0], time_limit_s=time_limit_s), 201)
        for member in crew[1:]:
            ok(member.join(race["invite"]))
        for member in crew:
            ok(member.ready(race["id"]))
        ok(host.start(race["id"]))
        fake_clock.advance(milliseconds=settings.HALFMOON_RACE_COUNTDOWN_MS)
        race = ok(host.race(race["id"]))
        assert race["status"] == "running", race
        return crew, race

    return make
