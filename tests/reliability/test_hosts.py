"""Across hosts: two application hosts (network namespaces) behind the deployed nginx, with
PostgreSQL and Redis reached over the namespace network (:mod:`tests.support.hosts`).

* One application host is cut off the network mid-load (its link goes down: no reset, no FIN,
  its processes still running). The other keeps serving; sockets that were on the cut host are
  closed by the entry point, reconnect to the survivor and resynchronise by version; every
  acknowledged change is in the database.
* Redis is stopped for ten seconds under load (and comes back empty). Writes go on, live pushes
  resume once it is back, and the daily ranks are rebuilt from PostgreSQL.

The figures (``bench/hosts.py`` prints them with a floor measured in the same run) are in
docs/RELIABILITY.md, section 10.
"""

from __future__ import annotations

import time

import pytest
import redis

from tests.conftest import IN_CI
from tests.support import hosts
from tests.support.http import Http, new_player
from tests.support.load import LoadRun, check_stored
from tests.support.moves import choose_action
from tests.support.waiting import wait_until
from tests.support.watchers import Watchers

pytestmark = [pytest.mark.postgres, pytest.mark.process, pytest.mark.slow]

#: Sockets watching one game through the entry point: nginx spreads them over both hosts.
SOCKETS = 4
#: Changes acknowledged under load before the fault: both hosts are busy when it comes.
ACKS_BEFORE = 100
#: Changes acknowledged after the cut, through the survivor alone.
ACKS_AFTER_CUT = 150
#: How long Redis stays away (the scenario itself, not a wait for a condition).
OUTAGE_SECONDS = 10
#: nginx closes a socket whose host went silent after its proxy_read_timeout (30 s); the
#: reconnect then reaches the survivor.
RECONNECT_DEADLINE = 60


@pytest.fixture
def cluster(transactional_db):
    reason = hosts.missing()
    if reason:
        if IN_CI:
            pytest.fail(f"hosts as network namespaces are required in CI: {reason}", pytrace=False)
        pytest.skip(f"hosts as network namespaces: {reason} (run bash .ci/run as root)")
    with hosts.Cluster() as built:
        yield built


def change(owner: Http, game_id: int, seed: int, timeout: float = 30) -> int:
    """One acknowledged change of the owner's game through the entry point; its new version.
    A request lost on the way (a host cut off) is simply tried again from the game as read."""
    import random

    rng = random.Random(seed)

    def attempt():
        try:
            game = owner.get(f"/api/v1/games/{game_id}")
            if game.status != 200:
                return None
            endpoint, body = choose_action(game.body, rng)
            reply = owner.post(
                f"/api/v1/games/{game_id}/{endpoint}",
                {**body, "expected_version": game.body["version"]},
            )
        except OSError:
            return None
        if reply.status != 200:
            return None
        return (reply.body["game"] if endpoint == "taps" else reply.body)["version"]

    return wait_until(attempt, timeout, f"no change of game {game_id} was acknowledged")


def watched_game(cluster) -> tuple[Http, int, Watchers]:
    owner = new_player(cluster.url, "owner")
    game = owner.post("/api/v1/games", {"deal_code": "HM1-N-AAAAAAA"}).body
    assert owner.call("PATCH", f"/api/v1/games/{game['id']}", {"watchable": True}).status == 200
    ws = cluster.url.replace("http://", "ws://") + f"/ws/games/{game['id']}/"
    watchers = Watchers(ws, SOCKETS).start()
    watchers.all_at(0, 20, "sockets through the entry point")
    return owner, game["id"], watchers


