"""Player statistics: computed from the stored games and boards, and consistent with them."""

import datetime as dt
import statistics

import pytest

from games.engine import Layout
from games.models import Deal, Game, LeaderboardEntry, Player
from games.stats import selectors as stats
from tests.support.api import url
from tests.support.play import start_clock

from .helpers import DAY, PILES, RESERVE, WIN, at, attempt, store_daily_layout

pytestmark = pytest.mark.django_db(transaction=True)

DAYS = [DAY - dt.timedelta(days=n) for n in (3, 2, 1, 0)]
SMALL = "HM1-N-AAAAAAB"


@pytest.fixture
def history(new_player, fake_clock):
    """ann over four days: won, won (bob faster), resigned, won; plus ordinary games."""
    ann, bob = new_player("ann"), new_player("bob")
    for day in DAYS:
        store_daily_layout(day)
    plan = [
        (ann, DAYS[0], 60, WIN, False),
        (ann, DAYS[0], 10, [["P1", "P2"]], True),  # practice
        (bob, DAYS[1], 30, WIN, False),
        (ann, DAYS[1], 120, WIN, False),
        (ann, DAYS[2], 5, [["P1", "P2"]], True),
        (ann, DAYS[3], 30, WIN, False),
    ]
    for player, day, seconds, moves, resign in plan:
        attempt(player, fake_clock, at(10, day=day), at(10, 0, seconds, day=day), moves, resign)
    Deal.objects.create(code=SMALL, layout=Layout.build(PILES, RESERVE).to_text())
    fake_clock.set(at(12, day=DAY))
    game = ann.client.post(url("games"), {"deal_code": SMALL}, format="json").json()
    fake_clock.set(at(12, 0, 5, day=DAY))
    start_clock(ann.client, game)  # read for 5 s: the clock starts at the first tap
    fake_clock.set(at(12, 0, 15, day=DAY))
    ann.play(game["id"], WIN)  # an ordinary win in 10 s
    fake_clock.set(at(13, day=DAY))
    ann.client.post(url("games"), {}, format="json")  # a random game, still playing
    return ann, bob


def test_statistics_agree_with_the_stored_games(api, history):
    ann, _ = history
    body = ann.client.get(url("players", ann.id, "stats")).json()  # the owner sees every game
    games = Game.objects.filter(owner_id=ann.id)
    won = [g for g in games if g.status == "won"]
    finished = [g for g in games if g.status in ("won", "resigned", "stalled")]
    times = [(g.finished_at - g.clock_started_at) // dt.timedelta(milliseconds=1) for g in won]
    assert body["player"] == {"id": ann.id, "name": "ann"}
    assert (
        (body["games_played"], body["games_finished"], body["games_won"])
        == (games.count(), len(finished), len(won))
        == (7, 6, 4)
    )
    assert body["win_rate"] == round(len(won) / len(finished), 4) == 0.6667
    assert body["best_win_ms"] == min(times) == 10_000
    assert body["average_win_ms"] == int(statistics.mean(times)) == 55_000
    ranked = games.filter(ranked=True)
    assert body["daily"]["ranked_attempts"] == ranked.count() == 4
    assert (
        body["daily"]["won"]
        == LeaderboardEntry.objects.filter(player_id=ann.id, result="won").count()
        == 3
    )
    assert (body["daily"]["current_streak"], body["daily"]["best_streak"]) == (1, 2)
    assert body["daily"]["best_rank"] == {"date": DAYS[0].isoformat(), "rank": 1}
    recent = games.order_by("-started_at", "-pk")[:10]
    assert [g["id"] for g in body["recent_games"]] == [g.pk for g in recent]
    assert body["recent_games"][0]["status"] == "playing"


def test_a_disqualified_win_counts_as_not_won(api, history):
    from games.moderation import services as moderation

    ann, _ = history
    today = Game.objects.get(owner_id=ann.id, ranked=True, daily_date=DAY)
    moderation.disqualify(None, today.pk, "copied")
    daily_stats = api.get(url("players", ann.id, "stats")).json()["daily"]
    assert (daily_stats["won"], daily_stats["current_streak"], daily_stats["best_streak"]) == (
        2,
        0,
        2,
    )


def test_bob_ranks_first_on_the_day_he_was_faster(api, history):
    _, bob = history
    body = api.get(url("players", bob.id, "stats")).json()
    assert body["daily"]["best_rank"] == {"date": DAYS[1].isoformat(), "rank": 1}
    assert (body["games_played"], body["win_rate"], body["daily"]["current_streak"]) == (1, 1.0, 0)


@pytest.mark.parametrize(
    "today, expected",
    [
        (DAYS[3], 1),  # won today
        (DAYS[3] + dt.timedelta(days=1), 1),  # today not played yet: the run up to yesterday
        (DAYS[3] + dt.timedelta(days=2), 0),  # a day missed
    ],
)
def test_current_streak_counts_back_from_today(history, today, expected):
    ann, _ = history
    assert stats.streaks(Player.objects.get(pk=ann.id), today)[0] == expected


def test_a_new_player_has_empty_statistics(api, new_player):
    body = api.get(url("players", new_player("new").id, "stats")).json()
    assert body["games_played"] == 0 and body["win_rate"] is None
    assert body["best_win_ms"] is body["average_win_ms"] is None
    assert body["daily"] == {
        "ranked_attempts": 0,
        "won": 0,
        "current_streak": 0,
        "best_streak": 0,
        "best_rank": None,
    }
    assert body["recent_games"] == []


def test_an_unknown_player_is_a_clear_404(api, db):
    response = api.get(url("players", 999_999, "stats"))
    assert response.status_code == 404 and response.json()["code"] == "player_not_found"


@pytest.mark.parametrize("viewer", ["anonymous", "bob"])
def test_others_see_summaries_only_of_finished_games_outside_an_open_daily_deal(
    api, history, viewer
):
    ann, bob = history
    client = api if viewer == "anonymous" else bob.client
    body = client.get(url("players", ann.id, "stats")).json()
    games = {g.pk: g for g in Game.objects.filter(owner_id=ann.id)}
    shown = [games[summary["id"]] for summary in body["recent_games"]]
    hidden = set(games) - {g.pk for g in shown}
    assert all(g.status in ("won", "resigned") for g in shown)
    assert all(g.daily_date is None or g.daily_date < DAY for g in shown)
    today_daily = Game.objects.get(owner_id=ann.id, daily_date=DAY, ranked=True)
    playing = Game.objects.get(owner_id=ann.id, status="playing")
    assert {today_daily.pk, playing.pk} <= hidden
    assert len(shown) == 5  # three past daily attempts, one practice game, one ordinary win
