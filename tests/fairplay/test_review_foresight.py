"""Foresight in the review: each ranked win is measured with ``foresight.measure`` (its layout
and its log as engine actions) and flagged when its bits reach ``foresight.THRESHOLD_BITS``; a
win whose measure fails keeps its other flags and is measured again by the next run."""

from __future__ import annotations

import pytest

from games.engine import Action, Layout
from games.fairplay import foresight, review
from games.fairplay.models import FairPlayFlag, FairPlayReview
from tests.daily.helpers import WIN

from .test_rehearsal import _Measured

pytestmark = pytest.mark.django_db


class Knowing(_Measured):
    def __init__(self, bits):
        self.bits, self.bits_blind = bits, max(0.0, bits - 1)
        self.decisions, self.mattered, self.undos = 5, 3, 0


def test_the_threshold_is_the_one_foresight_declares():
    assert review.foresight_threshold() == foresight.THRESHOLD_BITS


def test_a_win_reaching_the_threshold_is_flagged_with_its_figures(player, daily_deal, fake_clock):
    ann = player("ann")
    game = ann.start_daily()
    ann.play(game["id"], WIN, fake_clock, every_ms=3000)
    seen = []
    threshold = foresight.THRESHOLD_BITS

    def measure(layout, line):
        seen.append((layout, line))
        return Knowing(threshold * 1.5)

    review.review(measure=measure)

    ((layout, line),) = seen
    assert isinstance(layout, Layout) and all(isinstance(a, Action) for a in line)
    assert [a.kind for a in line] == ["move"] * len(WIN)
    flag = FairPlayFlag.objects.get(kind="foresight")
    assert flag.game_id == game["id"] and flag.strength == 0.75
    assert flag.figures["bits"] == round(threshold * 1.5, 2)
    assert flag.figures["threshold_bits"] == threshold and flag.figures["mattered"] == 3


def test_just_below_the_threshold_is_no_flag_and_at_it_is(player, daily_deal, fake_clock):
    threshold = foresight.THRESHOLD_BITS
    games = []
    for name, bits in (("below", threshold - 0.01), ("at", threshold)):
        someone = player(name, address=f"192.0.2.{len(games) + 1}")
        game = someone.start_daily()
        someone.play(game["id"], WIN, fake_clock, every_ms=3000)
        games.append((game["id"], bits))
    queued = [bits for _, bits in games]  # the review goes oldest first

    def measure(layout, line):
        return Knowing(queued.pop(0))

    review.review(measure=measure)
    flagged = list(FairPlayFlag.objects.values_list("game_id", "strength"))
    assert flagged == [(games[1][0], 0.5)]


def test_the_real_measure_of_an_honest_small_win_raises_nothing(player, daily_deal, fake_clock):
    ann = player("ann")
    game = ann.start_daily()
    ann.play(game["id"], WIN, fake_clock, every_ms=3000)
    review.review()  # foresight.measure itself: the solver on the small table
    assert not FairPlayFlag.objects.exists()
    assert FairPlayReview.objects.get(game_id=game["id"]).flags == 0


def test_a_failed_measure_keeps_the_other_flags_and_is_retried(player, daily_deal, fake_clock):
    bot = player("bot")
    game = bot.start_daily()
    bot.play(game["id"], WIN, fake_clock, every_ms=50)

    def broken(layout, line):
        raise RuntimeError("solver out of memory")

    first = review.review(measure=broken)
    assert first.reviewed == 1 and first.flags == 1
    assert list(FairPlayFlag.objects.values_list("kind", flat=True)) == ["speed"]
    assert not FairPlayReview.objects.exists()  # measured again next time
    second = review.review(measure=lambda layout, line: Knowing(0.0))
    assert second.reviewed == 1 and second.flags == 0
    assert FairPlayFlag.objects.count() == 1 and FairPlayReview.objects.count() == 1
