"""DOT's request validator with the service's rules: an app staff suspended is unknown to every
endpoint (authorize, token, device, revocation), an app asks only for the scopes staff allowed
it, and only the grants OAuth 2.1 keeps (authorization code with PKCE, refresh, device) exist."""

from __future__ import annotations

from oauth2_provider.oauth2_validators import OAuth2Validator

from .scopes import SCOPES
from .selectors import policy_of

#: oauthlib's names of the grants the service accepts.
GRANT_TYPES = frozenset(
    {"authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"}
)


class AppValidator(OAuth2Validator):
    def _load_application(self, client_id, request):
        client = super()._load_application(client_id, request)
        if client is not None and policy_of(client).suspended_at is not None:
            request.client = None
            return None
        return client

    def validate_scopes(self, client_id, scopes, client, request, *args, **kwargs):
        allowed = policy_of(client).allowed() & set(SCOPES)
        return bool(scopes) and set(scopes) <= allowed

    def validate_grant_type(self, client_id, grant_type, client, request, *args, **kwargs):
        if grant_type not in GRANT_TYPES:
            return False
        return super().validate_grant_type(client_id, grant_type, client, request, *args, **kwargs)

    def is_pkce_required(self, client_id, request):
        return True
