"""Errors as data: each domain's ``errors`` module is a table of :func:`games.core.errors.declare`
rows, one per code, from which the registry, the error schemas and docs/PROTOCOL.md's table
come. What the rows must hold together is checked here."""

from __future__ import annotations

import inspect
from importlib import import_module

import pytest
from django.utils.translation import gettext_lazy as _

from games.apps import DOMAINS
from games.core import errors as core
from games.core.error_schemas import DETAIL_SCHEMAS
from games.core.errors import REGISTRY, ServiceError, class_name, declare, describe

MODULES = [f"games.{domain}.errors" for domain in (*DOMAINS, "transport")] + ["games.core.errors"]


def declared_in(module_name: str) -> dict[str, type[ServiceError]]:
    module = import_module(module_name)
    return {
        name: value
        for name, value in vars(module).items()
        if inspect.isclass(value)
        and issubclass(value, ServiceError)
        and value is not ServiceError
        and "code" in vars(value)
    }


@pytest.mark.parametrize("module_name", MODULES)
def test_each_row_is_bound_to_the_name_its_code_gives_and_lives_in_its_module(module_name):
    rows = declared_in(module_name)
    own = {name: error for name, error in rows.items() if error.__module__ == module_name}
    assert own or module_name == "games.core.errors"
    for name, error in own.items():
        assert name == error.__name__ == class_name(error.code), (name, error.code)
        assert REGISTRY[error.code].status == error.status
        assert str(REGISTRY[error.code].message) == str(error.default_message)
        assert error.when, f"{error.code}: say when a client meets it"
        for field in error.detail_fields:
            assert field in DETAIL_SCHEMAS, f"{error.code}: detail {field!r} has no schema"


def test_every_registered_code_comes_from_exactly_one_row_or_the_engine():
    owners: dict[str, list[str]] = {}
    for module_name in MODULES:
        for error in declared_in(module_name).values():
            owners.setdefault(error.code, [])
            if error.__module__ == module_name:
                owners[error.code].append(module_name)
    from games.engine import errors as engine

    engine_codes = {
        value.code
        for value in vars(engine).values()
        if inspect.isclass(value) and issubclass(value, engine.EngineError)
    }
    assert {code for code, where in owners.items() if len(where) != 1} == set()
    assert set(REGISTRY) == set(owners) | (engine_codes & set(REGISTRY))


def test_the_transports_errors_are_out_of_the_core():
    transport = declared_in("games.transport.errors")
    assert {"invalid_json", "not_authenticated", "precondition_failed"} <= {
        error.code for error in transport.values()
    }
    assert not hasattr(core, "InvalidJson") and not hasattr(core, "PreconditionFailed")


def test_a_declared_row_is_an_exception_that_renders_and_catches_by_its_base():
    class Base(ServiceError):
        pass

    error_type = declare(
        "test_row_declared",
        409,
        _("Pile %(number)s is tested."),
        details=("game_id",),
        when="a test",
        base=Base,
    )
    try:
        assert error_type.__name__ == "TestRowDeclared"
        assert error_type.__module__ == __name__
        with pytest.raises(Base) as raised:
            raise error_type(game_id=7)
        assert describe(raised.value) == (
            409,
            {"code": "test_row_declared", "message": "Pile %(number)s is tested.", "game_id": 7},
        )
    finally:
        REGISTRY.pop("test_row_declared")


def test_a_code_declared_twice_differently_is_refused():
    with pytest.raises(RuntimeError, match="game_not_found"):
        declare("game_not_found", 418, _("Another message."), when="never")
