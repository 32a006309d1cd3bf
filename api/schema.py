"""OpenAPI (drf-spectacular) extensions: the token and session authentication, strict bodies."""
from drf_spectacular.extensions import OpenApiAuthenticationExtension, OpenApiSerializerExtension


class PlayerTokenScheme(OpenApiAuthenticationExtension):
    target_class = "api.authentication.PlayerTokenAuthentication"
    name = "PlayerToken"

    def get_security_definition(self, auto_schema):
        return {"type": "apiKey", "in": "header", "name": "Authorization",
                "description": "`Token <token>` from `POST /api/v1/players`."}


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
