"""Across hosts: two application hosts (network namespaces) behind the deployed nginx, with
PostgreSQL and Redis reached over the namespace network (:mod:`tests.support.hosts`).

* One application host is cut off the network mid-load (its link goes down: no reset, no FIN,
  its processes still running). The other keeps serving; sockets that were on the cut host are
  closed by the entry point, reconnect to the survivor and resynchronise by version; every
  acknowledged change is in the database.
* Redis is stopped for ten seconds under load (and comes back empty). Writes go on, live pushes
  resume once it is back, and the daily ranks are rebuilt from PostgreSQL.

The scenarios are :mod:`tests.support.outages`; ``bench/hosts.py`` runs them again and prints
the figures of docs/RELIABILITY.md, section 10.
"""

from __future__ import annotations

import pytest
import redis

from tests.conftest import IN_CI
from tests.support import hosts
from tests.support.http import Http
from tests.support.outages import (
    OUTAGE_SECONDS,
    SOCKETS,
    cut_scenario,
    redis_outage_scenario,
)
from tests.support.waiting import wait_until

pytestmark = [pytest.mark.postgres, pytest.mark.process, pytest.mark.slow]


@pytest.fixture
def cluster(transactional_db):
    reason = hosts.missing()
    if reason:
        if IN_CI:
            pytest.fail(f"hosts as network namespaces are required in CI: {reason}", pytrace=False)
        pytest.skip(f"hosts as network namespaces: {reason} (run bash .ci/run as root)")
    with hosts.Cluster() as built:
        yield built


def test_an_application_host_cut_off_mid_load(cluster):
    cut = cut_scenario(cluster)
    print(
        f"\nhosts, cut: {len(cut.run.acks)} changes acknowledged; {cut.floor:.0f}/s before the "
        f"cut, {cut.after:.0f}/s in the {OUTAGE_SECONDS} s after it, the first "
        f"{cut.first_ack:.2f} s after it, half the floor again {cut.recovered} s after it; "
        f"{cut.reconnected} of {cut.on_cut_host} sockets of the"
        f" cut host resynchronised {cut.resynced:.1f} s after it; {len(cut.stored.missing)} "
        f"acknowledged changes lost; other replies {dict(cut.run.counts)}; sockets: {cut.sockets}"
    )
    # No acknowledged change lost, nothing half-applied.
    assert cut.stored.missing == [] and cut.stored.found == cut.stored.acknowledged
    assert cut.stored.problems == []
    # The survivor kept serving: writes went on at once.
    assert cut.first_ack < 5
    # nginx gives up on the silent host after its proxy_read_timeout (10 s); then the survivor
    # alone serves at least half as many writes as both did.
    assert cut.recovered is not None and cut.recovered < 30
    # The cut host's sockets came back to the survivor, from the version they had missed.
    assert cut.reconnected >= cut.on_cut_host >= 1
    assert all(version >= cut.missed for versions in cut.resynced_at for version in versions)
    assert cut.on_survivor >= SOCKETS
    # Requests in flight to the cut host may time out (504, or no answer): never a 500.
    assert "http_500" not in cut.run.counts


def test_redis_stopped_for_ten_seconds_under_load(cluster):
    outage = redis_outage_scenario(cluster)
    print(
        f"\nhosts, Redis away {OUTAGE_SECONDS} s: {outage.during} changes acknowledged during "
        f"the outage ({outage.floor:.0f}/s before it); pushes resumed {outage.resumed:.2f} s "
        f"after it came back; {len(outage.stored.missing)} acknowledged changes lost; other "
        f"replies {dict(outage.run.counts)}; sockets: {outage.sockets}"
    )
    # Writes went on, every one of them answered (no 5xx), none lost.
    assert outage.during >= 0.25 * outage.floor * OUTAGE_SECONDS
    assert not [k for k in outage.run.counts if k.startswith("http_5")], cluster.problems()
    assert outage.stored.missing == [] and outage.stored.problems == []
    # Ranks rebuilt: every player's rank is their place on the board (the attempt that ended
    # while Redis was away included), and Redis holds the date's set again.
    date = outage.ranked[0][1]
    board = Http(cluster.url).get(f"/api/v1/daily/{date}/leaderboard").body
    assert board["total"] == len(outage.ranked)
    order = [entry["game_id"] for entry in board["results"]]
    for player, _ in outage.ranked:
        me = player.get(f"/api/v1/daily/{date}/leaderboard").body["me"]
        assert me["rank"] == order.index(me["game_id"]) + 1
    sets = redis.Redis.from_url(cluster.redis_url)
    reader = Http(cluster.url)

    def current_set_size() -> int | None:
        """The size of the date's current set (its newest ranks epoch: a process that could not
        reach Redis moved the board to a new epoch, leaving older sets to expire) once it is
        complete. A set is rebuilt on a read, so each look reads the board first (on a loaded
        machine a host may still be in its breaker's pause at the first reads)."""
        reader.get(f"/api/v1/daily/{date}/leaderboard")
        keys = [k.decode() for k in sets.keys(f"*board*{date}:*") if not k.endswith(b":rebuilding")]
        if not keys:
            return None
        newest = max(keys, key=lambda k: int(k.rsplit(":", 1)[1]))
        if sets.zscore(newest, b"") is None:  # not complete yet (the sentinel comes last)
            return None
        return sets.zcard(newest)

    size = wait_until(current_set_size, 30, lambda: f"no board set in Redis: {sets.keys('*')}")
    assert size == len(outage.ranked) + 1  # entries and sentinel
