# Half Moon service. `make run` serves on 127.0.0.1:$(PORT); `make test` runs the whole suite.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
HOST ?= 127.0.0.1

.PHONY: run test install migrate messages bench perf clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV) || python3 -m venv $(VENV)

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $@

install: $(VENV)/.installed

migrate: install
	$(BIN)/python manage.py migrate --noinput

run: migrate
	@echo "Half Moon on http://$(HOST):$(PORT)/  (API /api/v1/, docs /api/v1/docs/, admin /admin/)"
	@echo "Staff account for /admin/: $(BIN)/python manage.py createsuperuser"
	$(BIN)/daphne -b $(HOST) -p $(PORT) halfmoon_service.asgi:application

test: install
	$(BIN)/python -m pytest $(PYTEST_ARGS)

messages: install
	$(BIN)/django-admin makemessages -l hr -l tr --no-obsolete --ignore='.venv/*' --ignore='tests/*'
	$(BIN)/django-admin compilemessages --ignore='.venv/*'

bench: install
	$(BIN)/python bench/engine.py

# Moves/s, fan-out, 10,000 sockets, engine share, storage vs a pgbench floor (docs/PERFORMANCE.md).
perf: install
	bench/run_all

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
