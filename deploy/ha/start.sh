#!/bin/sh
# Entry point of compose's "ha" profile hosts: `start.sh monitor` or `start.sh node`. Creates the
# host once (its data survives in the volume), tunes it as deploy/ha/monitor.sql and node.sh
# say, and runs pg_autoctl in the foreground. The same commands as docs/OPERATIONS.md, run by
# tests/support/failover.py.
set -eu
role="$1"
host="$(hostname)"
if [ "$role" = monitor ]; then
  if [ ! -f "$PGDATA/PG_VERSION" ]; then
    pg_autoctl create monitor --pgdata "$PGDATA" --pgport "$PGPORT" --hostname "$host" \
      --auth "${HA_AUTH:-trust}" --ssl-self-signed
    pg_autoctl run --pgdata "$PGDATA" &
    until psql -d pg_auto_failover -c 'SELECT 1' >/dev/null 2>&1; do sleep 1; done
    psql -d pg_auto_failover -f /opt/halfmoon-ha/monitor.sql
    kill %1; wait || true
  fi
  exec pg_autoctl run --pgdata "$PGDATA"
fi
if [ ! -f "$PGDATA/PG_VERSION" ]; then
  pg_autoctl create postgres --pgdata "$PGDATA" --pgport "$PGPORT" --hostname "$host" \
    --name "$host" --monitor "$HA_MONITOR" --auth "${HA_AUTH:-trust}" --ssl-self-signed \
    --dbname halfmoon --username halfmoon --pg-hba-lan
fi
( until pg_autoctl show state --pgdata "$PGDATA" >/dev/null 2>&1 && \
    psql -d postgres -c 'SELECT 1' >/dev/null 2>&1; do sleep 2; done
  sh /opt/halfmoon-ha/node.sh ) &
exec pg_autoctl run --pgdata "$PGDATA"
