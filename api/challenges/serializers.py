"""Documented (OpenAPI) shapes of challenges (SPEC §11): never a card, never the deal code."""

from rest_framework import serializers

from api.games.serializers import GameResponse, LogEntrySerializer
from api.players.serializers import OwnerSerializer


class ChallengeResultResponse(serializers.Serializer):
    status = serializers.CharField(help_text="`won` or `resigned`.")
    score = serializers.IntegerField()
    moves = serializers.IntegerField()
    elapsed_ms = serializers.IntegerField()


class ChallengeEntryResponse(serializers.Serializer):
    rank = serializers.IntegerField(
        allow_null=True, help_text="Shared by tied results (1, 1, 3); null when not on the board."
    )
    player = OwnerSerializer()
    game_id = serializers.IntegerField()
    counted = serializers.BooleanField(
        help_text="On the board: the player's first game at the challenge, met blind."
    )
    result = serializers.CharField(
        allow_null=True, help_text="`won` or `resigned`; null while it is played."
    )
    score = serializers.IntegerField()
    moves = serializers.IntegerField()
    elapsed_ms = serializers.IntegerField()
    ended_at = serializers.DateTimeField(allow_null=True)


class ChallengeMineResponse(serializers.Serializer):
    attempt = ChallengeEntryResponse(help_text="The caller's first game at the challenge.")
    playing_game_id = serializers.IntegerField(
        allow_null=True, help_text="The caller's game at it still being played."
    )
    line_open = serializers.BooleanField(
        help_text="The caller's own game at it has ended: the creator's line is theirs to see."
    )
    creator_game_id = serializers.IntegerField(
        allow_null=True, help_text="The creator's game (its log is the line), once line_open."
    )


class ChallengeResponse(serializers.Serializer):
    code = serializers.CharField()
    link = serializers.CharField(help_text="The web client's route: /#/challenge/<code>.")
    creator = OwnerSerializer()
    result = ChallengeResultResponse(help_text="The creator's result: the score to beat.")
    created_at = serializers.DateTimeField()
    total = serializers.IntegerField(help_text="Entries on the challenge's board.")
    me = ChallengeMineResponse(allow_null=True, help_text="The caller's games at it, if any.")


class ChallengeCreatorEntryResponse(serializers.Serializer):
    rank = serializers.IntegerField(
        min_value=1,
        help_text="The place the creator's result holds among the counted attempts (ties "
        "shared): the board shows it there, marked as the result to beat.",
    )
    player = OwnerSerializer()
    game_id = serializers.IntegerField()
    result = serializers.ChoiceField(choices=["won", "resigned", "stalled"])
    score = serializers.IntegerField()
    moves = serializers.IntegerField()
    elapsed_ms = serializers.IntegerField()
    ended_at = serializers.DateTimeField()


class ChallengeBoardResponse(serializers.Serializer):
    code = serializers.CharField()
    total = serializers.IntegerField(help_text="Counted attempts (the creator's result aside).")
    results = ChallengeEntryResponse(many=True)
    next = serializers.CharField(allow_null=True, help_text="Cursor of the following page.")
    previous = serializers.CharField(allow_null=True, help_text="Cursor of the page before.")
    me = ChallengeEntryResponse(allow_null=True, help_text="The caller's entry, when on it.")
    creator = ChallengeCreatorEntryResponse(
        allow_null=True,
        help_text="The creator's own result, to beat: not an attempt, in no total (null with "
        "among=following when the creator is not among those followed).",
    )


class ReplayResponse(serializers.Serializer):
    game_id = serializers.IntegerField()
    step = serializers.IntegerField(help_text="The log entries applied: 0 is the deal.")
    steps = serializers.IntegerField(help_text="The game's last step (its version).")
    game = GameResponse(help_text="The table after `step` entries (`version` is `step`).")
    entry = LogEntrySerializer(allow_null=True, help_text="The entry of this step; null at 0.")
