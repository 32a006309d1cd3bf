"""The per-player evidence in the review job and the staff's queue: each ranked win becomes a
``FairPlayWin`` (against the deal's field on a daily deal), the player's wins add up in
``FairPlayEvidence``, and the win that takes the score to the threshold is flagged with the games
that built it; staff see it in the fair-play queue and on the player's evidence page."""

from __future__ import annotations

import datetime as dt
import io
import math

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from games.engine import Layout
from games.fairplay import evidence, foresight, review
from games.fairplay.models import FairPlayEvidence, FairPlayFlag, FairPlayWin
from games.play.models import Game
from games.play.selectors import action_of, log_of
from tests.daily.helpers import DAY, WIN, store_daily_layout

from .conftest import ELSEWHERE
from .test_rehearsal import _Measured

pytestmark = pytest.mark.django_db

#: A steep model: a win of 8 bits or more is 19 times likelier of a cheater (log2(19) = 4.25
#: bits, under the cap), one below is 19 times likelier honest.
STEEP = evidence.Model("blind", (0.0, 8.0), (0.95, 0.05), (0.05, 0.95))


class Knowing(_Measured):
    def __init__(self, bits):
        self.bits = bits


def daily_wins(someone, fake_clock, days) -> list[int]:
    """``someone`` wins the daily deal of each of ``days`` (days after DAY), at noon: the games'
    ids, oldest first."""
    games = []
    for day in days:
        date = DAY + dt.timedelta(days=day)
        fake_clock.set(dt.datetime.combine(date, dt.time(12), tzinfo=dt.UTC))
        store_daily_layout(date)
        game = someone.start_daily()
        someone.play(game["id"], WIN, fake_clock, every_ms=3000)
        games.append(game["id"])
    return games


@pytest.fixture
def steep(monkeypatch):
    monkeypatch.setattr(
        evidence, "models", lambda: {"blind": STEEP, "field": STEEP, "model": STEEP}
    )


def test_a_daily_win_is_scored_against_the_honest_model_with_the_deals_field_beside(
    player, daily_deal, fake_clock, staff_client
):
    others = [player(f"other{i}", address=f"192.0.2.{i + 10}") for i in range(3)]
    for someone in others[:2]:  # two others played the deal before: one lost a removal in
        game = someone.start_daily()
        someone.play(game["id"], WIN[:2], fake_clock, every_ms=3000)
    ann = player("ann", address=ELSEWHERE)
    game = ann.start_daily()
    ann.play(game["id"], WIN, fake_clock, every_ms=3000)

    summary = review.review()  # the real measure; the field replays the others' games

    assert summary.failed == []
    win = FairPlayWin.objects.get(game_id=game["id"])
    assert win.figure == "model" and win.field_games == 2 and win.player_id == ann.id
    kept = evidence.model("model")
    assert isinstance(kept, evidence.Normalized)  # value is rounded to 4 places when stored
    assert win.llr == pytest.approx(min(evidence.LLR_CAP, win.value - kept.offset), abs=1e-4)
    assert win.field_bits is not None and win.field_bits >= 0
    record = FairPlayEvidence.objects.get(player_id=ann.id)
    assert (record.wins, record.score, record.flagged_after) == (1, win.llr, None)
    assert record.threshold == pytest.approx(math.log2(100))
    assert not FairPlayFlag.objects.filter(kind="evidence").exists()
    # Staff read the field's figure beside the win's on the player's evidence page.
    detail = staff_client.get(reverse("admin:games_fairplayevidence_change", args=[ann.id]))
    assert f"field {win.field_bits:.2f} bits" in detail.content.decode()


