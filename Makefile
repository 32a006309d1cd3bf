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

.PHONY: run test test-fast install lock lint format typecheck migrate messages bench perf clean

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
