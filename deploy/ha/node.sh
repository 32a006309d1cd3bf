#!/bin/sh
# A data node's settings, run once on each node after `pg_autoctl create postgres`, as the
# postgres user with PGDATA (and PGHOST/PGPORT for its socket) set (docs/OPERATIONS.md).
#
# An isolated primary stops taking writes by itself once it has heard neither from the monitor
# nor from its standby for a few seconds (pg_autoctl's network-partition check): the standby's
# replication connection is declared dead after wal_sender_timeout, the monitor after
# network_partition_timeout. Both sum (8 s) to less than the monitor's primary_demote_timeout
# (12 s, deploy/ha/monitor.sql), so the promoted standby never takes writes while the old
# primary still does.
set -eu
pg_autoctl config set timeout.network_partition_timeout 4 >/dev/null
psql -X -q -v ON_ERROR_STOP=1 -d postgres \
  -c "ALTER SYSTEM SET wal_sender_timeout = '4s'" \
  -c "ALTER SYSTEM SET wal_receiver_timeout = '4s'" \
  -c "SELECT pg_reload_conf()" >/dev/null
