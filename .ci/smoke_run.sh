#!/usr/bin/env bash
# Start `make run` (embedded default) on a free port and play one game over HTTP and WebSocket.
set -euo pipefail
cd "$(dirname "$0")/.."
port=$(.venv/bin/python -c "import socket; s=socket.socket(); s.bind(('127.0.0.1',0)); print(s.getsockname()[1])")
workdir=$(mktemp -d)
export SQLITE_PATH="$workdir/smoke.sqlite3"
make run PORT="$port" >"$workdir/run.log" 2>&1 &
server=$!
trap 'kill -- -$server 2>/dev/null || kill $server 2>/dev/null; pkill -f "daphne -b 127.0.0.1 -p $port" || true' EXIT
.venv/bin/python .ci/smoke_client.py "http://127.0.0.1:$port" || { cat "$workdir/run.log"; exit 1; }
