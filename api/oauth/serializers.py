"""Documented (OpenAPI) shapes of a player's connected apps, personal tokens and own apps
(SPEC §13)."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.http.fields import StrictCharField, StrictIntegerField, StrictSerializer
from games.oauth.registration import (
    DEFAULT_TOKEN_DAYS,
    MAX_TOKEN_DAYS,
    MAX_URIS,
    NAME_LENGTH,
)
from games.oauth.scopes import SCOPES
from games.oauth.uris import MAX_URI_LENGTH


class ConnectedAppResponse(serializers.Serializer):
    id = serializers.IntegerField(help_text="The app's id (to disconnect it).")
    name = serializers.CharField(help_text="The app's name, as staff registered it.")
    scopes = serializers.ListField(
        child=serializers.ChoiceField(choices=sorted(SCOPES)),
        help_text="What the player let it do (`read`, `play`, `races`, `account`).",
    )
    connected_at = serializers.DateTimeField()
    last_used_at = serializers.DateTimeField(help_text="Coarse: updated at most once a minute.")


class ConnectedAppListResponse(serializers.Serializer):
    results = ConnectedAppResponse(many=True)


def scope_list(help_text: str, **kwargs) -> serializers.ListField:
    return serializers.ListField(
        child=serializers.ChoiceField(choices=sorted(SCOPES)), help_text=help_text, **kwargs
    )


@extend_schema_field(
    {"type": "string", "minLength": 1, "maxLength": MAX_URI_LENGTH, "pattern": r"^[^\s\x00]+$"}
)
class UriField(StrictCharField):
    """A redirect URI or an origin, kept as sent: the service refuses white space in it and
    checks the rest — https, or http on a loopback host — as ``app_registration_invalid``
    (one rule, not the regex dialects' differing ideas of white space)."""

    def __init__(self, **kwargs):
        super().__init__(max_length=MAX_URI_LENGTH, trim_whitespace=False, **kwargs)


@extend_schema_field(
    {"type": "string", "minLength": 1, "maxLength": NAME_LENGTH, "pattern": "^[^\\x00]*$"}
)
class OwnNameField(StrictCharField):
    """A token's or an app's name, as sent: the service collapses its spaces and refuses one
    of spaces alone (``app_registration_invalid``)."""

    def __init__(self, **kwargs):
        super().__init__(max_length=NAME_LENGTH, trim_whitespace=False, **kwargs)


def uri_list(help_text: str, **kwargs) -> serializers.ListField:
    return serializers.ListField(
        child=UriField(),
        max_length=MAX_URIS,
        help_text=help_text,
        **kwargs,
    )


class PersonalTokenRequest(StrictSerializer):
    name = OwnNameField(help_text="What the token is for.")
    scopes = scope_list("What the token may do (at least one).", min_length=1)
    expires_in_days = StrictIntegerField(
        required=False,
        min_value=1,
        max_value=MAX_TOKEN_DAYS,
        help_text=f"Its lifetime, {DEFAULT_TOKEN_DAYS} days when not given.",
    )


class PersonalTokenResponse(serializers.Serializer):
    id = serializers.IntegerField(help_text="The token's id (to revoke it).")
    name = serializers.CharField()
    hint = serializers.CharField(help_text="Its first characters, to recognise it.")
    scopes = scope_list("What it may do.")
    created_at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField()
    expired = serializers.BooleanField()
    last_used_at = serializers.DateTimeField(help_text="Coarse: updated at most once a minute.")


class NewPersonalTokenResponse(PersonalTokenResponse):
    token = serializers.CharField(
        help_text="The token (`Authorization: Bearer <token>`): shown this once, never again."
    )


class PersonalTokenListResponse(serializers.Serializer):
    results = PersonalTokenResponse(many=True)


class OwnAppRequest(StrictSerializer):
    name = OwnNameField(help_text="Shown to players on consent.")
    redirect_uris = uri_list(
        "Exact redirect URIs: https, or http on 127.0.0.1, [::1] or localhost.", min_length=1
    )
    allowed_origins = uri_list(
        "Browser origins that may call the API (CORS): https://host[:port], or http on a "
        "loopback host for development.",
        required=False,
    )
    scopes = scope_list("What the app may ask players for (at least one).", min_length=1)


class OwnAppResponse(serializers.Serializer):
    id = serializers.IntegerField(help_text="The app's id (to delete it).")
    client_id = serializers.CharField(help_text="The `client_id` of its OAuth requests.")
    name = serializers.CharField()
    redirect_uris = serializers.ListField(child=serializers.CharField())
    allowed_origins = serializers.ListField(child=serializers.CharField())
    scopes = scope_list("What it may ask players for.")
    suspended = serializers.BooleanField(help_text="Staff suspended it: every request refused.")
    created_at = serializers.DateTimeField()


class OwnAppListResponse(serializers.Serializer):
    results = OwnAppResponse(many=True)
