#!/usr/bin/env bash
# The contract through outside tools, as a client's author would run them:
# - `asyncapi`: @asyncapi/parser on the AsyncAPI document (its validation and rules): no error,
#   no warning (.ci/run runs it);
# - `openapi`: Redocly CLI (redocly.yaml: recommended-strict) and Spectral (.spectral.yaml:
#   spectral:oas, failing on a warning) on the served OpenAPI document: no error, no warning;
# - `schemathesis`: schemathesis against a live `make run` (the embedded default) on a free
#   port: every operation, the examples, coverage, fuzzing and stateful phases (the OpenAPI
#   links), every check, bounded (ST_EXAMPLES per operation, 10 by default; ST_MAX_TIME), with
#   the hooks of tests/support/schemathesis_hooks.py (a player with credentials; valid requests
#   name ids that player owns and secrets it knows; rule refusals told from shape refusals) and
#   the settings of schemathesis.toml: every warning fails the run too, but for the operations
#   listed there with the reason the schema cannot express their refusals (the one place).
#   In .ci/run, after `asyncapi`.
# Each fails on a finding. Tools: clients/typescript's locked npm packages, .venv's PyPI ones.
set -euo pipefail
cd "$(dirname "$0")/.."
workdir=$(mktemp -d)
trap 'rm -rf "$workdir"' EXIT
if [ "${1:-}" = asyncapi ]; then
  DJANGO_SETTINGS_MODULE=halfmoon_service.settings .venv/bin/python -c "import django, json
django.setup()
from realtime.asyncapi import document
print(json.dumps(document()))" >"$workdir/asyncapi.json"
  cd clients/typescript && exec node check-asyncapi.mjs "$workdir/asyncapi.json"
fi
if [ "${1:-}" = openapi ]; then
  .venv/bin/python manage.py spectacular --format openapi-json --validate --fail-on-warn \
    --file "$workdir/openapi.json"
  root=$PWD
  cd clients/typescript
  npx --no-install redocly lint \
    --config "$root/redocly.yaml" "$workdir/openapi.json"
  exec npx --no-install spectral lint --fail-severity=warn --ruleset "$root/.spectral.yaml" \
    "$workdir/openapi.json"
fi
[ "${1:-}" = schemathesis ] || { echo "usage: $0 asyncapi|openapi|schemathesis" >&2; exit 2; }

port=$(.venv/bin/python -c "import socket; s=socket.socket(); s.bind(('127.0.0.1',0)); print(s.getsockname()[1])")
export SQLITE_PATH="$workdir/contract.sqlite3"
# Generated requests come fast: lift the budgets (their 429s are tested in the suite).
for scope in $(.venv/bin/python -c "
import os; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'halfmoon_service.settings')
import django; django.setup(); from django.conf import settings
print(' '.join(settings.HALFMOON_THROTTLE_RATES))"); do
  export "HALFMOON_THROTTLE_${scope^^}=100000/s"
done
setsid make run PORT="$port" >"$workdir/run.log" 2>&1 &
server=$!
trap 'kill -- -$server 2>/dev/null || kill $server 2>/dev/null || true; rm -rf "$workdir"' EXIT
base="http://127.0.0.1:$port"
# Up to 2 min: a fresh checkout's `make run` first collects the static files (half a minute).
for _ in $(seq 240); do curl -sf "$base/readyz" >/dev/null && break; sleep 0.5; done
curl -sf "$base/readyz" >/dev/null || { cat "$workdir/run.log"; exit 1; }
# The webhook operations are a confidential app's, by its client credentials (docs/WEBHOOKS.md):
# one registered in the served database as staff would, its `client_id:secret` for the hooks.
export HALFMOON_ST_APP_CREDENTIALS
HALFMOON_ST_APP_CREDENTIALS=$(.venv/bin/python manage.py shell -c "
import secrets
from oauth2_provider.models import Application
from games.oauth.models import AppPolicy
secret = secrets.token_urlsafe(24)
app = Application.objects.create(name='Schemathesis', client_type='confidential',
    authorization_grant_type='authorization-code', redirect_uris='https://st.example/cb',
    client_secret=secret, hash_client_secret=True)
AppPolicy.objects.create(application=app, allowed_scopes='read')
print(f'{app.client_id}:{secret}')" | tail -n1)
# Each request with a new player's token, and rule refusals told from shape refusals, by the
# hooks (tests/support/schemathesis_hooks.py).
SCHEMATHESIS_HOOKS=tests.support.schemathesis_hooks PYTHONPATH=. \
  .venv/bin/schemathesis run "$base/api/v1/schema/?format=json" \
  --checks all --exclude-checks positive_data_acceptance \
  --phases examples,coverage,fuzzing,stateful --max-examples "${ST_EXAMPLES:-10}" \
  --generation-deterministic --request-timeout 10 --max-time "${ST_MAX_TIME:-600}" \
  2>&1 | tee "$workdir/schemathesis.log" && exit 0
# A failure is told last, where a CI summary's few lines reach it: the server's errors (a 5xx
# is logged at ERROR), then schemathesis's failures and warnings, then its summary's last lines.
{
  echo "ci: the server's errors (ERROR and above, the last 5):"
  grep -E '"level": "(ERROR|CRITICAL)"' "$workdir/run.log" | tail -n 5 | cut -c1-300 || true
  echo "ci: schemathesis's failures and warnings (first lines):"
  sed -n '/=\+ \(FAILURES\|WARNINGS\|ERRORS\) =\+/,/=\+ SUMMARY =\+/p' "$workdir/schemathesis.log" \
    | grep -v '^ *$' | head -n 25 | cut -c1-200
  echo "ci: schemathesis's summary (last lines):"
  grep -v '^ *$' "$workdir/schemathesis.log" | tail -n 8 | cut -c1-200
} >&2
exit 1
