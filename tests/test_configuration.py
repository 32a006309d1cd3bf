"""Settings come from the environment and fail loudly; deploy checks flag development secrets;
the lock files are in step with pyproject.toml and with the environment."""

import os
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.core.management.base import SystemCheckError
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from halfmoon_service import env

REPO = Path(__file__).resolve().parent.parent


def settings_in_subprocess(**environ) -> subprocess.CompletedProcess:
    """Load the settings in a fresh interpreter with exactly these variables set."""
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "REDIS_URL", "DEBUG", "SECRET_KEY", "HALFMOON_DEAL_KEY")
    }
    code = (
        "import django, json; from django.conf import settings; django.setup();"
        "print(json.dumps([settings.DATABASES['default']['ENGINE'],"
        " settings.CHANNEL_LAYERS['default']['BACKEND'], settings.DEBUG]))"
    )
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO,
        capture_output=True,
        text=True,
        env={**clean, "DJANGO_SETTINGS_MODULE": "halfmoon_service.settings", **environ},
    )


def test_embedded_default_when_nothing_is_set():
    result = settings_in_subprocess()
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        '["django.db.backends.sqlite3", "channels.layers.InMemoryChannelLayer", false]'
    )


def test_postgres_and_redis_from_urls():
    result = settings_in_subprocess(
        DATABASE_URL="postgres://u:p@db.example:5432/hm",
        REDIS_URL="redis://cache.example:6379/1",
        DEBUG="yes",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        '["halfmoon_service.postgresql", "channels_redis.pubsub.RedisPubSubChannelLayer", true]'
    )


@pytest.mark.parametrize(
    "environ, named",
    [
        ({"DEBUG": "maybe"}, "DEBUG"),
        ({"DATABASE_URL": "mysql://x@y/z"}, "DATABASE_URL"),
        ({"DATABASE_REPLICA_URL": "mysql://x@y/z"}, "DATABASE_REPLICA_URL"),
        ({"REDIS_URL": "http://localhost"}, "REDIS_URL"),
        ({"HALFMOON_MAX_BODY_BYTES": "lots"}, "HALFMOON_MAX_BODY_BYTES"),
    ],
)
def test_malformed_values_stop_the_process_naming_the_variable(environ, named):
    result = settings_in_subprocess(**environ)
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr and named in result.stderr


def test_redis_layer_never_times_out_its_blocking_receive():
    layer = env.channel_layer_from_url("redis://127.0.0.1:6379/0")
    assert layer["CONFIG"]["hosts"] == [
        {"address": "redis://127.0.0.1:6379/0", "socket_timeout": None}
    ]


def test_env_helpers_reject_bad_values(monkeypatch):
    monkeypatch.setenv("DATABASE_LOCK_TIMEOUT", "-3")  # declared variables, bad values
    with pytest.raises(ImproperlyConfigured, match="DATABASE_LOCK_TIMEOUT"):
        env.env_int("DATABASE_LOCK_TIMEOUT", 5, minimum=0)
    monkeypatch.setenv("ALLOWED_HOSTS", " a, ,b ")
    assert env.env_list("ALLOWED_HOSTS", []) == ["a", "b"]


def test_deploy_check_warns_about_public_deal_key_and_dev_secret(settings):
    settings.DEBUG = False
    with pytest.raises(SystemCheckError) as raised:
        call_command("check", "--deploy", "--fail-level", "WARNING", "--tag", "security")
    text = str(raised.value)
    assert "halfmoon.W001" in text and "halfmoon.W002" in text


def test_deploy_check_is_quiet_with_real_secrets(settings):
    settings.DEBUG = False
    settings.HALFMOON_DEAL_KEY = b"a-real-deployment-secret-nobody-knows"
    settings.SECRET_KEY = "k" * 30 + "Q9z!x7Lm2@pR4#tV6^wY8&bN0*cF3(hJ"
    from halfmoon_service.checks import check_secrets

    assert check_secrets() == []


def locked(lock_file: str) -> dict[str, Requirement]:
    """The pins of a lock file that apply to this interpreter, by normalised name."""
    text = (REPO / "requirements" / lock_file).read_text(encoding="utf-8")
    pins = [Requirement(line.split(" \\")[0]) for line in text.splitlines() if line[:1].isalnum()]
    return {canonicalize_name(p.name): p for p in pins if p.marker is None or p.marker.evaluate()}


def version_of(pin: Requirement) -> str:
    (spec,) = pin.specifier
    assert spec.operator == "==", pin
    return spec.version


@pytest.mark.parametrize("lock_file, extra", [("base.txt", None), ("dev.txt", "dev")])
def test_the_lock_files_pin_what_pyproject_asks_for(lock_file, extra):
    """Fails when pyproject.toml changed without `make lock`."""
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = project["dependencies"] + (project["optional-dependencies"][extra] if extra else [])
    pins = locked(lock_file)
    for requirement in map(Requirement, wanted):
        pin = pins.get(canonicalize_name(requirement.name))
        assert pin is not None, f"{requirement.name} is missing from requirements/{lock_file}"
        assert requirement.specifier.contains(version_of(pin)), (requirement, pin)


def test_dev_lock_keeps_the_runtime_versions_and_the_environment_matches_it():
    base, dev = locked("base.txt"), locked("dev.txt")
    assert {name: version_of(base[name]) for name in base} == {
        name: version_of(dev[name]) for name in base
    }
    installed = {name: metadata.version(name) for name in dev}
    assert installed == {name: version_of(pin) for name, pin in dev.items()}, (
        "the environment is not the lock: run `make install`"
    )
