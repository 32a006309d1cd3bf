"""Fixtures of the contract tests: the served OpenAPI schema."""

import pytest

from tests.support.contract import API


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    from rest_framework.test import APIClient

    with django_db_blocker.unblock():
        response = APIClient().get(API + "schema/", {"format": "json"})
    assert response.status_code == 200, response.content
    return response.json()


def operations(schema):
    """(path, method, operation) of every operation of the schema."""
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method in ("get", "post", "put", "patch", "delete"):
                yield path, method, operation


def error_codes(schema, operation) -> dict[str, set[str]]:
    """status → the codes the operation lists for it (names resolved from components)."""
    components = schema["components"]["schemas"]
    found = {}
    for status, response in operation["responses"].items():
        if not status.startswith(("4", "5")):
            continue
        body = response["content"]["application/json"]["schema"]
        refs = [r["$ref"] for r in body.get("oneOf", [body])]
        found[status] = {
            components[ref.rsplit("/", 1)[1]]["properties"]["code"]["const"] for ref in refs
        }
    return found
