"""Model instances from rows of hand-written SQL, converted exactly as the ORM would.

The hot path (a game change, a token lookup) runs literal SQL through Django's cursor, so its
queries are seen by ``CaptureQueriesContext``, ``execute_wrapper`` and APM spans like any
other; this module turns the rows it reads into model instances with the fields' own
database converters (SQLite hands dates over as text, for instance).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, TypeVar

from django.db import connections
from django.db.models import Model

M = TypeVar("M", bound=Model)


def row_id(value: object) -> int | None:
    """An id as a whole number a bigint key can hold (digits in a string too), None when it
    names no row: what the row readers look up, so none sends PostgreSQL a bad key."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 < value < 2**63:
        return value
    return None


def concrete_columns(model: type[Model]) -> tuple[str, ...]:
    """The model's database columns in field order: what hand-written SQL must select."""
    return tuple(str(field.column) for field in model._meta.concrete_fields)


def instance(model: type[M], row: Sequence[Any], using: str = "default") -> M:
    """An instance of ``model`` from a row holding its concrete columns in field order."""
    names = _attnames(model)
    values = list(row)
    for index, convert in _converters(model, using):
        values[index] = convert(values[index])
    return model.from_db(using, names, values)


def field_value(model: type[Model], name: str, value: Any, using: str = "default") -> Any:
    """One column's value as the ORM would give it for ``model``'s field ``name`` (a column
    of another table read by the same literal query, say)."""
    field = model._meta.get_field(name)
    for index, convert in _converters(model, using):
        if model._meta.concrete_fields[index] is field:
            return convert(value)
    return value


@cache
def _attnames(model: type[Model]) -> list[str]:
    return [field.attname for field in model._meta.concrete_fields]


@cache
def _converters(model: type[Model], using: str) -> tuple[tuple[int, Callable[[Any], Any]], ...]:
    connection = connections[using]
    found = []
    for index, field in enumerate(model._meta.concrete_fields):
        expression = field.get_col(model._meta.db_table)
        functions = connection.ops.get_db_converters(expression) + field.get_db_converters(
            connection
        )
        if functions:
            found.append((index, _chain(functions, expression, connection)))
    return tuple(found)


def _chain(functions: list[Any], expression: Any, connection: Any) -> Callable[[Any], Any]:
    def convert(value: Any) -> Any:
        for function in functions:
            value = function(value, expression, connection)
        return value

    return convert
