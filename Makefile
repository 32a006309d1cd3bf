# Half Moon service. `make run` serves on 127.0.0.1:$(PORT); `make test` runs the whole suite.
# The project is not installed as a package: .venv gets the exact pins of requirements/base.txt
# (`make run`: what serving needs) or requirements/dev.txt (`make test` and the tools: base plus
# the test and lint tools), and the code runs from this checkout. See "Development" in README.md.
PYTHON ?= python3.11
# Compiled modules are cached (__pycache__) even where the environment says not to: every test
# worker and server process would otherwise compile the project, and pytest rewrite every test
# module's asserts, again at each start.
unexport PYTHONDONTWRITEBYTECODE
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
HOST ?= 127.0.0.1
# The suite runs in parallel workers (pytest-xdist), each with its own test database, Redis keys
# and server processes (tests/support/isolation.py); a module's tests stay on one worker, which
# keeps a module's shared browser or server its own. 3 workers suit 2 cores: a third of a
# browser test's time is waiting on the page.
TEST_WORKERS ?= 3
PARALLEL = -n $(TEST_WORKERS) --dist loadscope
# The edit loop: no browser, no server processes, nothing slow; stops at the first failure.
FAST_TESTS ?= -m "not slow and not browser and not process" --ignore=tests/reliability -x -q

.PHONY: run test test-fast exchanges install install-base lock lint format typecheck migrate messages bench perf clean \
	clients clients-check typecheck-web promtool alerts-check web web-check static

$(BIN)/python:
	$(PYTHON) -m venv $(VENV) || python3 -m venv $(VENV)

# Every pin of a lock is exact and hashed, so pip is told not to resolve (--no-deps): the lock
# already is the resolution, and a missing pin fails the install instead of being fetched. Nor
# to compile every installed module ahead (--no-compile): Python compiles, and caches, the ones
# a process imports, a fraction of them (a third less time to a first `make run`).
PIP_INSTALL = $(BIN)/python -m pip install --quiet --disable-pip-version-check --require-hashes --no-deps --no-compile

# What serving needs (`make run`, the image): the runtime lock.
$(VENV)/.installed-base: requirements/base.txt | $(BIN)/python
	$(PIP_INSTALL) -r requirements/base.txt
	touch $@

# The runtime lock plus the test and lint tools (a superset of base.txt, with its pins).
$(VENV)/.installed: requirements/dev.txt | $(BIN)/python
	$(PIP_INSTALL) -r requirements/dev.txt
	touch $@ $(VENV)/.installed-base

install: $(VENV)/.installed
install-base: $(VENV)/.installed-base

# Recompile both lock files from pyproject.toml (LOCK_ARGS=--upgrade, or
# LOCK_ARGS="--upgrade-package django"); requirements/dev.txt keeps base.txt's versions.
UV_COMPILE = $(BIN)/uv pip compile pyproject.toml --universal --python-version 3.11 \
	--generate-hashes --custom-compile-command "make lock" --quiet $(LOCK_ARGS)
lock: install
	$(UV_COMPILE) -o requirements/base.txt
	$(UV_COMPILE) --extra dev -c requirements/base.txt -o requirements/dev.txt

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

# Rewrites files: ruff's safe fixes, then the formatter.
format: install
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

typecheck: install
	$(BIN)/mypy

# The generated clients (README "Clients"): clients/openapi.json from the code, TypeScript types
# (openapi-typescript) and the Python client (openapi-python-client), with the locked tools.
# `make clients` rewrites them in place; `make clients-check` regenerates them into a temporary
# directory, fails on any difference from the committed files, then type-checks the web client's
# JavaScript and the TypeScript bot against the generated types.
NPM_DIR := clients/typescript
$(NPM_DIR)/node_modules/.installed: $(NPM_DIR)/package-lock.json
	cd $(NPM_DIR) && npm ci --prefer-offline --no-audit --no-fund --loglevel=error
	touch $@

clients: install $(NPM_DIR)/node_modules/.installed
	clients/generate.sh

clients-check: install $(NPM_DIR)/node_modules/.installed
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && clients/generate.sh "$$tmp" >/dev/null && \
	diff -ru clients/openapi.json "$$tmp/openapi.json" && \
	diff -ru $(NPM_DIR)/src/schema.d.ts "$$tmp/typescript/src/schema.d.ts" && \
	diff -ru clients/python/halfmoon_client "$$tmp/python/halfmoon_client" || \
	{ echo "clients: the generated files differ from the code: run 'make clients' and commit" >&2; exit 1; }
	$(MAKE) --no-print-directory typecheck-web
	$(MAKE) --no-print-directory web-check

