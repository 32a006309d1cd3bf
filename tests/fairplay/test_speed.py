"""Speed: a win whose removals come faster than a person reads the table is flagged; a win at
a person's pace is not. The clock is the test's (``games.core.clock``): no sleeps."""

from __future__ import annotations

import pytest

from games.fairplay import review, speed
from games.fairplay.models import FairPlayFlag
from games.models import Game
from tests.daily.helpers import WIN

from .conftest import ELSEWHERE
from .test_rehearsal import _nothing_known

pytestmark = pytest.mark.django_db


def speed_flags():
    return list(FairPlayFlag.objects.filter(kind=FairPlayFlag.Kind.SPEED))


def test_a_win_at_machine_pace_is_flagged(player, daily_deal, fake_clock):
    bot = player("bot")
    game = bot.start_daily()
    bot.play(game["id"], WIN, fake_clock, every_ms=120)

    review.review(measure=_nothing_known)

    (flag,) = speed_flags()
    assert flag.game_id == game["id"] and flag.player_id == bot.id
    assert flag.figures == {
        "removals": 5,
        "median_interval_ms": 120,
        "fastest_interval_ms": 120,
        "whole_ms": 600,
        "threshold_ms": speed.MEDIAN_INTERVAL_MS,
    }
    assert flag.strength == pytest.approx(0.5 + 0.5 * (500 - 120) / 500)


def test_a_win_at_a_persons_pace_is_not(player, daily_deal, fake_clock):
    person = player("person", ELSEWHERE)
    game = person.start_daily()
    person.play(game["id"], WIN, fake_clock, every_ms=1800)

    review.review(measure=_nothing_known)

    assert speed_flags() == []
    assert Game.objects.get(pk=game["id"]).fair_play_review.flags == 0


def test_one_quick_pair_of_removals_does_not_make_a_fast_win(player, daily_deal, fake_clock):
    """The median, not the fastest interval: two removals seen at once are one quick one."""
    person = player("person")
    game = person.start_daily()
    for index, positions in enumerate(WIN):
        fake_clock.advance(milliseconds=150 if index == 3 else 2000)
        person.call("post", "games", game["id"], "moves", body={"positions": positions})

    review.review(measure=_nothing_known)

    assert speed_flags() == []


def test_a_loss_is_not_measured_for_speed(player, daily_deal, fake_clock):
    quitter = player("quitter")
    game = quitter.start_daily()
    quitter.play(game["id"], WIN[:4], fake_clock, every_ms=10)
    quitter.call("post", "games", game["id"], "resign")

    review.review(measure=_nothing_known)

    assert speed_flags() == []
