"""OpenAPI 3.1 (drf-spectacular): every operation's error answers from its contract
(:mod:`api.contract`), one schema per error code, the bearer token scheme, strict request
bodies."""

from __future__ import annotations

from typing import Any

from django.utils import translation
from drf_spectacular.extensions import OpenApiAuthenticationExtension, OpenApiSerializerExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import ResolvedComponent

from api.contract import BODY_METHODS, Contract, Operation, contract_of
from api.http.authentication import WWW_AUTHENTICATE
from games.core.error_schemas import component_name, schema_of
from games.core.errors import REGISTRY
from games.oauth.scopes import SCOPES, rest_scope

#: What each error status means, as the response's description begins.
STATUS_MEANINGS = {
    400: "Bad input or a move the rules refuse",
    401: "No token where one is needed, or a token that is not valid (a stale one too)",
    403: "Not allowed",
    404: "Not found",
    406: "The Accept header excludes JSON",
    409: "Conflicts with the current state",
    413: "The body is larger than the limit (16 KiB)",
    415: "The body is not application/json",
    429: "Throttled: wait the Retry-After seconds",
    500: "An unexpected failure: nothing was changed",
    503: "Unavailable for now: retry after Retry-After seconds",
}

RETRY_AFTER = {
    "description": "Whole seconds to wait before trying again.",
    "required": True,
    "schema": {"type": "integer", "minimum": 0},
}
#: RFC 9457's members, as a client that asks for ``application/problem+json`` gets them
#: beside the error's own (``api.http.problem``).
PROBLEM_DETAILS: dict[str, Any] = {
    "type": "object",
    "description": "Problem details (RFC 9457), sent instead of the plain error object when "
    "`Accept` prefers `application/problem+json`; the error's `code`, `message` and details "
    "are extension members.",
    "properties": {
        "type": {
            "type": "string",
            "format": "uri-reference",
            "description": "`tag:halfmoon.game,2026:error:<code>`",
        },
        "title": {"type": "string", "description": "the code's default message"},
        "status": {"type": "integer", "minimum": 400, "maximum": 599},
        "detail": {"type": "string", "description": "this occurrence's message"},
        "instance": {"type": "string", "format": "uri-reference", "description": "the path"},
    },
    "required": ["type", "title", "status", "detail", "instance"],
}

CHALLENGE = {
    "description": (
        f"The schemes a token is accepted in: `{WWW_AUTHENTICATE}`; a request that presented "
        'a token that is not valid is also told `error="invalid_token"` (RFC 6750 §3.1).'
    ),
    "required": True,
    "schema": {"type": "string"},
}


class ContractSchema(AutoSchema):
    """drf-spectacular's AutoSchema, with each operation's error answers, extra responses,
    headers and parameters added from its contract."""

    def operation(self) -> Operation:
        method = self.method.upper()
        reads = method in BODY_METHODS and self.get_request_serializer() is not None
        return Operation(type(self.view), method, self.path, reads_body=reads)

    def get_override_parameters(self) -> list:
        return [*super().get_override_parameters(), *contract_of(self.operation()).parameters]

    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        responses = super()._get_response_bodies(direction)
        if direction != "response":
            return responses
        contract = contract_of(self.operation())
        for response in responses.values():
            if contract.headers:
                response.setdefault("headers", {}).update(contract.headers)
        for status, description in contract.responses.items():
            responses[str(status)] = {"description": description}
            if contract.headers:
                responses[str(status)]["headers"] = dict(contract.headers)
        for status, codes in contract.codes.items():
            responses[str(status)] = self._error_response(status, codes, contract)
        return dict(sorted(responses.items()))

    def _error_response(self, status: int, codes: list[str], contract: Contract) -> dict:
        refs = {
            code: self._register(component_name(code), schema_of(REGISTRY[code])) for code in codes
        }
        if len(refs) == 1:
            schema: dict[str, Any] = next(iter(refs.values()))
        else:
            schema = {
                "oneOf": list(refs.values()),
                "discriminator": {
                    "propertyName": "code",
                    "mapping": {code: ref["$ref"] for code, ref in refs.items()},
                },
            }
        listed = ", ".join(f"`{code}`" for code in codes)
        response: dict[str, Any] = {
            "description": f"{STATUS_MEANINGS.get(status, 'Refused')}: {listed}.",
            "content": {
                "application/json": {"schema": schema},
                # asked for by Accept (api.http.problem): RFC 9457's members and the error's
                "application/problem+json": {"schema": self._problem_schema(codes)},
            },
        }
        headers = dict(contract.error_headers)
        if status == 401:
            headers["WWW-Authenticate"] = CHALLENGE
        if all("retry_after" in REGISTRY[code].detail_fields for code in codes):
            headers["Retry-After"] = RETRY_AFTER
        if headers:
            response["headers"] = headers
        return response

    def _problem_schema(self, codes: list[str]) -> dict:
        """Each code's problem object: one schema of RFC 9457's members and the error's own
        (merged, not ``allOf``: each side would refuse the other's members)."""
        refs = {}
        for code in codes:
            error = schema_of(REGISTRY[code])
            merged = {
                **error,
                "description": PROBLEM_DETAILS["description"],
                "properties": {**PROBLEM_DETAILS["properties"], **error.get("properties", {})},
                "required": [*PROBLEM_DETAILS["required"], *error.get("required", [])],
            }
            refs[code] = self._register(f"{component_name(code)}Problem", merged)
        if len(refs) == 1:
            return next(iter(refs.values()))
        return {
            "oneOf": list(refs.values()),
            "discriminator": {
                "propertyName": "code",
                "mapping": {code: ref["$ref"] for code, ref in refs.items()},
            },
        }

    def _register(self, name: str, schema: dict) -> dict:
        component = ResolvedComponent(
            name=name, type=ResolvedComponent.SCHEMA, object=name, schema=schema
        )
        self.registry.register_on_missing(component)
        return component.ref