# The web client's bundle (docs/PERFORMANCE.md, "First load"): web/static/web/app.js and its
# modules bundled and minified by the locked esbuild into web/static/web/dist/app.js (one ES
# module, with its source map), the file the page loads. The bundle is committed, so `make run`
# and the image need no Node.js; `make test` rebuilds it from the sources it tests, and
# `make web-check` (in `make clients-check`) fails when the committed bundle is stale.
web: $(NPM_DIR)/node_modules/.installed
	cd $(NPM_DIR) && node build-web.mjs

web-check: $(NPM_DIR)/node_modules/.installed
	cd $(NPM_DIR) && node build-web.mjs --check --committed

# The static files collected into staticfiles/ under hashed names (web/dist/app.<hash>.js), each
# with its .br and .gz beside it, for WhiteNoise to serve compressed and cached for a year
# (HALFMOON_STATIC_COLLECTED; the image does the same at its build).
# Collected again only when a static file or the runtime lock changed (a first collection takes
# half a minute: Brotli at its best quality).
STATIC_SOURCES := $(shell find web/static games/static realtime/static -type f 2>/dev/null)
staticfiles/staticfiles.json: $(VENV)/.installed-base $(STATIC_SOURCES)
	HALFMOON_STATIC_COLLECTED=true $(BIN)/python manage.py collectstatic --noinput --clear -v 0

static: staticfiles/staticfiles.json

# tsc --checkJs over web/static/web/*.js (JSDoc types from the generated schema) and bot.ts.
typecheck-web: $(NPM_DIR)/node_modules/.installed
	cd $(NPM_DIR) && npx --no-install tsc -p tsconfig.json && npx --no-install tsc -p tsconfig.web.json

# The alert rules (deploy/prometheus/alerts.yml): promtool checks them and runs their unit tests
# (alerts_test.yml). promtool comes with Debian's prometheus package, installed when missing
# (as root, as CI runs); tests/ops/test_alerts.py runs the same through `make promtool`.
promtool:
	@command -v promtool >/dev/null || { apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus >/dev/null; }
	@promtool --version | head -n1

alerts-check: promtool
	promtool check rules deploy/prometheus/alerts.yml
	promtool test rules deploy/prometheus/alerts_test.yml

migrate: install-base
	$(BIN)/python manage.py migrate --noinput

run: migrate static
	@echo "Half Moon on http://$(HOST):$(PORT)/  (API /api/v1/, docs /api/v1/docs/, admin /admin/)"
	@echo "Staff account for /admin/: $(BIN)/python manage.py createsuperuser"
	@# daphne, draining on SIGTERM and refusing oversized bodies at once; no plain-text access
	@# log (every request already logs one JSON line).
	HALFMOON_STATIC_COLLECTED=true $(BIN)/python -m halfmoon_service.serve -b $(HOST) -p $(PORT)

# The bots' tests run the TypeScript bot with the clients' locked npm tools (Node.js 20+).
# Then the tests marked `alone` run by themselves, the machine otherwise idle: the failover's
# pauses are measured against a bar (seconds), which a CPU shared with three busy workers
# stretched past it. "No tests collected" (5) fails only when both runs collected none.
test: install $(NPM_DIR)/node_modules/.installed web
	@first=0; second=0; \
	$(BIN)/python -m pytest $(PARALLEL) -m "not alone" $(PYTEST_ARGS) || first=$$?; \
	$(BIN)/python -m pytest -m alone $(PYTEST_ARGS) || second=$$?; \
	if [ $$first -eq 5 ] && [ $$second -eq 5 ]; then exit 5; fi; \
	[ $$first -eq 5 ] && first=0; [ $$second -eq 5 ] && second=0; \
	exit $$(( first > second ? first : second ))

# Rewrites tests/data/exchanges.jsonl, the answers both transports give to a recorded set of
# requests and frames (tests/support/exchanges.py): after a change of behaviour, never after a
# refactoring, which must leave it as it is. Review its diff with the change.
exchanges: install
	HALFMOON_RECORD_EXCHANGES=1 $(BIN)/python -m pytest -q tests/contract/test_recorded_exchanges.py -rs

test-fast: install
	$(BIN)/python -m pytest $(FAST_TESTS) $(PARALLEL) $(PYTEST_ARGS)

messages: install
	$(BIN)/django-admin makemessages -l hr -l tr --no-obsolete --ignore='.venv/*' --ignore='tests/*'
	$(BIN)/django-admin compilemessages --ignore='.venv/*'

bench: install
	$(BIN)/python bench/engine.py

# Moves/s, fan-out, 10,000 sockets, engine share, storage vs a pgbench floor (docs/PERFORMANCE.md).
perf: install
	bench/run_all

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .mypy_cache .ruff_cache .import_linter_cache staticfiles
	rm -rf $(NPM_DIR)/node_modules
