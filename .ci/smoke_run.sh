#!/usr/bin/env bash
# Start `make run` (embedded default) on a free port, play one game over HTTP and WebSocket, and
# start a winnable game within 20 s of the first answer (the pool filled by the server's own jobs).
# `make run` installs the runtime lock into a fresh virtual environment first.
set -euo pipefail
cd "$(dirname "$0")/.."
port=$(.venv/bin/python -c "import socket; s=socket.socket(); s.bind(('127.0.0.1',0)); print(s.getsockname()[1])")
workdir=$(mktemp -d)
export SQLITE_PATH="$workdir/smoke.sqlite3"
# Every random deal from the pool of proven-winnable deals (SPEC §10): the smoke reads the pool.
export HALFMOON_WINNABLE_DEALS_ONLY=true
# In a session (process group) of its own, so that the trap stops make, the server and the
# server's jobs process together. In a virtual environment of its own, as a newcomer's first
# `make run` makes it: the runtime lock alone (requirements/base.txt), so that serving never
# depends on a package only the test tools brought (it once did: httpx).
setsid make run PORT="$port" VENV="$workdir/runtime-venv" >"$workdir/run.log" 2>&1 &
server=$!
trap 'kill -- -$server 2>/dev/null || kill $server 2>/dev/null || true' EXIT
# The embedded default runs the scheduled jobs itself: a winnable game within 20 s of answering.
.venv/bin/python .ci/smoke_client.py "http://127.0.0.1:$port" --winnable-within 20 \
  || { cat "$workdir/run.log"; exit 1; }
