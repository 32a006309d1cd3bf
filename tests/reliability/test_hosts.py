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

    def set_sizes() -> list[int] | None:
        """The date's set's size once rebuilt (a rebuild under way holds it aside)."""
        keys = [k for k in sets.keys("*board*") if not k.endswith(b":rebuilding")]
        sizes = [sets.zcard(k) for k in keys]
        return sizes if sizes else None

    sizes = wait_until(set_sizes, 10, lambda: f"no board set in Redis: {sets.keys('*')}")
    assert sizes == [len(outage.ranked) + 1]  # entries and sentinel