def test_wins_add_up_to_a_flag_with_the_games_that_built_it(
    player, fake_clock, steep, staff_client, viewer_client
):
    ann = player("ann", address=ELSEWHERE)
    games = daily_wins(ann, fake_clock, range(3))  # three daily wins: high, low, high
    queued = [20.0, 1.0, 30.0]  # oldest first
    review.review(days=5, measure=lambda layout, line: Knowing(queued.pop(0)))

    wins = list(FairPlayWin.objects.order_by("played_at").values_list("game_id", "llr"))
    high, low = math.log2(19), -math.log2(19)
    assert wins == [(games[0], high), (games[1], pytest.approx(low)), (games[2], high)]
    record = FairPlayEvidence.objects.get(player_id=ann.id)
    assert record.score == pytest.approx(math.log2(19))  # 4.25: not flagged yet
    assert record.flagged_after is None and record.wins == 3
    assert not FairPlayFlag.objects.filter(kind="evidence").exists()

    games += daily_wins(ann, fake_clock, [3])
    review.review(days=5, measure=lambda layout, line: Knowing(16.0))

    record.refresh_from_db()
    assert record.score == pytest.approx(2 * math.log2(19)) and record.flagged_after == 4
    flag = FairPlayFlag.objects.get(kind="evidence")
    assert flag.game_id == games[3] and flag.player_id == ann.id and flag.state == "open"
    assert [g["game"] for g in flag.figures["games"]] == games
    assert flag.figures["wins"] == 4 and flag.figures["threshold"] == 6.64

    # Staff see it in the queue, with links to every game that built it.
    page = staff_client.get(reverse("admin:games_fairplayflag_changelist"), {"kind": "evidence"})
    assert page.status_code == 200
    assert [f.pk for f in page.context["cl"].result_list] == [flag.pk]
    html = page.content.decode()
    assert "score 8.50 bits over 4 ranked wins reached the threshold 6.64" in html
    for game_id in games:
        assert reverse("admin:games_game_change", args=[game_id]) in html
    # And on the player's evidence page, flagged first.
    listing = staff_client.get(reverse("admin:games_fairplayevidence_changelist"))
    assert [r.player_id for r in listing.context["cl"].result_list] == [ann.id]
    detail = staff_client.get(reverse("admin:games_fairplayevidence_change", args=[ann.id]))
    assert detail.status_code == 200 and "llr +4.25" in detail.content.decode()
    # Staff who may only view see it too, and cannot change it.
    assert viewer_client.get(reverse("admin:games_fairplayevidence_changelist")).status_code == 200

    # Running the review again changes nothing: one flag, the same record.
    before = FairPlayEvidence.objects.values().get(player_id=ann.id)
    review.review(days=5, measure=lambda layout, line: Knowing(40.0))
    assert FairPlayFlag.objects.filter(kind="evidence").count() == 1
    assert FairPlayEvidence.objects.values().get(player_id=ann.id) == before


#: A refit of STEEP: a high win now counts 3.52 bits (0.92 / 0.08), a low one nothing.
REFIT = evidence.Model("blind", (0.0, 8.0), (0.5, 0.08), (0.5, 0.92))


def _rescore() -> str:
    out = io.StringIO()
    call_command("review_fair_play", "--rescore", stdout=out)
    return out.getvalue().strip()


def test_a_refit_rescores_the_stored_wins_and_never_withdraws_a_flag(
    player, fake_clock, steep, monkeypatch
):
    ann = player("ann", address=ELSEWHERE)
    games = daily_wins(ann, fake_clock, range(3))
    queued = [20.0, 1.0, 30.0]
    review.review(days=5, measure=lambda layout, line: Knowing(queued.pop(0)))
    record = FairPlayEvidence.objects.get(player_id=ann.id)
    assert record.score == pytest.approx(math.log2(19)) and record.flagged_after is None

    # evidence.json refitted: the same stored values, scored again, reach the threshold.
    monkeypatch.setattr(evidence, "models", lambda: {"blind": REFIT})
    assert _rescore() == "Rescored 3 win(s) of 1 player(s), raised 1 flag(s)."
    high = math.log2(0.92 / 0.08)
    assert list(FairPlayWin.objects.order_by("played_at").values_list("llr", flat=True)) == [
        pytest.approx(high),
        pytest.approx(0.0),
        pytest.approx(high),
    ]
    record.refresh_from_db()
    assert record.score == pytest.approx(2 * high) and record.flagged_after == 3
    flag = FairPlayFlag.objects.get(kind="evidence")
    assert flag.game_id == games[2] and [g["game"] for g in flag.figures["games"]] == games

    # Idempotent: nothing left to change.
    before = FairPlayEvidence.objects.values().get(player_id=ann.id)
    assert _rescore() == "Rescored 0 win(s) of 0 player(s), raised 0 flag(s)."
    assert FairPlayEvidence.objects.values().get(player_id=ann.id) == before

    # Back to the first model: the score falls, the flag staff have seen stays open.
    monkeypatch.setattr(evidence, "models", lambda: {"blind": STEEP})
    assert _rescore() == "Rescored 3 win(s) of 1 player(s), raised 0 flag(s)."
    record.refresh_from_db()
    assert record.score == pytest.approx(math.log2(19)) and record.flagged_after == 3
    assert FairPlayFlag.objects.get(kind="evidence").state == "open"


