"""Ranks: the board order against SPEC §7 for arbitrary entries, and the Redis sorted set kept
in step with PostgreSQL (rebuilt when missing, counted when Redis cannot answer)."""

import datetime as dt

import pytest
import redis
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from redis.backoff import NoBackoff
from redis.retry import Retry

from games.core import redis as core_redis
from games.daily import leaderboard, ranks
from games.models import DailyBoard, Deal, Game, LeaderboardEntry, Player
from games.play.standings import standing_of

from .helpers import DAY

T0 = dt.datetime(2031, 3, 14, 9, tzinfo=dt.UTC)


def make_entries(rows):
    """Entries with exactly these figures (test-only: the API never takes figures)."""
    deal, _ = Deal.objects.get_or_create(code="HM1-N-AAAAAAC", defaults={"layout": "x"})
    DailyBoard.objects.get_or_create(date=DAY)  # a board opens with its first daily game
    entries = []
    for won, score, elapsed_ms, ended_s in rows:
        player = Player.objects.create(name="p")
        game = Game.objects.create(owner=player, deal=deal, state="x", daily_date=DAY, ranked=True)
        entries.append(
            LeaderboardEntry.objects.create(
                game=game,
                date=DAY,
                player=player,
                result="won" if won else "resigned",
                score=score,
                moves=0,
                elapsed_ms=elapsed_ms,
                ended_at=T0 + dt.timedelta(seconds=ended_s),
                standing=standing_of(won, score, elapsed_ms),
            )
        )
    return entries


def spec_order(entries):
    return sorted(entries, key=lambda e: (not e.won, -e.score, e.elapsed_ms, e.ended_at, e.game_id))


figures = st.lists(
    st.tuples(
        st.booleans(),
        st.sampled_from([0, 10, 25, 520]),
        st.sampled_from([0, 999, 1000, 60_000]),
        st.integers(0, 2),
    ),
    min_size=1,
    max_size=10,
)


@pytest.mark.django_db
@hypothesis_settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(rows=figures, size=st.integers(1, 5))
def test_pages_follow_the_spec_order_with_ranks(rows, size):
    LeaderboardEntry.objects.all().delete()
    index = ranks.index()
    expected = [e.game_id for e in spec_order(make_entries(rows))]
    if isinstance(index, ranks.RedisRanks):  # rows deleted behind its back: start afresh
        index.client.delete(index.key(DAY))
    walked, ranked, cursor = [], [], None
    while True:
        page = leaderboard.page(DAY, size, cursor)
        walked += [r["game_id"] for r in page.results]
        ranked += [r["rank"] for r in page.results]
        if page.next is None:
            break
        cursor = leaderboard.Cursor.decode(page.next, DAY)
    assert walked == expected and ranked == list(range(1, len(expected) + 1))
    counting = ranks.CountRanks()
    for position, entry in enumerate(spec_order(list(LeaderboardEntry.objects.all())), start=1):
        assert counting.rank(DAY, entry) == position
    assert counting.total(DAY) == len(expected)


@pytest.mark.django_db
def test_an_unreachable_redis_falls_back_to_counting():
    entries = spec_order(make_entries([(True, 520, 5, 0), (False, 10, 5, 0), (True, 520, 1, 1)]))
    dead = ranks.RedisRanks(
        redis.Redis(
            host="127.0.0.1", port=1, socket_connect_timeout=0.5, retry=Retry(NoBackoff(), 0)
        )
    )
    assert [dead.rank(DAY, e) for e in entries] == [1, 2, 3] and dead.total(DAY) == 3
    dead.add(DAY, entries)  # logged, not raised: the change is committed in PostgreSQL


@pytest.fixture
def redis_ranks(private_board_keys):
    return ranks.RedisRanks(core_redis.client(), private_board_keys)


@pytest.mark.redis
@pytest.mark.django_db
def test_redis_ranks_agree_with_the_database_and_rebuild_when_missing(redis_ranks):
    entries = spec_order(
        make_entries(
            [
                (w, s, e, t)
                for w in (True, False)
                for s in (520, 25)
                for e in (1000, 5)
                for t in (0, 1)
            ]
        )
    )
    client, key = redis_ranks.client, redis_ranks.key(DAY)
    assert not client.exists(key)
    assert [redis_ranks.rank(DAY, e) for e in entries] == list(range(1, len(entries) + 1))
    assert client.zcard(key) == len(entries) + 1 and redis_ranks.total(DAY) == len(entries)
    client.delete(key)  # flushed or evicted: rebuilt on read
    assert redis_ranks.total(DAY) == len(entries) and client.exists(key)
    client.zrem(key, ranks.member(entries[3].ended_at, entries[3].game_id))  # lost one member
    assert redis_ranks.rank(DAY, entries[3]) == 4  # put back from the database row
    redis_ranks.remove(DAY, [entries[0]])
    assert redis_ranks.rank(DAY, entries[1]) == 1 and redis_ranks.total(DAY) == len(entries) - 1