class PlayerTokenScheme(OpenApiAuthenticationExtension):
    """A device token in ``Authorization``: the standard HTTP bearer scheme. ``Token <token>``
    is still accepted, but described in words only: an ``apiKey`` scheme for it would make
    generated clients send the bare token."""

    target_class = "api.http.authentication.PlayerTokenAuthentication"
    name = ["BearerAuth", "OAuth2"]

    def get_security_requirement(self, auto_schema):
        """Either a device token (every scope) or an app's token with the operation's one
        declared scope (``games.oauth.scopes.REST``)."""
        scope = rest_scope(url_name_of(type(auto_schema.view)), auto_schema.method)
        if not scope:
            return [{"BearerAuth": []}]
        return [{"BearerAuth": []}, {"OAuth2": [scope]}]

    def get_security_definition(self, auto_schema):
        with translation.override("en"):
            return [self._bearer(), oauth2_scheme()]

    @staticmethod
    def _bearer():
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "`Authorization: Bearer <token>`: a device token from "
            "`POST /api/v1/players`, a sign-in (`/account/sign-in`, `/players/link`, "
            "`/account/recover`, `/account/password-reset/confirm`) or a rotation. The older "
            "`Authorization: Token <token>` is still accepted. A token that is not valid is "
            "refused with 401 `invalid_token` wherever it is sent, even where none is needed.",
        }


#: Third-party apps' tokens (SPEC §13): the authorization code with PKCE, and the device grant
#: (RFC 8628, described in the scheme's words: OpenAPI 3.1 has no flow for it).
def oauth2_scheme() -> dict:
    """The ``OAuth2`` security scheme, its scopes in the consent page's words (English)."""
    return {
        "type": "oauth2",
        "description": "An app's token (`Authorization: Bearer <token>`), limited to the scopes "
        "the player granted; an operation's one scope is in its security requirement. Without it: "
        '403 `insufficient_scope`, `WWW-Authenticate: Bearer error="insufficient_scope", '
        'scope="..."`. Server metadata (RFC 8414): `/.well-known/oauth-authorization-server`; the '
        "device grant: `POST /oauth/device-authorization/`.",
        "flows": {
            "authorizationCode": {
                "authorizationUrl": "/oauth/authorize/",
                "tokenUrl": "/oauth/token/",
                "refreshUrl": "/oauth/token/",
                "scopes": {name: str(text) for name, text in SCOPES.items()},
            }
        },
    }


def url_name_of(view_class: type) -> str | None:
    """The route name (``api.urls``) of a view class, as the scope declaration names it."""
    from . import urls  # the routes import the views, which name this module as their schema

    for pattern in urls.urlpatterns:
        if getattr(pattern.callback, "view_class", None) is view_class:
            return pattern.name
    return None


class AppClientScheme(OpenApiAuthenticationExtension):
    """A confidential app's own client credentials (its webhooks: docs/WEBHOOKS.md)."""

    target_class = "api.http.authentication.AppClientAuthentication"
    name = "AppClient"

    def get_security_definition(self, auto_schema):
        return {
            "type": "http",
            "scheme": "basic",
            "description": "A confidential app's `client_id:client_secret` (RFC 6749 §2.3.1), "
            "as its token requests send them: the app manages its own webhooks.",
        }


class PlayerSessionScheme(OpenApiAuthenticationExtension):
    target_class = "api.http.authentication.PlayerSessionAuthentication"
    name = "Session"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "cookie",
            "name": "sessionid",
            "description": "The site's own pages (a signed-in staff or player session); "
            "changes need the CSRF token.",
        }


class StrictRequestScheme(OpenApiSerializerExtension):
    """Request bodies refuse unknown fields (``StrictSerializer``): the schema says so. Their
    component is the class name without the ``Request`` that drf-spectacular appends anyway
    (``MoveRequest``, not ``MoveRequestRequest``)."""

    target_class = "api.http.fields.StrictSerializer"
    match_subclasses = True

    def get_name(self, auto_schema, direction):
        target = self.target if isinstance(self.target, type) else type(self.target)
        name = target.__name__
        for suffix in ("Serializer", "Request"):
            name = name.removesuffix(suffix)
        return name

    def map_serializer(self, auto_schema, direction):
        schema = auto_schema._map_serializer(self.target, direction, bypass_extensions=True)
        return {**schema, "additionalProperties": False}


class OpenSettingsScheme(OpenApiSerializerExtension):
    """The player's settings as answered: every one always there, and more may come, so a
    strict client must not refuse an unknown one."""

    target_class = "api.players.serializers.Settings"

    def map_serializer(self, auto_schema, direction):
        schema = auto_schema._map_serializer(self.target, direction, bypass_extensions=True)
        return {**schema, "additionalProperties": True}
