"""The contract test: every response of the REST API that a test gets through Django's test
client (``APIClient``) is validated against the OpenAPI schema the service serves, with
openapi-core, so a status, a code, a header, a field or a null the schema does not describe
fails the test that met it.

Validation is stricter than the served schema in one way: an object that does not say
otherwise takes no properties beyond those described (``additionalProperties: false`` is added
where a schema leaves it open). Clients may meet new fields later; this suite may not meet an
undocumented one. The schema opts out only where it says so (``Settings``).

Answers that are not the JSON API (the site, the admin, static files, the schema and its
viewer) are skipped by path. An answer outside every operation (a 404 of an unknown path, a
405 of a method a path does not take) is checked against the generic error format.

Each distinct response shape validated — operation, status and error code — is counted;
``tests/conftest.py`` prints the count at the end of the session.
"""

from __future__ import annotations

import copy
import json
import threading
from dataclasses import dataclass, field
from typing import Any

import jsonschema
from openapi_core import Config, OpenAPI
from openapi_core.contrib.django import DjangoOpenAPIRequest, DjangoOpenAPIResponse
from openapi_core.validation.response.validators import V31ResponseValidator

from api.http.problem import PROBLEM
from api.schema import PROBLEM_DETAILS
from games.core.error_schemas import any_error_schema

API = "/api/v1/"
#: Under the API prefix but not API answers: the schema, its viewers, the sockets' description.
NOT_API = ("/api/v1/schema/", "/api/v1/docs/", "/api/v1/asyncapi")
METHODS = ("get", "put", "post", "delete", "patch")


class ContractViolation(AssertionError):
    """A response the served OpenAPI schema does not describe."""


