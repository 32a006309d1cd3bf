"""Every environment variable is declared once (halfmoon_service.configuration): the code reads
none that is not, declares none that nothing reads, and the README's table is generated from
the declarations."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.conf import settings

from halfmoon_service import configuration, env
from halfmoon_service.management.commands.configuration_doc import README, render

REPO = Path(__file__).resolve().parent.parent
SOURCES = ("halfmoon_service", "games", "api", "realtime", "web", "deploy")
READERS = {"env_str", "env_bool", "env_int", "env_list", "env_networks", "getenv"}
#: Read outside Python (the Makefile).
READ_BY_MAKE = {"PORT"}


def _name(call: ast.Call) -> str | None:
    if call.args and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str):
        return call.args[0].value
    return None


def environment_reads(tree: ast.AST) -> set[str]:
    """Names read from the environment in a module: ``env_*("X")``, ``os.getenv("X")``,
    ``os.environ.get("X")``, ``os.environ["X"]`` and a module constant passed to them."""
    constants = {
        target.id: node.value.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            environ_get = (
                isinstance(func, ast.Attribute)
                and func.attr in ("get", "setdefault")
                and isinstance(func.value, ast.Attribute)
                and func.value.attr == "environ"
            )
            if called in READERS or environ_get:
                name = _name(node)
                if name is None and node.args and isinstance(node.args[0], ast.Name):
                    name = constants.get(node.args[0].id)
                if name is not None:
                    names.add(name)
        elif (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Attribute)
            and node.value.attr == "environ"
            and isinstance(node.slice, ast.Constant)
        ):
            names.add(node.slice.value)
    return names


def all_reads() -> dict[str, str]:
    reads = {}
    for folder in SOURCES:
        for path in (REPO / folder).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            for name in environment_reads(ast.parse(path.read_text(encoding="utf-8"))):
                reads.setdefault(name, str(path.relative_to(REPO)))
    return reads


def test_the_scan_finds_every_kind_of_read():
    code = (
        'import os\nVAR = "E"\nenv_int("A", 1)\nos.environ.get("B")\nos.environ["C"]\n'
        'os.getenv("D")\nos.environ.get(VAR, "")\n'
    )
    assert environment_reads(ast.parse(code)) == {"A", "B", "C", "D", "E"}


def test_every_variable_the_code_reads_is_declared():
    reads = all_reads()
    assert len(reads) > 50  # the scan sees the settings
    undeclared = {}
    for name, where in reads.items():
        try:
            configuration.declared(name)
        except LookupError:
            undeclared[name] = where
    # Set by the serving code for the processes it starts, and Django's own module variable.
    undeclared.pop("DJANGO_SETTINGS_MODULE", None)
    assert undeclared == {}, "declare these in halfmoon_service/configuration.py"


def test_every_declared_variable_is_read_somewhere():
    reads = set(all_reads()) | READ_BY_MAKE
    throttles = {f"{configuration.THROTTLE_PREFIX}<SCOPE>"}
    unread = set(configuration.BY_NAME) - reads - throttles
    assert unread == set(), "declared but never read: remove them or read them"


def test_every_throttle_scope_is_a_declared_variable():
    for scope in settings.HALFMOON_THROTTLE_DEFAULTS:
        assert configuration.declared(f"HALFMOON_THROTTLE_{scope.upper()}").kind == "rate"


def test_reading_an_undeclared_variable_fails_at_once(monkeypatch):
    monkeypatch.setenv("HALFMOON_NOT_DECLARED", "1")
    with pytest.raises(LookupError, match="HALFMOON_NOT_DECLARED"):
        env.env_str("HALFMOON_NOT_DECLARED")
    with pytest.raises(LookupError):
        env.env_int("HALFMOON_NOT_DECLARED", 0)


def test_every_declaration_is_complete_and_in_a_section():
    names = [variable.name for variable in configuration.VARIABLES]
    assert len(names) == len(set(names))
    for variable in configuration.VARIABLES:
        assert variable.section in configuration.SECTIONS, variable
        assert variable.kind and variable.default and variable.meaning, variable


def test_the_readme_table_is_generated_from_the_declarations():
    current = README.read_text(encoding="utf-8")
    assert render(current) == current, "README.md is stale: run manage.py configuration_doc"
    for variable in configuration.VARIABLES:
        assert f"| `{variable.name}` |" in current
    stale = current.replace("| `LOG_LEVEL` | text |", "| `LOG_LEVEL` | number |")
    assert stale != current and render(stale) == current
