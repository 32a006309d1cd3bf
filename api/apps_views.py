"""Connected apps (SPEC §13): the third-party apps a player let act for them, and
disconnecting one (its tokens go at once, its sockets close)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from games.core.clock import iso
from games.oauth import selectors, services
from games.oauth.scopes import SCOPES

from .contract import refuses
from .http.base import APIView


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
        services.revoke_app(request.user, app_id)
        return Response(status=status.HTTP_204_NO_CONTENT)
