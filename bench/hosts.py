"""Across hosts, repeated: the two scenarios of ``tests/reliability/test_hosts.py``, printed.

    .venv/bin/python bench/hosts.py [--runs 3]        (as root: hosts are network namespaces)

Each run builds a fresh :class:`tests.support.hosts.Cluster` (two application hosts behind the
deployed nginx, PostgreSQL and Redis over the namespace network) and runs
:func:`tests.support.outages.cut_scenario`, then, on another fresh cluster,
:func:`tests.support.outages.redis_outage_scenario`. Every figure is set against a floor
measured in the same run: the writes acknowledged per second in the ten seconds of load just
before the fault. The database is ``BENCH_DATABASE_URL`` (see ``bench/common.py``).
"""

import argparse

from common import prepare_database

from tests.support import hosts
from tests.support.outages import OUTAGE_SECONDS, cut_scenario, redis_outage_scenario


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    reason = hosts.missing()
    if reason:
        print(f"hosts cannot be built here: {reason}")
        return 2
    prepare_database()
    failed = False
    for number in range(1, args.runs + 1):
        with hosts.Cluster() as cluster:
            cut = cut_scenario(cluster)
        lost = len(cut.stored.missing)
        failed |= bool(lost or cut.stored.problems)
        print(
            f"run {number} cut: acknowledged {cut.stored.acknowledged}  lost {lost}  "
            f"floor {cut.floor:.0f}/s  after the cut {cut.after:.0f}/s "
            f"(x{cut.after / cut.floor:.2f})  first write after {cut.first_ack:.2f} s, half the "
            f"floor again after {cut.recovered} s  "
            f"sockets of the cut host {cut.reconnected}/{cut.on_cut_host} resynchronised after "
            f"{cut.resynced:.1f} s  other replies {dict(cut.run.counts)}",
            flush=True,
        )
        with hosts.Cluster() as cluster:
            outage = redis_outage_scenario(cluster)
        lost = len(outage.stored.missing)
        failed |= bool(lost or outage.stored.problems)
        expected = outage.floor * OUTAGE_SECONDS
        print(
            f"run {number} Redis away {OUTAGE_SECONDS} s: writes served {outage.during} "
            f"(floor {expected:.0f}, x{outage.during / expected:.2f})  pushes resumed "
            f"{outage.resumed:.2f} s after it came back  lost {lost}  "
            f"other replies {dict(outage.run.counts)}",
            flush=True,
        )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
