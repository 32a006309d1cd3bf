"""``docker-compose.yml`` checked without a container engine: it refuses to start without real
secrets (no default for either key), is valid by the Compose
Specification's JSON schema (the one the npm package ``dclint`` ships, installed with the
clients' locked tools by ``npm ci``), and every command and environment variable it gives the
service's images exists in the code.

The file is interpolated first as Compose does (``${VAR:-default}``, ``${VAR:?message}``),
with the defaults, and a placeholder for a required variable."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml
from django.core.management import get_commands

from tests.support.servers import REPO

COMPOSE = REPO / "docker-compose.yml"
SPEC = REPO / "clients/typescript/node_modules/dclint/schemas/compose.schema.json"
#: ``${NAME}``, ``${NAME:-default}``, ``${NAME-default}``, ``${NAME:?message}``.
VARIABLE = re.compile(r"\$\{(\w+)(?:(:?[-?])([^}]*))?\}")
#: Variables of the images this repository does not build (postgres, grafana …), or read by
#: the tools the image runs (gunicorn's WEB_CONCURRENCY, prometheus_client's directory).
NOT_OURS = ("POSTGRES_", "GF_")
READ_BY_TOOLS = {"WEB_CONCURRENCY", "PROMETHEUS_MULTIPROC_DIR"}
CODE = ["halfmoon_service", "games", "api", "realtime", "web", "deploy"]


def interpolated(text: str) -> str:
    def value(match: re.Match) -> str:
        name, kind, rest = match.groups()
        if kind and kind.endswith("?"):
            return f"required-{name.lower()}"
        return rest or "" if kind else ""

    return VARIABLE.sub(value, text)


@pytest.fixture(scope="module")
def compose() -> dict:
    return yaml.safe_load(interpolated(COMPOSE.read_text()))


def test_the_compose_file_is_valid_by_the_compose_specification(compose):
    assert SPEC.exists(), "npm ci in clients/typescript installs dclint"
    spec = json.loads(SPEC.read_text())
    validator = jsonschema.validators.validator_for(spec)(spec)
    assert [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(compose)] == []
    broken = {**compose, "services": {**compose["services"], "web": {"comand": ["python"]}}}
    assert list(validator.iter_errors(broken)), "the schema refuses an unknown key"


def built(compose: dict) -> dict[str, dict]:
    return {name: service for name, service in compose["services"].items() if "build" in service}


def test_every_command_of_the_built_services_exists(compose):
    commands = get_commands()
    seen = []
    for name, service in built(compose).items():
        checks = [service["command"]]
        test = service.get("healthcheck", {}).get("test")
        if test:
            checks.append(test[1:] if test[0] in ("CMD", "CMD-SHELL") else test)
        for argv in checks:
            program, *args = argv
            if program == "python" and args[0] == "manage.py":
                assert args[1] in commands, (name, argv)
            elif program == "python" and args[0] == "-m":
                assert importlib.util.find_spec(args[1]) is not None, (name, argv)
            elif program == "python" and args[0] == "-c":
                compile(args[1], f"{name} healthcheck", "exec")
            elif program == "gunicorn":
                assert (REPO / args[args.index("-c") + 1]).exists(), (name, argv)
                module, app = args[-1].split(":")
                assert importlib.util.find_spec(module) is not None, (name, argv)
                assert app in Path(importlib.util.find_spec(module).origin).read_text()
                assert shutil.which("gunicorn", path=str(Path(sys.executable).parent)), argv
            else:
                raise AssertionError(f"{name}: a command this test does not know: {argv}")
            seen.append(name)
    assert {"migrate", "http", "web", "worker"} <= set(seen)


def _read_in_code(name: str) -> bool:
    pattern = re.compile(rf"[\"']{re.escape(name)}[\"']|\b{re.escape(name)}\b")
    for folder in CODE:
        for path in (REPO / folder).rglob("*.py"):
            if pattern.search(path.read_text()):
                return True
    return False


def test_every_environment_variable_of_the_built_services_is_read_by_the_code(compose):
    names = {
        variable
        for service in built(compose).values()
        for variable in service.get("environment", {})
        if not variable.startswith(NOT_OURS) and variable not in READ_BY_TOOLS
    }
    assert {"DATABASE_URL", "HALFMOON_PUBLIC_URL", "SECRET_KEY"} <= names
    assert sorted(name for name in names if not _read_in_code(name)) == []
    # Those read by the tools, read where the tools are configured.
    gunicorn = (REPO / "deploy/gunicorn.conf.py").read_text()
    assert "GUNICORN_BIND" in gunicorn or _read_in_code("GUNICORN_BIND")


def test_the_migration_step_refuses_mail_without_the_public_address(compose):
    """``migrate`` runs the system checks before any server starts: it gets the mail settings,
    so halfmoon.E004 stops the deployment that would mail links without HALFMOON_PUBLIC_URL."""
    migrate = compose["services"]["migrate"]["environment"]
    for name in ("EMAIL_HOST", "HALFMOON_PUBLIC_URL"):
        assert name in migrate and name in compose["services"]["http"]["environment"], name


def test_every_secret_in_compose_is_required_and_has_no_default():
    """docker-compose.yml refuses to start without real secrets (no default for either key)."""
    text = COMPOSE.read_text()
    values = re.findall(r"^\s+(SECRET_KEY|HALFMOON_DEAL_KEY): (.*)$", text, re.M)
    assert {name for name, _ in values} == {"SECRET_KEY", "HALFMOON_DEAL_KEY"}
    for name, value in values:
        assert re.fullmatch(r"\$\{" + name + r":\?[^}]+\}", value.strip()), (name, value)
