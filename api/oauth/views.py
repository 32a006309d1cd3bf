"""Connected apps (SPEC §13): the third-party apps a player let act for them, and
disconnecting one (its tokens go at once, its sockets close); a player's personal tokens and
the apps they registered themselves (self-service)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from api.contract import CHARGED, refuses
from api.http.base import APIView
from api.http.validation import validated
from api.oauth import serializers as s
from api.oauth.serializers import ConnectedAppListResponse
from games.core import rates
from games.core.clock import iso
from games.oauth import selectors, usecases
from games.oauth.presentation import own_app_payload, personal_token_payload


class ConnectedAppsView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(operation_id="players_me_apps", responses={200: ConnectedAppListResponse})
    def get(self, request):
        """The apps that may act for the player (each with a live token), oldest first: name,
        scopes granted, last use. Empty for a player without credentials."""
        apps = selectors.connected_apps(request.user)
        return Response(
            {
                "results": [
                    {
                        "id": app.id,
                        "name": app.name,
                        "scopes": app.scopes,
                        "connected_at": iso(app.connected_at),
                        "last_used_at": iso(app.last_used_at),
                    }
                    for app in apps
                ]
            }
        )


class ConnectedAppView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(operation_id="players_me_apps_revoke", request=None, responses={204: None})
    @refuses("app_not_found")
    def delete(self, request, app_id):
        """Disconnect an app: every token and code it holds for the player goes at once, and
        the sockets it opened close (4401 after `token_revoked`)."""
        usecases.revoke_app(request.user, app_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


# -- personal tokens --------------------------------------------------------------------------
class PersonalTokensView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(operation_id="account_tokens", responses={200: s.PersonalTokenListResponse})
    def get(self, request):
        """The player's personal tokens, oldest first (expired ones too, until revoked):
        name, scopes, expiry, last use, never the token itself."""
        tokens = selectors.personal_tokens(request.user)
        return Response({"results": [personal_token_payload(t) for t in tokens]})

    @extend_schema(
        operation_id="account_tokens_create",
        request=s.PersonalTokenRequest,
        responses={201: s.NewPersonalTokenResponse},
    )
    @refuses(
        CHARGED,
        "no_credentials",
        "personal_token_limit",
        "app_registration_invalid",
        "own_device_required",
        "token_suspended",
    )
    def post(self, request):
        """Make a personal token for your own scripts (a player with credentials): it acts
        for you with exactly the scopes chosen, until it expires (1–365 days) or you revoke
        it. Its value is in this answer only."""
        data = validated(s.PersonalTokenRequest, request)
        rates.charge("account_change", request.user.pk)
        personal, value = usecases.create_personal_token(
            request.user, data["name"], data["scopes"], data.get("expires_in_days")
        )
        return Response(personal_token_payload(personal, value), status=status.HTTP_201_CREATED)


class PersonalTokenView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(operation_id="account_tokens_revoke", request=None, responses={204: None})
    @refuses("personal_token_not_found")
    def delete(self, request, token_id):
        """Revoke a personal token: it stops working at once and its sockets close."""
        usecases.revoke_personal_token(request.user, token_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


# -- a player's own apps ----------------------------------------------------------------------
class OwnAppsView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(operation_id="account_apps", responses={200: s.OwnAppListResponse})
    def get(self, request):
        """The apps the player registered, oldest first."""
        apps = selectors.own_apps(request.user)
        return Response({"results": [own_app_payload(app) for app in apps]})

    @extend_schema(
        operation_id="account_apps_create",
        request=s.OwnAppRequest,
        responses={201: s.OwnAppResponse},
    )
    @refuses(
        CHARGED,
        "no_credentials",
        "own_app_limit",
        "app_registration_invalid",
        "own_device_required",
        "token_suspended",
    )
    def post(self, request):
        """Register a public app (authorization code with PKCE; no secret) that may ask
        players for the scopes listed. Staff see every app and may suspend it."""
        data = validated(s.OwnAppRequest, request)
        rates.charge("account_change", request.user.pk)
        app = usecases.register_own_app(
            request.user,
            data["name"],
            data["redirect_uris"],
            data.get("allowed_origins", []),
            data["scopes"],
        )
        return Response(own_app_payload(app), status=status.HTTP_201_CREATED)


class OwnAppView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(operation_id="account_apps_delete", request=None, responses={204: None})
    @refuses("own_app_not_found")
    def delete(self, request, app_id):
        """Delete an app you registered: every token and code it holds, of every player,
        goes at once (their sockets close)."""
        usecases.delete_own_app(request.user, app_id)
        return Response(status=status.HTTP_204_NO_CONTENT)
