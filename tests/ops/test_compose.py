"""``docker-compose.yml`` checked without a container engine: it refuses to start without real
secrets (no default for either key), is valid by the Compose
Specification's JSON schema (the copy the locked ``check-jsonschema`` vendors as
``vendor.compose-spec``), and every command and environment variable it gives the service's
images exists in the code.

The file is interpolated first as Compose does (``${VAR:-default}``, ``${VAR:?message}``),
with the defaults, and a placeholder for a required variable."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import secrets
import shutil
import subprocess
import sys
from importlib import resources
from pathlib import Path

import jsonschema
import pytest
import yaml
from django.core.management import get_commands

from tests.support.servers import REPO

COMPOSE = REPO / "docker-compose.yml"
SPEC = "compose-spec.json"  # in check_jsonschema.builtin_schemas.vendor
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
    spec = json.loads(
        resources.files("check_jsonschema.builtin_schemas.vendor").joinpath(SPEC).read_text()
    )
    validator = jsonschema.validators.validator_for(spec)(spec)
    assert [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(compose)] == []
    broken = {**compose, "services": {**compose["services"], "web": {"comand": ["python"]}}}
    assert list(validator.iter_errors(broken)), "the schema refuses an unknown key"


def built(compose: dict) -> dict[str, dict]:
    """The services of the service's own image (the "ha" profile's PostgreSQL hosts have theirs:
    test_the_ha_profile_runs_the_tested_commands)."""
    return {name: service for name, service in compose["services"].items()
            if service.get("build") == "."}  # fmt: skip


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


# -- production mode and restarts (issue 37) --------------------------------------------------
def one_shot(compose: dict) -> set[str]:
    """Services others wait to have completed (the migrations): they run once, then exit."""
    waits = [s.get("depends_on") for s in compose["services"].values()]
    return {
        name
        for depends_on in waits
        if isinstance(depends_on, dict)
        for name, condition in depends_on.items()
        if condition.get("condition") == "service_completed_successfully"
    }


def test_production_mode_is_on_with_both_keys_required_in_every_built_service(compose):
    text = interpolated_keep_required(COMPOSE.read_text())
    raw = yaml.safe_load(text)
    for name, service in built(compose).items():
        environment = service["environment"]
        assert environment.get("HALFMOON_PRODUCTION") == "true", name
        for key in ("SECRET_KEY", "HALFMOON_DEAL_KEY"):
            assert raw["services"][name]["environment"][key] == f"required:{key}", (name, key)


def interpolated_keep_required(text: str) -> str:
    """As Compose reads the file, a required variable marked ``required:NAME``."""

    def value(match: re.Match) -> str:
        name, kind, rest = match.groups()
        if kind and kind.endswith("?"):
            return f"required:{name}"
        return rest or "" if kind else ""

    return VARIABLE.sub(value, text)


def test_every_long_running_service_restarts_unless_stopped(compose):
    once = one_shot(compose)
    assert "migrate" in once
    for name, service in compose["services"].items():
        if name in once:
            assert service.get("restart", "no") == "no", name  # a finished step stays finished
        else:
            assert service.get("restart") == "unless-stopped", name


def settings_import(environment: dict[str, str]) -> subprocess.CompletedProcess:
    """Import the settings as a container of the compose file would (its environment only)."""
    return subprocess.run(
        [sys.executable, "-c", "import halfmoon_service.settings"],
        cwd=REPO,
        env={"PATH": os.environ.get("PATH", ""), **environment},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("service", ["http", "web", "worker", "migrate"])
def test_a_service_refuses_to_start_with_the_published_deal_key_or_a_weak_secret(compose, service):
    """The red team's start: ``SECRET_KEY=x HALFMOON_DEAL_KEY=<the public key>``."""
    from games.engine.deals import PUBLIC_KEY

    environment = {
        name: str(value)
        for name, value in compose["services"][service]["environment"].items()
        if not name.endswith(("SECRET_KEY", "DEAL_KEY"))
    }
    strong = {
        "SECRET_KEY": secrets.token_urlsafe(50),
        "HALFMOON_DEAL_KEY": secrets.token_urlsafe(32),
    }
    assert settings_import({**environment, **strong}).returncode == 0
    for weak in (
        {**strong, "HALFMOON_DEAL_KEY": PUBLIC_KEY.decode()},
        {**strong, "SECRET_KEY": "x"},
    ):
        refused = settings_import({**environment, **weak})
        assert refused.returncode != 0 and "HALFMOON_PRODUCTION is on" in refused.stderr


def test_the_ha_profile_runs_the_tested_commands(compose):
    """A monitor and two data nodes beside the single-node default, started by
    deploy/ha/start.sh with the settings the failover tests use (monitor.sql, node.sh)."""
    ha = {name: s for name, s in compose["services"].items() if "ha" in s.get("profiles", [])}
    assert sorted(ha) == ["db-monitor", "db-node1", "db-node2"]
    assert "profiles" not in compose["services"]["db"]  # the default stays single-node
    start = (REPO / "deploy/ha/start.sh").read_text()
    commands = ("monitor.sql", "node.sh", "pg_autoctl create monitor", "pg_autoctl create postgres")
    for command in commands:
        assert command in start, command
    for service in ha.values():
        assert service["build"]["dockerfile"] == "deploy/ha/Dockerfile"
        assert service["command"][0] in ("monitor", "node")
    # Backups (deploy/ha/backup.sh, run by tests/reliability/test_restore.py): every data node
    # has pgBackRest's configuration for the stanza the script uses, and the repository.
    conf = (REPO / "deploy/ha/pgbackrest.conf").read_text()
    assert "[halfmoon]" in conf and "pg1-path=/var/lib/postgresql/data" in conf
    for name in ("db-node1", "db-node2"):
        mounts = ha[name]["volumes"]
        assert "./deploy/ha/pgbackrest.conf:/etc/pgbackrest/pgbackrest.conf:ro" in mounts, name
        assert "pgbackups:/var/lib/pgbackrest" in mounts, name


def test_migrations_run_once_per_deployment_never_at_a_replica_start(compose):
    """The one-shot migrate service; every service of the image waits for it; the image's
    default command serves without migrating (several replicas would migrate at once)."""
    assert compose["services"]["migrate"]["command"][-2:] == ["migrate", "--noinput"]
    for name, service in built(compose).items():
        if name != "migrate":
            assert service["depends_on"]["migrate"] == {
                "condition": "service_completed_successfully"
            }, name
            assert "migrate" not in service["command"], name
    dockerfile = (REPO / "Dockerfile").read_text()
    (cmd,) = [line for line in dockerfile.splitlines() if line.startswith("CMD")]
    assert "migrate" not in cmd and "halfmoon_service.serve" in cmd
