"""Documented (OpenAPI) shapes of a player's connected apps (SPEC §13)."""

from rest_framework import serializers

from games.oauth.scopes import SCOPES


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