@pytest.mark.redis
@pytest.mark.django_db
def test_entries_added_to_a_missing_set_still_trigger_a_full_rebuild(redis_ranks):
    entries = spec_order(make_entries([(True, 520, 5, 0), (False, 25, 5, 0), (False, 0, 5, 0)]))
    redis_ranks.add(DAY, entries[2:])  # the set has one member, no sentinel
    assert redis_ranks.total(DAY) == 3
    assert [redis_ranks.rank(DAY, e) for e in entries] == [1, 2, 3]


@pytest.mark.redis
@pytest.mark.django_db
def test_a_board_recreated_in_an_emptied_database_never_meets_the_old_set(private_board_keys):
    from games.models import DailyBoard

    DailyBoard.objects.create(date=DAY)
    old = make_entries([(True, 520, 5, 0), (False, 25, 5, 0)])
    index = ranks.index()
    assert index.total(DAY) == 2 and index.rank(DAY, old[1]) == 2
    LeaderboardEntry.objects.all().delete(), DailyBoard.objects.all().delete()  # as a test flush
    DailyBoard.objects.create(date=DAY, opened_at=T0 + dt.timedelta(seconds=1))
    new = make_entries([(False, 0, 5, 0)])
    fresh = ranks.index()
    assert fresh.key(DAY) != index.key(DAY)
    assert fresh.total(DAY) == 1 and fresh.rank(DAY, new[0]) == 1


@pytest.mark.redis
@pytest.mark.django_db
def test_a_set_that_missed_a_change_while_redis_was_away_is_never_read_again(redis_ranks):
    entries = spec_order(make_entries([(True, 520, 5, 0), (False, 25, 5, 0)]))
    assert redis_ranks.total(DAY) == 2
    stale_key = redis_ranks.key(DAY)
    late = spec_order(make_entries([(True, 520, 1, 0)]))  # a new best entry, committed...
    away = ranks.RedisRanks(
        redis.Redis(
            host="127.0.0.1", port=1, socket_connect_timeout=0.5, retry=Retry(NoBackoff(), 0)
        ),
        redis_ranks.prefix,
    )
    away.add(DAY, late)  # ...whose after-commit add fails: Redis is away for this process
    assert DailyBoard.objects.get(date=DAY).ranks_epoch == 1
    back = ranks.RedisRanks(core_redis.client(), redis_ranks.prefix)  # another process, later
    assert back.key(DAY) != stale_key and redis_ranks.client.exists(stale_key)
    assert back.total(DAY) == 3 and back.rank(DAY, late[0]) == 1
    assert [back.rank(DAY, e) for e in entries] == [2, 3]


def test_a_board_that_never_opened_makes_no_redis_key(private_board_keys, db):
    index = ranks.index()
    assert index.total(DAY) == 0
    if isinstance(index, ranks.RedisRanks):
        assert index.key(DAY) is None
        assert list(index.client.scan_iter(match=private_board_keys + "*")) == []


def _all_ranks_at_once(index, entries, django_assert_num_queries, queries):
    """``ranks_of`` over every entry gives each its ``rank`` (the disqualified one's entry is
    left out by the query, as by ``best_rank``), in ``queries`` queries whatever their count."""
    expected = {e.game_id: index.rank(DAY, e) for e in entries[1:]}
    with django_assert_num_queries(queries):
        got = index.ranks_of(
            LeaderboardEntry.objects.filter(game__disqualified_at__isnull=True).order_by("?")
        )
    assert {e.game_id: rank for e, rank in got} == expected
    assert sorted(expected.values()) == list(range(1, len(entries)))


def _with_a_disqualified_leader():
    entries = spec_order(
        make_entries([(True, 520, 1, 0), (True, 520, 5, 0), (False, 25, 5, 0), (True, 520, 5, 1)])
    )
    Game.objects.filter(pk=entries[0].game_id).update(disqualified_at=T0)  # off the board
    return entries


@pytest.mark.django_db
def test_every_rank_of_a_player_in_one_query_by_counting(django_assert_num_queries):
    """Issue 29: the statistics' best rank asked each entry's rank, one query each."""
    _all_ranks_at_once(
        ranks.CountRanks(), _with_a_disqualified_leader(), django_assert_num_queries, 1
    )


@pytest.mark.redis
@pytest.mark.django_db
def test_every_rank_in_one_query_and_one_pipeline_with_redis(
    redis_ranks, django_assert_num_queries
):
    entries = _with_a_disqualified_leader()
    redis_ranks.remove(DAY, [entries[0]])  # as disqualifying does
    _all_ranks_at_once(redis_ranks, entries, django_assert_num_queries, 1)
    fresh = ranks.RedisRanks(redis_ranks.client, redis_ranks.prefix)  # no key known yet
    _all_ranks_at_once(fresh, entries, django_assert_num_queries, 1)


@pytest.mark.django_db
def test_every_rank_still_right_when_redis_cannot_answer(django_assert_num_queries):
    dead = ranks.RedisRanks(
        redis.Redis(
            host="127.0.0.1", port=1, socket_connect_timeout=0.5, retry=Retry(NoBackoff(), 0)
        )
    )
    _with_a_disqualified_leader()
    got = dead.ranks_of(LeaderboardEntry.objects.filter(game__disqualified_at__isnull=True))
    assert sorted(rank for _, rank in got) == [1, 2, 3]
