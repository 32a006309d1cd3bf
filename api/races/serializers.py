"""Request validation and documented (OpenAPI) shapes of races, quick match and ratings."""

from django.conf import settings
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.http.fields import (
    DealCodeField,
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
    StrictSerializer,
)
from api.players.serializers import OwnerSerializer
from games.races import matchmaking, rules


class RaceCreateRequest(StrictSerializer):
    seats = StrictIntegerField(
        min_value=rules.MIN_SEATS, max_value=rules.MAX_SEATS, help_text="2 to 8 players."
    )
    time_limit_s = StrictIntegerField(
        required=False,
        min_value=settings.HALFMOON_RACE_MIN_TIME_LIMIT_S,
        max_value=rules.MAX_TIME_LIMIT_S,
        help_text="60 to 3600 seconds (default 900).",
    )
    deal_code = DealCodeField(required=False, help_text="HM1-N-…; omitted: a random deal.")
    public = StrictBooleanField(
        required=False,
        help_text="true: listed among the open races (GET /races?status=open) and joined by id "
        "(POST /races/{race_id}/join) by anyone; false (the default): joined by its invite only, "
        "never listed.",
    )


@extend_schema_field({"type": "string", "maxLength": 20, "pattern": "^[^\\x00]*$"})
class InviteField(StrictCharField):
    """An invite code as typed (checked by the service, which gives ``invite_not_found``)."""

    def __init__(self, **kwargs):
        super().__init__(max_length=20, allow_blank=True, **kwargs)


class RaceJoinRequest(StrictSerializer):
    invite = InviteField(help_text="The race's 6-character invite code (any case).")


class RaceReadyRequest(StrictSerializer):
    ready = StrictBooleanField()


class QueueRequest(StrictSerializer):
    seats = StrictIntegerField(min_value=matchmaking.MIN_SEATS, max_value=matchmaking.MAX_SEATS)


class GameUpdateRequest(StrictSerializer):
    watchable = StrictBooleanField(
        required=False, help_text="true: anyone may watch the game; false: its owner only."
    )


class ProgressSerializer(serializers.Serializer):
    score = serializers.IntegerField()
    moves = serializers.IntegerField()
    cards_left = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["playing", "stalled", "won", "resigned"])
    elapsed_ms = serializers.IntegerField(
        help_text="From starts_at to the moment the member's game ended for the race (won, "
        "resigned or stalled), or to now (the race's end once it has ended): the same as the "
        "member's game and standing."
    )


class RaceMemberSerializer(serializers.Serializer):
    player = OwnerSerializer()
    ready = serializers.BooleanField()
    left = serializers.BooleanField(help_text="Left the running race (resigned).")
    game_id = serializers.IntegerField(
        allow_null=True, help_text="Your own game only, until the race ends."
    )
    progress = ProgressSerializer(allow_null=True, help_text="Null before the start.")


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = OwnerSerializer()
    game_id = serializers.IntegerField()
    result = serializers.ChoiceField(choices=["won", "resigned", "stalled", "unfinished"])
    score = serializers.IntegerField()
    moves = serializers.IntegerField()
    elapsed_ms = serializers.IntegerField(
        help_text="From starts_at to the moment the member's game ended for the race (won, "
        "resigned or stalled), or to the race's end if it had not."
    )
    rated = serializers.BooleanField(
        help_text="This result changed the member's rating: a rated race, not aborted, a first "
        "removal within 60 s of starts_at, and an opponent who counts (3 races a day each)."
    )
    rating_change = serializers.FloatField(
        allow_null=True,
        help_text="Change of the rating's ordinal; null when the result changed no rating "
        "(a casual or aborted race, or rated false).",
    )


class RematchRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    invite = serializers.CharField()
    host = OwnerSerializer(help_text="Who started the rematch (its host).")


class RaceResponse(serializers.Serializer):
    id = serializers.IntegerField()
    invite = serializers.CharField()
    host = OwnerSerializer()
    seats = serializers.IntegerField()
    time_limit_s = serializers.IntegerField()
    status = serializers.ChoiceField(
        choices=["open", "countdown", "running", "finished", "cancelled"]
    )
    version = serializers.IntegerField()
    matched = serializers.BooleanField(help_text="Formed by quick match.")
    public = serializers.BooleanField(
        help_text="Listed among the open races and joined by id (else by invite only)."
    )
    rated = serializers.BooleanField(
        help_text="Rated (changes ratings) or casual: rated when the server draws the deal (no "
        "deal_code) and every member has credentials. Before the start, what the race would be "
        "now; fixed when it starts."
    )
    aborted = serializers.BooleanField(
        help_text="A rated race in which fewer than two members made a removal within 60 s of "
        "starts_at: it changed no rating (its standings stand)."
    )
    created_at = serializers.DateTimeField()
    starts_at = serializers.DateTimeField(allow_null=True)
    ends_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    end_reason = serializers.ChoiceField(
        choices=["won", "all_over", "time", "cancelled"], allow_null=True
    )
    deal_code = serializers.CharField(allow_null=True, help_text="Null until starts_at.")
    members = RaceMemberSerializer(many=True)
    standings = StandingSerializer(many=True, allow_null=True, help_text="Null until finished.")
    rematch_of = serializers.IntegerField(allow_null=True)
    rematch = RematchRefSerializer(allow_null=True)


class OpenRaceSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    host = OwnerSerializer()
    seats = serializers.IntegerField(help_text="Seats in all.")
    taken = serializers.IntegerField(
        help_text="Seats taken (fewer than seats: a full race is not listed)."
    )
    time_limit_s = serializers.IntegerField()
    deal = serializers.ChoiceField(
        choices=["random", "chosen"],
        help_text="random: the server draws the deal at the start; chosen: the host's deal code "
        "(never shown before the start).",
    )
    created_at = serializers.DateTimeField()


class OpenRacesResponse(serializers.Serializer):
    results = OpenRaceSerializer(
        many=True, help_text="The open public races with a free seat, newest first (at most 50)."
    )


class QueueResponse(serializers.Serializer):
    status = serializers.ChoiceField(choices=["waiting", "matched"])
    seats = serializers.IntegerField(required=False)
    since = serializers.DateTimeField(required=False)
    rated = serializers.BooleanField(
        help_text="Which queue: true the rated one (players with credentials), false the casual "
        "one (anonymous players); matched: the race's rated."
    )
    race = RaceResponse(required=False)


class RatingSerializer(serializers.Serializer):
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    ordinal = serializers.FloatField(help_text="mu − 3·sigma: the board's order.")
    races = serializers.IntegerField(help_text="Rated races that changed this rating.")
    provisional = serializers.BooleanField(
        help_text="Fewer than 10 rated races: not ranked on the board (see provisional=true)."
    )


class RatingEntrySerializer(RatingSerializer):
    rank = serializers.IntegerField(
        allow_null=True,
        help_text="Among the established ratings only; null for a provisional rating.",
    )
    player = OwnerSerializer()


class RatingsResponse(serializers.Serializer):
    total = serializers.IntegerField(help_text="Entries of the list asked for.")
    results = RatingEntrySerializer(many=True)
    next = serializers.CharField(allow_null=True)
    previous = serializers.CharField(allow_null=True)
    me = RatingEntrySerializer(allow_null=True)


class RaceStatsSerializer(serializers.Serializer):
    finished = serializers.IntegerField()
    won = serializers.IntegerField()
    podiums = serializers.IntegerField()
    rating = RatingSerializer(allow_null=True)
