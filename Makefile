# Half Moon service. `make run` serves on 127.0.0.1:$(PORT); `make test` runs the whole suite.
# The project is not installed as a package: .venv gets the exact pins of requirements/dev.txt
# and the code runs from this checkout. See "Development" in README.md.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
HOST ?= 127.0.0.1
# The edit loop: no browser, no server processes, nothing slow; stops at the first failure.
FAST_TESTS ?= -m "not slow and not browser and not process" --ignore=tests/reliability -x -q

.PHONY: run test test-fast install lock lint format typecheck migrate messages bench perf clean \
	clients clients-check typecheck-web

$(BIN)/python:
	$(PYTHON) -m venv $(VENV) || python3 -m venv $(VENV)

$(VENV)/.installed: requirements/dev.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --require-hashes -r requirements/dev.txt
	touch $@

install: $(VENV)/.installed

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

# tsc --checkJs over web/static/web/*.js (JSDoc types from the generated schema) and bot.ts.
typecheck-web: $(NPM_DIR)/node_modules/.installed
	cd $(NPM_DIR) && npx --no-install tsc -p tsconfig.json && npx --no-install tsc -p tsconfig.web.json

migrate: install
	$(BIN)/python manage.py migrate --noinput

run: migrate
	@echo "Half Moon on http://$(HOST):$(PORT)/  (API /api/v1/, docs /api/v1/docs/, admin /admin/)"
	@echo "Staff account for /admin/: $(BIN)/python manage.py createsuperuser"
	@# daphne, draining on SIGTERM and refusing oversized bodies at once; no plain-text access
	@# log (every request already logs one JSON line).
	$(BIN)/python -m halfmoon_service.serve -b $(HOST) -p $(PORT)

test: install
	$(BIN)/python -m pytest $(PYTEST_ARGS)

test-fast: install
	$(BIN)/python -m pytest $(FAST_TESTS) $(PYTEST_ARGS)

messages: install
	$(BIN)/django-admin makemessages -l hr -l tr --no-obsolete --ignore='.venv/*' --ignore='tests/*'
	$(BIN)/django-admin compilemessages --ignore='.venv/*'

bench: install
	$(BIN)/python bench/engine.py

# Moves/s, fan-out, 10,000 sockets, engine share, storage vs a pgbench floor (docs/PERFORMANCE.md).
perf: install
	bench/run_all

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .mypy_cache .ruff_cache .import_linter_cache
	rm -rf $(NPM_DIR)/node_modules
