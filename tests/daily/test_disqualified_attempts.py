"""A ranked attempt disqualified before it ends never ranks: not when it ends, not when the day
closes, neither on the live board nor in the rank index (Redis or counted)."""

import json

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth import get_user_model

from games.daily import leaderboard, ranks
from games.daily import services as daily
from games.models import Player
from games.moderation import services as moderation
from tests.support.sockets import communicator

from .helpers import DAY, WIN, at, attempt, board

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def staff():
    return get_user_model().objects.create_user("staff", password="x", is_staff=True)


@pytest.fixture
def cheater_disqualified_mid_game(new_player, daily_deal, fake_clock, staff):
    """Four honest players on the board, a fifth whose running attempt staff disqualified."""
    honest = [new_player(name) for name in ("ann", "bob", "cy", "di")]
    for hour, (player, moves) in enumerate(zip(honest, (5, 3, 2, 1), strict=True), start=8):
        attempt(player, fake_clock, at(hour), at(hour, 1), WIN[:moves], resign=moves < len(WIN))
    cheater = new_player("eve")
    fake_clock.set(at(12))
    game = cheater.start_daily()
    moderation.disqualify(staff, game["id"], "scripted client")
    return honest, cheater, game


def ranks_seen(honest) -> list:
    return [leaderboard.entry_of(DAY, Player.objects.get(pk=p.id))["rank"] for p in honest]


def assert_four_ranked(honest, client):
    page = board(client).json()
    assert page["total"] == 4 and len(page["results"]) == 4
    assert "eve" not in [entry["player"]["name"] for entry in page["results"]]
    assert ranks_seen(honest) == [1, 2, 3, 4]
    assert ranks.index().total(DAY) == ranks.CountRanks().total(DAY) == 4


async def test_ending_after_disqualification_pushes_and_ranks_nothing(
    cheater_disqualified_mid_game, fake_clock, new_player
):
    honest, cheater, game = cheater_disqualified_mid_game
    socket = communicator("/ws/daily/2031-03-14/")
    assert (await socket.connect())[0]
    assert json.loads(await socket.receive_from(timeout=5))["total"] == 4
    fake_clock.set(at(12, 30))
    await sync_to_async(cheater.play)(game["id"], WIN)  # the cheater's attempt ends: won
    late = await sync_to_async(new_player)("fay")
    await sync_to_async(attempt)(late, fake_clock, at(13), at(13, 1), [["P1", "P2"]], True)
    # Frames come in commit order: the next one is fay's, so none was sent for eve's game.
    pushed = json.loads(await socket.receive_from(timeout=5))
    assert pushed["entry"]["player"]["name"] == "fay" and pushed["total"] == 5
    await socket.disconnect()
    totals = await sync_to_async(
        lambda: (ranks.index().total(DAY), ranks.CountRanks().total(DAY))
    )()
    assert totals == (5, 5)


def test_the_disqualified_attempt_is_not_ranked_when_it_ends(
    cheater_disqualified_mid_game, fake_clock
):
    honest, cheater, game = cheater_disqualified_mid_game
    fake_clock.set(at(12, 30))
    cheater.play(game["id"], WIN)
    assert_four_ranked(honest, honest[0].client)


def test_the_disqualified_attempt_is_not_ranked_when_the_day_closes(
    cheater_disqualified_mid_game, fake_clock
):
    honest, cheater, game = cheater_disqualified_mid_game
    fake_clock.set(at(hours=1, day=DAY.replace(day=15)))
    closing = daily.close_day(DAY)
    assert closing.closed_now
    assert_four_ranked(honest, honest[0].client)


@pytest.mark.redis
def test_the_redis_set_holds_only_the_honest_entries(cheater_disqualified_mid_game, fake_clock):
    honest, cheater, game = cheater_disqualified_mid_game
    fake_clock.set(at(12, 30))
    cheater.play(game["id"], WIN)
    index = ranks.index()
    assert isinstance(index, ranks.RedisRanks)
    assert index.client.zcard(index.key(DAY)) - 1 == 4
