"""Rehearsal: a ranked daily attempt whose deal another player had played from the same address
first is flagged, the earlier game linked; another address, or the player's own games, are not
"another player from the same address"."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from games.fairplay import review
from games.fairplay.models import FairPlayFlag, GameOrigin
from games.models import Game
from tests.daily.helpers import WIN

from .conftest import ELSEWHERE, HOME

pytestmark = pytest.mark.django_db

PACE_MS = 3000  # a person's pace: no speed flag


def rehearsals():
    return list(FairPlayFlag.objects.filter(kind=FairPlayFlag.Kind.REHEARSAL).order_by("id"))


def test_a_second_player_from_the_same_address_plays_first_then_the_attempt_is_flagged(
    player, daily_deal, fake_clock
):
    scout = player("scout", HOME)
    scouted = scout.start_daily()
    scout.play(scouted["id"], WIN[:3], fake_clock, PACE_MS)
    scout.call("post", "games", scouted["id"], "resign")
    fake_clock.advance(minutes=5)
    main = player("main", HOME)
    attempt = main.start_daily()
    assert Game.objects.get(pk=attempt["id"]).ranked
    main.play(attempt["id"], WIN, fake_clock, PACE_MS)

    call_command("review_fair_play")

    (flag,) = rehearsals()
    assert flag.game_id == attempt["id"] and flag.player_id == main.id
    assert flag.earlier_game_id == scouted["id"]
    assert flag.race_id is None and flag.state == FairPlayFlag.State.OPEN
    assert flag.strength == 1.0  # the scout's game had ended before the attempt began
    assert flag.figures["when"] == "ended before"
    assert flag.figures["earlier_player_id"] == scout.id and flag.figures["same"] == "address"
    assert flag.played_at == Game.objects.get(pk=attempt["id"]).finished_at


def test_the_same_deal_from_another_address_is_no_rehearsal(player, daily_deal, fake_clock):
    scout = player("scout", ELSEWHERE)
    scouted = scout.start_daily()
    scout.play(scouted["id"], WIN, fake_clock, PACE_MS)
    fake_clock.advance(minutes=5)
    main = player("main", HOME)
    attempt = main.start_daily()
    main.play(attempt["id"], WIN, fake_clock, PACE_MS)

    call_command("review_fair_play")

    assert rehearsals() == []
    assert GameOrigin.objects.filter(game_id=attempt["id"]).count() == 1


def test_a_players_own_practice_is_not_another_player(player, daily_deal, fake_clock):
    """SPEC §7: a player's first game of the day's deal is the ranked attempt, so their own
    practice of it can only come after it (and a future day's deal cannot be started)."""
    main = player("main", HOME)
    attempt = main.start_daily()
    main.play(attempt["id"], WIN[:2], fake_clock, PACE_MS)
    practice = main.start_daily()
    assert not Game.objects.get(pk=practice["id"]).ranked
    main.play(practice["id"], WIN, fake_clock, PACE_MS)
    main.play(attempt["id"], WIN[2:], fake_clock, PACE_MS)
    later = player("later", HOME)  # from the same address, only after the attempt ended
    fake_clock.advance(minutes=1)
    late = later.start_daily()
    later.play(late["id"], WIN, fake_clock, PACE_MS)

    summary = review.review(measure=_nothing_known)

    assert summary.reviewed == 2  # both ranked attempts; the practice is no result
    # The main attempt is not flagged: its player's own practice does not count, and the
    # other player came later. That later attempt is the one rehearsed (by main's games).
    (flag,) = rehearsals()
    assert flag.game_id == late["id"] and flag.earlier_game_id == attempt["id"]


def test_a_scout_playing_alongside_is_flagged_weaker(player, daily_deal, fake_clock):
    main = player("main", HOME)
    attempt = main.start_daily()
    fake_clock.advance(seconds=30)
    scout = player("scout", HOME)
    scouted = scout.start_daily()
    scout.play(scouted["id"], WIN[:2], fake_clock, PACE_MS)
    main.play(attempt["id"], WIN, fake_clock, PACE_MS)

    review.review(measure=_nothing_known)

    flags = {flag.game_id: flag for flag in rehearsals()}
    assert flags[attempt["id"]].earlier_game_id == scouted["id"]
    assert flags[attempt["id"]].figures["when"] == "alongside"
    assert flags[attempt["id"]].strength == 0.6
    # The scout's own attempt (unfinished, its day still open) is not a result yet.
    assert scouted["id"] not in flags


class _Measured:
    bits = bits_blind = 0.0
    decisions = mattered = undos = 0
    budget_hit = False


def _nothing_known(layout, line):
    return _Measured()