def strict(schema: Any) -> Any:
    """A copy of ``schema`` in which every object schema that leaves ``additionalProperties``
    open closes it."""
    if isinstance(schema, list):
        return [strict(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    result = {key: strict(value) for key, value in schema.items()}
    if "properties" in result and isinstance(result["properties"], dict):
        result.setdefault("additionalProperties", False)
    return result


@dataclass
class Validator:
    """The served schema, made strict, and what has been validated against it."""

    schema: dict[str, Any]
    shapes: set[tuple[str, ...]] = field(default_factory=set)
    outside: set[tuple[str, ...]] = field(default_factory=set)
    responses: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        # RFC 9457's media type is JSON (openapi-core reads only application/json as JSON).
        # The document itself is not validated again here: that is its own test
        # (tests/contract/test_schema.py, openapi-spec-validator), and doing it in every test
        # process cost each one several seconds (most of its first API call's time).
        config = Config(
            extra_media_type_deserializers={PROBLEM: json.loads},
            spec_validator_cls=None,
            response_validator_cls=_ResponseValidator,
        )
        self.openapi = OpenAPI.from_dict(strict(copy.deepcopy(self.schema)), config=config)
        # An answer outside any operation (an unknown path, a 405): the one error format, any
        # code of the registry (the schema describes operations only).
        self.any_error = strict(any_error_schema())

    @classmethod
    def of_served_schema(cls) -> Validator:
        from django.test import Client

        response = Client().get(API + "schema/", {"format": "json"})
        assert response.status_code == 200, response.content
        return cls(json.loads(response.content))

    def check(self, response) -> None:
        """Validate one test-client response (raises ContractViolation)."""
        request = getattr(response, "wsgi_request", None)
        if request is None or not request.path.startswith(API) or request.path.startswith(NOT_API):
            return
        wrapped = _RequestWithoutBody(request)
        method, pattern = wrapped.method, wrapped.path_pattern
        if method not in METHODS:  # HEAD and OPTIONS: no operation describes them
            return
        if getattr(response, "streaming", False):
            response = _buffered(response)
        body = _json(response)
        code = (
            body.get("code", "-") if isinstance(body, dict) and response.status_code >= 400 else "-"
        )
        shape = (method.upper(), pattern or request.path, str(response.status_code), code)
        operations = self.schema["paths"].get(pattern or "", {})
        if method not in operations:
            self._check_outside(shape, response, body)
            return
        try:
            self.openapi.validate_response(wrapped, DjangoOpenAPIResponse(response))
        except Exception as error:  # openapi-core's errors: report them with their causes
            raise ContractViolation(_explain(shape, body, error)) from error
        with self.lock:
            self.shapes.add(shape)
            self.responses += 1

    def _check_outside(self, shape, response, body) -> None:
        """An answer of no operation: a refusal in the error format — a 404 (no such path), a
        405 (no such method), or what DRF checks before the method (credentials, throttles,
        the Accept header), or a dependency down."""
        if not (400 <= response.status_code < 500 or response.status_code == 503):
            raise ContractViolation(f"{shape}: a {response.status_code} outside any operation")
        schema = self.any_error
        if response.get("Content-Type", "").startswith(PROBLEM):  # asked for (RFC 9457)
            schema = {
                **schema,
                "properties": {**PROBLEM_DETAILS["properties"], **schema["properties"]},
                "required": [*PROBLEM_DETAILS["required"], *schema.get("required", [])],
            }
        try:
            jsonschema.validate(body, schema)
        except jsonschema.ValidationError as error:
            raise ContractViolation(f"{shape}: not the error format: {error.message}") from error
        with self.lock:
            self.outside.add(shape)
            self.responses += 1

    def summary(self) -> str:
        operations = {(method, path) for method, path, *_ in self.shapes}
        documented = sum(
            1 for item in self.schema["paths"].values() for method in item if method in METHODS
        )
        return (
            f"contract: {len(self.shapes)} distinct response shapes (operation, status, code) "
            f"validated against the served OpenAPI schema, over {self.responses} responses and "
            f"{len(operations)} of {documented} operations; {len(self.outside)} more outside any "
            "operation (unknown path or method) in the error format"
        )


class _ResponseValidator(V31ResponseValidator):
    """openapi-core's OpenAPI 3.1 response validator, with each schema's validator built once.

    openapi-core builds a schema's validator (the document's references resolved, the format
    checkers set up) on every call, for the body and for each declared header: that was about
    three quarters of its time, and validation cost a test more than the request it checked.
    The validator built for a schema is the same each time (one document, one configuration),
    so it is kept, keyed by the schema's place in the document; everything else, and every
    verdict, is openapi-core's."""

    def _validate_schema(self, schema, value) -> None:
        cache = self.__dict__.setdefault("_schema_validators", {})
        validator = cache.get(schema.parts)
        if validator is None:
            validator = cache[schema.parts] = self.schema_validators_factory.create(
                self.spec,
                schema,
                format_validators=self.format_validators,
                extra_format_validators=self.extra_format_validators,
                forbid_unspecified_additional_properties=(
                    self.forbid_unspecified_additional_properties
                ),
                enforce_properties_required=self.enforce_properties_required,
            )
        validator.validate(value)


class _RequestWithoutBody(DjangoOpenAPIRequest):
    """openapi-core's view of the request, without its body: only responses are validated
    (tests send malformed requests on purpose), and a body too large cannot be read again."""

    @property
    def body(self) -> bytes:
        return b""


def _buffered(response):
    """A streamed answer (the archive) read whole, for validation: the test then reads the
    same bytes from ``streaming_content``."""
    from django.http import HttpResponse

    content = b"".join(response.streaming_content)
    response.streaming_content = [content]
    whole = HttpResponse(content, status=response.status_code)
    for name, value in response.items():
        whole[name] = value
    whole.wsgi_request = response.wsgi_request
    return whole


def _json(response) -> Any:
    if not response.get("Content-Type", "").startswith(("application/json", PROBLEM)):
        return None
    try:
        return json.loads(response.content)
    except ValueError:
        return None


def _explain(shape, body, error: Exception) -> str:
    lines = [f"{' '.join(shape)}: the response does not match the schema: {error}"]
    cause: BaseException | None = error
    while cause is not None:
        for detail in getattr(cause, "schema_errors", ()) or ():
            path = "/".join(map(str, getattr(detail, "absolute_path", ())))
            lines.append(f"  at /{path}: {getattr(detail, 'message', detail)}")
        cause = cause.__cause__
    lines.append(f"  body: {json.dumps(body)[:600]}")
    return "\n".join(lines)


_validator: Validator | None = None
_loading = threading.local()


def validator() -> Validator:
    """The session's validator, built from the served schema on first use."""
    global _validator
    if _validator is None:
        _loading.busy = True
        try:
            _validator = Validator.of_served_schema()
        finally:
            _loading.busy = False
    return _validator


def loaded() -> Validator | None:
    return _validator


def validate(response) -> None:
    if getattr(_loading, "busy", False):
        return
    validator().check(response)
