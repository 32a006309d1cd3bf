"""The OpenAPI schema documents every endpoint of api/urls.py; the interactive docs render."""

import re

import pytest
from django.urls import URLPattern, URLResolver

import api.urls

pytestmark = pytest.mark.django_db

PREFIX = "/api/v1/"
NOT_DOCUMENTED = {"schema", "docs"}  # the schema and its viewer are not API endpoints
ACTIONS = ["moves", "undo", "taps", "resign"]


def api_routes(patterns=api.urls.urlpatterns, prefix=""):
    """(OpenAPI path, view class) of every route in api/urls.py, includes followed."""
    for entry in patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from api_routes(entry.url_patterns, route)
        elif isinstance(entry, URLPattern) and route.strip("/") not in NOT_DOCUMENTED:
            path = PREFIX + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route).lstrip("^").rstrip("$")
            yield path, entry.callback.view_class


def view_methods(view_class) -> set[str]:
    return {m for m in ("get", "post", "put", "patch", "delete") if hasattr(view_class, m)}


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    from rest_framework.test import APIClient

    with django_db_blocker.unblock():
        response = APIClient().get(PREFIX + "schema/", {"format": "json"})
    assert response.status_code == 200, response.content
    return response.json()


def test_schema_is_openapi_3_1(schema):
    assert schema["openapi"] == "3.1.0"
    assert schema["info"]["title"] == "Half Moon API"


def test_every_route_and_method_is_documented(schema):
    routes = list(api_routes())
    assert len(routes) >= 9
    for path, view_class in routes:
        assert path in schema["paths"], f"{path} is not in the schema"
        documented = set(schema["paths"][path]) & {"get", "post", "put", "patch", "delete"}
        assert documented == view_methods(view_class), path


def test_every_operation_documents_its_answers(schema):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            codes = set(operation["responses"])
            assert any(c.startswith("2") for c in codes), (method, path)
            assert operation.get("description") or operation.get("summary"), (method, path)


@pytest.mark.parametrize("action", ACTIONS)
def test_game_actions_document_their_errors(schema, action):
    operation = schema["paths"][f"{PREFIX}games/{{game_id}}/{action}"]["post"]
    assert {"200", "400", "401", "403", "404", "409", "413", "415", "429"} <= set(
        operation["responses"]
    )
    conflict = operation["responses"]["409"]["content"]["application/json"]["schema"]
    assert conflict["discriminator"]["propertyName"] == "code"
    assert conflict["discriminator"]["mapping"]["version_conflict"].endswith(
        "/VersionConflictError"
    )


def test_request_bodies_are_documented(schema):
    def body_ref(path, method="post"):
        content = schema["paths"][path][method]["requestBody"]["content"]
        return content["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]

    components = schema["components"]["schemas"]
    move_request = components[body_ref(f"{PREFIX}games/{{game_id}}/moves")]
    assert {"positions", "expected_version"} <= set(move_request["properties"])
    assert "position" in components[body_ref(f"{PREFIX}games/{{game_id}}/taps")]["properties"]
    assert "name" in components[body_ref(f"{PREFIX}players")]["properties"]


def test_token_authentication_is_the_standard_bearer_scheme(schema):
    schemes = schema["components"]["securitySchemes"]
    assert schemes["BearerAuth"]["type"] == "http"
    assert schemes["BearerAuth"]["scheme"] == "bearer"
    # No apiKey scheme for the Authorization header: generated clients would send a bare token.
    assert not any(s.get("name") == "Authorization" for s in schemes.values())
    me = schema["paths"][f"{PREFIX}players/me"]["get"]
    assert {"BearerAuth": []} in me["security"]


def test_schema_is_also_served_as_yaml(api):
    response = api.get(PREFIX + "schema/")
    assert response.status_code == 200
    assert b"openapi: 3." in response.content


def test_interactive_docs_render(api):
    response = api.get(PREFIX + "docs/")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    page = response.content.decode()
    assert "swagger" in page.lower() and "schema/" in page


@pytest.mark.slow
def test_schema_generates_without_warnings_and_validates(tmp_path):
    from django.core.management import call_command

    target = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(target))
    assert target.read_text().startswith("openapi: 3.")