def test_players_never_reach_the_evidence(player, client):
    """Not for players: the admin pages redirect an anonymous visitor to the sign-in."""
    page = client.get(reverse("admin:games_fairplayevidence_changelist"))
    assert page.status_code == 302 and "/login/" in page["Location"]


def test_the_queue_presents_undos_and_blind_bits_as_description_not_excuse(
    player, daily_deal, fake_clock, staff_client
):
    ann = player("ann", address=ELSEWHERE)
    game = ann.start_daily()
    ann.play(game["id"], WIN, fake_clock, every_ms=3000)
    heavy = Knowing(40.0)
    heavy.undos, heavy.bits_blind = 12, 0.5  # many undos, little on unseen cards: still flagged
    review.review(measure=lambda layout, line: heavy)
    flag = FairPlayFlag.objects.get(kind="foresight")
    assert flag.game_id == game["id"] and flag.state == "open"
    html = staff_client.get(reverse("admin:games_fairplayflag_changelist")).content.decode()
    assert "12 undos, 0 retries" in html and "0.5 bits on cards never seen" in html
    assert "undos and unseen-card bits describe the line, they clear nothing" in html


def test_a_refit_of_the_honest_model_measures_the_wins_again(player, fake_clock, monkeypatch):
    """A new ``policy`` changes the wins' values, not only their llr: the plain rescore cannot
    see it; ``--rescore --remeasure`` measures each stored win's game again (the real solver)
    and stores its value against the honest model kept now."""
    ann = player("ann", address=ELSEWHERE)
    games = daily_wins(ann, fake_clock, range(2))
    review.review(days=5)
    stored = {w.game_id: w for w in FairPlayWin.objects.all()}
    assert sorted(stored) == sorted(games)
    assert {w.figure for w in stored.values()} == {evidence.MODEL}

    blind = evidence.Policy((0.0,) * len(evidence.policy().weights), uniform=1.0)
    monkeypatch.setattr(evidence, "policy", lambda: blind)
    assert _rescore() == "Rescored 0 win(s) of 0 player(s), raised 0 flag(s)."

    out = io.StringIO()
    call_command("review_fair_play", "--rescore", "--remeasure", stdout=out)
    expected = {}
    for game in Game.objects.filter(pk__in=games).select_related("deal"):
        line = [action_of(e) for e in log_of(game)]
        measured = foresight.measure(Layout.from_text(game.deal.layout), line)
        expected[game.pk] = evidence.model_bits((s.classes, s.picked) for s in measured.steps)
    again = {w.game_id: w for w in FairPlayWin.objects.all()}
    for game_id, won in again.items():
        assert won.value == pytest.approx(expected[game_id], abs=1e-4)
        assert won.llr == pytest.approx(evidence.win(won.value, evidence.MODEL).llr)
    moved = [g for g in games if abs(again[g].value - stored[g].value) > 1e-3]
    assert moved, "the blind chooser scored the wins as the kept model did: nothing tested"
    assert out.getvalue().strip().startswith(f"Rescored {len(moved)} win(s) of 1 player(s)")
    record = FairPlayEvidence.objects.get(player_id=ann.id)
    assert record.score == pytest.approx(evidence.evidence(again[g].llr for g in games).score)

    # Idempotent; and --remeasure alone is refused, nothing changed.
    call_command("review_fair_play", "--rescore", "--remeasure", stdout=(out := io.StringIO()))
    assert out.getvalue().strip() == "Rescored 0 win(s) of 0 player(s), raised 0 flag(s)."
    with pytest.raises(CommandError):
        call_command("review_fair_play", "--remeasure")
    assert {w.game_id: w.value for w in FairPlayWin.objects.all()} == {
        g: w.value for g, w in again.items()
    }
