#!/bin/sh
# Backups of Half Moon's PostgreSQL with pgBackRest: the commands of docs/OPERATIONS.md ("Back up
# and restore"), which tests/reliability/test_restore.py runs as they are written here.
#
# Run as the postgres user on a database host (the "ha" profile's image has pgBackRest, and this
# file as /opt/halfmoon-ha/backup.sh), with psql reaching the local server (PGHOST, PGPORT).
# pgBackRest reads /etc/pgbackrest/pgbackrest.conf (PGBACKREST_CONFIG names another) or its
# PGBACKREST_* variables; the stanza is "halfmoon" unless PGBACKREST_STANZA says otherwise.
#
#   backup.sh archiving            once per data node: every WAL segment to the repository
#                                  (archive_mode: restart PostgreSQL after it)
#   backup.sh init                 once: the stanza, and a check that a segment arrives
#   backup.sh full | diff          a full backup (daily), a differential one (in between)
#   backup.sh check                the current WAL segment archived now (before a restore of
#                                  the last minutes: archive_timeout archives one a minute)
#   backup.sh info                 the backups, and the WAL that follows them
#   backup.sh restore TIME PGDATA [pgbackrest option...]
#                                  the database as it was at TIME ('2026-12-04 21:30:00+00'),
#                                  into the empty directory PGDATA; start PostgreSQL on it and it
#                                  replays the archived WAL up to TIME, then takes writes.
#                                  A drill beside the live database adds --archive-mode=off (the
#                                  copy must not archive into the live repository).
set -eu
# On the command line (not only in the environment): a restore writes it into the restored
# server's restore_command.
stanza="${PGBACKREST_STANZA:-halfmoon}"

usage() {
  sed -n '10,22p' "$0" >&2
  exit 2
}

[ $# -ge 1 ] || usage
command="$1"
shift
case "$command" in
  archiving)
    push="pgbackrest --stanza=$stanza"
    [ -z "${PGBACKREST_CONFIG:-}" ] || push="$push --config=$PGBACKREST_CONFIG"
    psql -X -q -v ON_ERROR_STOP=1 -d postgres \
      -c "ALTER SYSTEM SET archive_mode = on" \
      -c "ALTER SYSTEM SET archive_command = '$push archive-push %p'" \
      -c "ALTER SYSTEM SET archive_timeout = '60s'"
    echo "archiving set: restart PostgreSQL (the standby's node, a switchover, the other), then: $0 init"
    ;;
  init)
    pgbackrest --stanza="$stanza" stanza-create
    pgbackrest --stanza="$stanza" check
    ;;
  full | diff)
    pgbackrest --stanza="$stanza" --type="$command" backup
    ;;
  check | info)
    pgbackrest --stanza="$stanza" "$command"
    ;;
  restore)
    [ $# -ge 2 ] || usage
    target="$1"
    pgdata="$2"
    shift 2
    pgbackrest --stanza="$stanza" --type=time --target="$target" --target-action=promote \
      --pg1-path="$pgdata" "$@" restore
    ;;
  *)
    usage
    ;;
esac
