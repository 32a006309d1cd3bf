"""Connected apps (SPEC §13): the third-party apps a player let act for them, and
disconnecting one (its tokens go at once, its sockets close)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from api.contract import refuses
from api.http.base import APIView
from api.oauth.serializers import ConnectedAppListResponse
from games.core.clock import iso
from games.oauth import selectors, usecases


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
