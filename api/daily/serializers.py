"""Documented (OpenAPI) shapes of the daily deal, leaderboard and statistics responses."""

from rest_framework import serializers

from api.games.serializers import ELAPSED_HELP, FINISHED_HELP, CardField, GameResponse, PileField
from api.players.serializers import OwnerSerializer
from api.races.serializers import RaceStatsSerializer
from api.seasons.serializers import SeasonHistorySerializer


class EntryResponse(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True, help_text="1 is the best; null when removed.")
    player = OwnerSerializer()
    game_id = serializers.IntegerField()
    result = serializers.ChoiceField(
        choices=["won", "resigned", "unfinished"],
        help_text="unfinished: entered when the day closed.",
    )
    score = serializers.IntegerField()
    moves = serializers.IntegerField()
    elapsed_ms = serializers.IntegerField(help_text="Server-measured, creation to end.")
    ended_at = serializers.DateTimeField()


class DailyResponse(serializers.Serializer):
    date = serializers.DateField(help_text="Today, UTC.")
    deal_code = serializers.CharField()
    closes_at = serializers.DateTimeField(help_text="Next midnight UTC.")
    attempt = GameResponse(allow_null=True, help_text="The caller's ranked attempt, if any.")
    entry = EntryResponse(allow_null=True, help_text="The caller's entry on today's board.")
    total = serializers.IntegerField(help_text="Entries on today's board.")


class LeaderboardResponse(serializers.Serializer):
    date = serializers.DateField()
    deal_code = serializers.CharField()
    closed = serializers.BooleanField(help_text="True once the date is over.")
    closes_at = serializers.DateTimeField()
    total = serializers.IntegerField()
    results = EntryResponse(many=True)
    next = serializers.CharField(allow_null=True, help_text="Cursor of the following page.")
    previous = serializers.CharField(allow_null=True, help_text="Cursor of the page before.")
    me = EntryResponse(allow_null=True, help_text="The caller's entry, when on the board.")


class LayoutPileSerializer(serializers.Serializer):
    position = PileField()
    cards = serializers.ListField(child=CardField(), help_text="Bottom to top.")


class DailyDealResponse(serializers.Serializer):
    date = serializers.DateField()
    deal_code = serializers.CharField()
    piles = LayoutPileSerializer(many=True)
    reserve = serializers.ListField(
        child=CardField(allow_null=True), help_text="R1 to R8 (null: an empty slot)."
    )


class BestRankSerializer(serializers.Serializer):
    date = serializers.DateField(help_text="The board's date.")
    rank = serializers.IntegerField(min_value=1)


class DailyStatsSerializer(serializers.Serializer):
    ranked_attempts = serializers.IntegerField()
    won = serializers.IntegerField()
    current_streak = serializers.IntegerField()
    best_streak = serializers.IntegerField()
    best_rank = BestRankSerializer(allow_null=True, help_text="The best rank on any board.")


class GameSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    deal_code = serializers.CharField()
    status = serializers.ChoiceField(choices=["playing", "stalled", "won", "resigned"])
    score = serializers.IntegerField()
    moves = serializers.IntegerField()
    elapsed_ms = serializers.IntegerField(help_text=ELAPSED_HELP)
    started_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True, help_text=FINISHED_HELP)
    daily_date = serializers.DateField(allow_null=True)
    ranked = serializers.BooleanField()


class StatsResponse(serializers.Serializer):
    player = OwnerSerializer()
    games_played = serializers.IntegerField()
    games_finished = serializers.IntegerField(
        help_text="Games whose clock has stopped: won, resigned or stalled (a stall is not won; "
        "an undo out of it makes the game playing again)."
    )
    games_stalled = serializers.IntegerField(help_text="Of the finished games, the stalled ones.")
    games_won = serializers.IntegerField()
    win_rate = serializers.FloatField(
        allow_null=True,
        help_text="games_won / games_finished (stalled games count as not won); null without "
        "a finished game.",
    )
    best_win_ms = serializers.IntegerField(allow_null=True)
    average_win_ms = serializers.IntegerField(allow_null=True)
    daily = DailyStatsSerializer()
    races = RaceStatsSerializer()
    seasons = SeasonHistorySerializer(
        many=True, help_text="The player's seasons, newest first (at most 24)."
    )
    recent_games = GameSummarySerializer(many=True)
