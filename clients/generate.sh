#!/usr/bin/env bash
# Regenerates every generated file of clients/ from the code, offline, into OUT (default: clients/
# itself): OUT/openapi.json (drf-spectacular, from the views), OUT/typescript/src/schema.d.ts
# (openapi-typescript) and OUT/python/halfmoon_client/ (openapi-python-client, named by
# clients/python/generator.yaml). `make clients` runs it in place; `make clients-check` runs it
# into a temporary directory and compares. The tools are the locked ones: .venv from
# requirements/dev.txt, clients/typescript/node_modules from its package-lock.json.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
OUT=$(realpath -m "${1:-clients}")
mkdir -p "$OUT/typescript/src" "$OUT/python"

# A clean environment: nothing of the caller's (throttle rates, hosts, database) may change the
# schema. Settings fall back to their development defaults, which need no server.
env -i PATH="$REPO/.venv/bin:/usr/local/bin:/usr/bin:/bin" HOME="${HOME:-/root}" LANG=C.UTF-8 \
  "$REPO/.venv/bin/python" manage.py spectacular --format openapi-json --validate \
  --file "$OUT/openapi.json"

"$REPO/clients/typescript/node_modules/.bin/openapi-typescript" "$OUT/openapi.json" \
  --output "$OUT/typescript/src/schema.d.ts"

# The generator's post-hooks run the locked ruff (found on PATH) inside the output directory.
PATH="$REPO/.venv/bin:$PATH" "$REPO/.venv/bin/openapi-python-client" generate \
  --path "$OUT/openapi.json" --config clients/python/generator.yaml --meta none \
  --output-path "$OUT/python/halfmoon_client" --overwrite --fail-on-warning >/dev/null