def test_an_application_host_cut_off_mid_load(cluster):
    first, survivor = cluster.apps
    owner, game_id, watchers = watched_game(cluster)
    try:
        on_cut_host = first.sockets_open()
        assert on_cut_host >= 1 and survivor.sockets_open() >= 1, "sockets on both hosts"
        run = LoadRun(cluster.url, clients=6).start()
        run.wait_for_acks(ACKS_BEFORE)
        watchers.all_at(change(owner, game_id, 1), 10, "a change before the cut")

        before = len(run.acks)
        cut_at = time.monotonic()
        first.cut()
        # The survivor serves: writes are acknowledged again, by it alone.
        run.wait_for_acks(before + ACKS_AFTER_CUT, timeout=60)
        first_ack = min(t for t in run.ack_times[before:])
        # A change the sockets of the cut host never hear of while they hang ...
        missed = change(owner, game_id, 2)
        # ... until the entry point closes them: they reconnect to the survivor and start from
        # the game as it is now.
        wait_until(
            lambda: watchers.reconnected() >= on_cut_host,
            RECONNECT_DEADLINE,
            lambda: f"{watchers.reconnected()} of {on_cut_host} sockets reconnected",
        )
        resynced_at = time.monotonic()
        for watcher in watchers.watchers:
            assert all(version >= missed for version in watcher.resynced_at)
        # Live pushes reach every socket, all of them now on the survivor.
        watchers.all_at(change(owner, game_id, 3), 10, "a change after the reconnects")
        assert survivor.sockets_open() >= SOCKETS
        run.finish()
    finally:
        watchers.stop()

    stored = check_stored(run)
    print(
        f"\nhosts, cut: {len(run.acks)} changes acknowledged, {len(run.acks) - before} after the"
        f" cut; first one {first_ack - cut_at:.2f} s after it; {on_cut_host} of {SOCKETS} sockets"
        f" on the cut host resynchronised {resynced_at - cut_at:.1f} s after it; "
        f"{len(stored.missing)} acknowledged changes lost; other replies {dict(run.counts)}; "
        f"sockets: {watchers.summary()}"
    )
    assert stored.missing == [] and stored.found == stored.acknowledged
    assert stored.problems == []
    # Requests in flight to the cut host may time out (504, or no answer): never a 500.
    assert "http_500" not in run.counts


def ranked_attempt(cluster, name: str) -> tuple[Http, str]:
    """A new player's ranked daily attempt, ended (resigned): it enters the date's board."""
    player = new_player(cluster.url, name)
    game = player.post("/api/v1/games", {"daily": True}).body
    assert game["ranked"] is True
    assert player.post(f"/api/v1/games/{game['id']}/resign").status == 200
    return player, game["daily_date"]


def test_redis_stopped_for_ten_seconds_under_load(cluster):
    ranked = [ranked_attempt(cluster, f"early{i}") for i in range(2)]
    date = ranked[0][1]
    owner, game_id, watchers = watched_game(cluster)
    try:
        run = LoadRun(cluster.url, clients=6).start()
        run.wait_for_acks(ACKS_BEFORE)
        watchers.all_at(change(owner, game_id, 1), 10, "a change before the outage")

        cluster.stop_redis()
        stopped_at = time.monotonic()
        before = len(run.acks)
        ranked.append(ranked_attempt(cluster, "during"))  # ends while its rank cannot be added
        # The outage itself: Redis stays away this long while the load goes on.
        wait_until(
            lambda: time.monotonic() - stopped_at >= OUTAGE_SECONDS,
            OUTAGE_SECONDS + 5,
            "the outage did not last",
        )
        during = len(run.acks) - before
        cluster.start_redis()
        back_at = time.monotonic()

        # Pushes resume: changes are made until one reaches every socket.
        made: list[int] = []

        def pushed() -> bool:
            if made and all(w.latest >= made[-1] for w in watchers.watchers):
                return True
            made.append(change(owner, game_id, 10 + len(made)))
            return False

        wait_until(pushed, 30, lambda: f"no push after Redis came back: {cluster.output()}")
        resumed = watchers.first_frame_of(made[-1]) - back_at
        run.wait_for_acks(len(run.acks) + 50)
        run.finish()
    finally:
        watchers.stop()

    ranked.append(ranked_attempt(cluster, "after"))
    # Ranks rebuilt: every player's rank is their place on the board, and Redis holds the set.
    board = Http(cluster.url).get(f"/api/v1/daily/{date}/leaderboard").body
    assert board["total"] == len(ranked)
    order = [entry["game_id"] for entry in board["results"]]
    for player, _ in ranked:
        me = player.get(f"/api/v1/daily/{date}/leaderboard").body["me"]
        assert me["rank"] == order.index(me["game_id"]) + 1
    sets = redis.Redis.from_url(cluster.redis_url)
    keys = [k for k in sets.keys("*board*") if not k.endswith(b":rebuilding")]
    assert [sets.zcard(k) for k in keys] == [len(ranked) + 1]  # the entries and the sentinel

    stored = check_stored(run)
    print(
        f"\nhosts, Redis away {OUTAGE_SECONDS} s: {during} changes acknowledged during the "
        f"outage; pushes resumed {resumed:.2f} s after it came back; {len(stored.missing)} "
        f"acknowledged changes lost; other replies {dict(run.counts)}; sockets: "
        f"{watchers.summary()}"
    )
    assert during >= 50, "writes went on while Redis was away"
    assert stored.missing == [] and stored.problems == []
    assert not [k for k in run.counts if k.startswith("http_5")]
