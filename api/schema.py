"""OpenAPI (drf-spectacular): the error responses of an operation, the token and session
authentication, strict request bodies."""

from drf_spectacular.extensions import OpenApiAuthenticationExtension, OpenApiSerializerExtension
from drf_spectacular.utils import OpenApiResponse

#: What each error status means when an operation does not say more.
ERROR_MEANINGS = {
    400: "Bad input or illegal move",
    401: "Missing or invalid token",
    403: "Not your game",
    404: "No such game",
    409: "Stale expected_version",
    429: "Throttled: wait the Retry-After seconds",
}


def errors(*statuses: int, **described: str) -> dict:
    """The error responses of an operation: ``errors(400, 401)`` with the usual meanings, or
    ``errors(_404="player_not_found")`` with the operation's own description."""
    from .serializers import ErrorResponse

    found = {status: ERROR_MEANINGS[status] for status in statuses}
    found.update({int(key[1:]): text for key, text in described.items()})
    return {
        status: OpenApiResponse(ErrorResponse, description=text) for status, text in found.items()
    }


class PlayerTokenScheme(OpenApiAuthenticationExtension):
    """A device token in ``Authorization``: the standard HTTP bearer scheme, or ``Token``."""

    target_class = "api.authentication.PlayerTokenAuthentication"
    name = ["BearerAuth", "PlayerToken"]

    def get_security_requirement(self, auto_schema):
        """Either scheme (alternatives, not both at once)."""
        return [{name: []} for name in self.name]

    def get_security_definition(self, auto_schema):
        return [
            {
                "type": "http",
                "scheme": "bearer",
                "description": "`Authorization: Bearer <token>`: a device token from "
                "`POST /api/v1/players`, a sign-in (`/account/sign-in`, `/players/link`, "
                "`/account/recover`, `/account/password-reset/confirm`) or a rotation.",
            },
            {
                "type": "apiKey",
                "in": "header",
                "name": "Authorization",
                "description": "`Token <token>`: the same device token with the older scheme "
                "name, still accepted.",
            },
        ]


class PlayerSessionScheme(OpenApiAuthenticationExtension):
    target_class = "api.authentication.PlayerSessionAuthentication"
    name = "Session"

    def get_security_definition(self, auto_schema):
        return {"type": "apiKey", "in": "cookie", "name": "sessionid"}


class StrictRequestScheme(OpenApiSerializerExtension):
    """Request bodies refuse unknown fields (``StrictSerializer``): the schema says so."""

    target_class = "api.serializers.StrictSerializer"
    match_subclasses = True

    def map_serializer(self, auto_schema, direction):
        schema = auto_schema._map_serializer(self.target, direction, bypass_extensions=True)
        return {**schema, "additionalProperties": False}
