"""OpenAPI description of the token authentication (drf-spectacular extension)."""
from drf_spectacular.extensions import OpenApiAuthenticationExtension


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
