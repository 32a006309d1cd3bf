"""Documented (OpenAPI) shapes of seasons."""

from rest_framework import serializers

from api.players.serializers import OwnerSerializer

SEASON_HELP = "An ISO week (`2026-W48`) or a calendar month (`2026-11`), UTC."


class SeasonResponse(serializers.Serializer):
    season = serializers.CharField(help_text=SEASON_HELP)
    kind = serializers.ChoiceField(choices=["week", "month"])
    starts_on = serializers.DateField()
    ends_on = serializers.DateField()
    closed = serializers.BooleanField(help_text="True once final: the board never changes again.")
    computed_at = serializers.DateTimeField(
        allow_null=True, help_text="When the board was last rebuilt (null: never yet)."
    )
    days_counted = serializers.IntegerField(help_text="Closed days the board is built from.")


class CurrentSeasonsResponse(serializers.Serializer):
    week = SeasonResponse()
    month = SeasonResponse()


class SeasonEntryResponse(serializers.Serializer):
    rank = serializers.IntegerField(
        min_value=1, help_text="Shared by equal points; among=following: among those only."
    )
    player = OwnerSerializer()
    points = serializers.IntegerField(help_text="Summed over the season's closed days.")
    days = serializers.IntegerField(help_text="Days with a ranked result counted.")
    wins = serializers.IntegerField()


class SeasonBoardResponse(SeasonResponse):
    total = serializers.IntegerField(help_text="Entries (among=following: among those).")
    results = SeasonEntryResponse(many=True)
    next = serializers.CharField(allow_null=True, help_text="Cursor of the following page.")
    previous = serializers.CharField(allow_null=True, help_text="Cursor of the page before.")
    me = SeasonEntryResponse(allow_null=True, help_text="The caller's entry, when on the board.")


class SeasonHistorySerializer(serializers.Serializer):
    season = serializers.CharField(help_text=SEASON_HELP)
    kind = serializers.ChoiceField(choices=["week", "month"])
    rank = serializers.IntegerField(
        min_value=1, help_text="As of the last rebuild; final once closed."
    )
    total = serializers.IntegerField()
    points = serializers.IntegerField()
    days = serializers.IntegerField()
    wins = serializers.IntegerField()
    closed = serializers.BooleanField()
