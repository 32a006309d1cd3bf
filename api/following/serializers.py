"""Documented (OpenAPI) shapes of following."""

from rest_framework import serializers

from api.players.serializers import OwnerSerializer


class FollowResponse(serializers.Serializer):
    player = OwnerSerializer(help_text="The followed player, as the boards name them.")
    since = serializers.DateTimeField()


class FollowingListResponse(serializers.Serializer):
    results = FollowResponse(many=True)
    next = serializers.CharField(allow_null=True)
    previous = serializers.CharField(allow_null=True)


class FollowByUsername(serializers.Serializer):
    username = serializers.CharField(max_length=100, help_text="An account's username, any case.")
