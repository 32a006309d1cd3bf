"""Fixtures of the race tests: a clock the test moves, members on the API, a race about to
run on a deal the test solver wins."""

from __future__ import annotations

import datetime as dt

import pytest

from games.core import clock
from games.engine import DealCode
from tests.support.clock import FakeClock
from tests.support.play import winnable

from .helpers import Member, ok

NOON = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.UTC)


@pytest.fixture
def fake_clock(monkeypatch):
    fake = FakeClock(NOON)
    monkeypatch.setattr(clock, "now", fake)
    return fake


NAMES = ["ann", "bob", "cyd", "dee", "eve", "fay", "gus", "hal", "ivy", "jon"]


@pytest.fixture
def members(db):
    """``members(n)``: n new players on the API (``account=True``: with credentials)."""
    names = iter(NAMES + [f"alt{i}" for i in range(100)])

    def make(count: int, account: bool = False) -> list[Member]:
        return [Member(next(names), account=account) for _ in range(count)]

    return make


@pytest.fixture
def drawn(monkeypatch, winning):
    """The server's draw of a random deal gives the winnable deal (so a rated race, whose
    deal the server draws, is one the test knows how to play); returns its code."""
    code = DealCode.parse(winning[0])
    monkeypatch.setattr(DealCode, "random", classmethod(lambda cls: code))
    return winning[0]


@pytest.fixture
def winning():
    """(deal code, winning moves) of a deal the test solver wins."""
    return winnable()


@pytest.fixture
def running_race(members, fake_clock, winning, settings):
    """``running_race(n)``: a race of n members on the winnable deal, running; returns
    (members, race) with the race as the host sees it. Asked for by its ``deal_code`` (a
    casual race) unless ``crew`` is given (members whose race the server deals: see
    :func:`rated_race`)."""

    def make(count: int = 2, time_limit_s: int = 900, crew=None):
        deal = {} if crew is not None else {"deal_code": winning[0]}
        crew = crew if crew is not None else members(count)
        host = crew[0]
        race = ok(host.create(len(crew), time_limit_s=time_limit_s, **deal), 201)
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


@pytest.fixture
def rated_race(running_race, members, drawn):
    """``rated_race(n)``: a running rated race of n members with credentials, on the deal the
    server drew (the winnable one); ``crew=`` runs it for those members instead."""

    def make(count: int = 2, time_limit_s: int = 900, crew=None):
        crew = crew if crew is not None else members(count, account=True)
        crew, race = running_race(time_limit_s=time_limit_s, crew=crew)
        assert race["rated"] is True and race["deal_code"] == drawn, race
        return crew, race

    return make
