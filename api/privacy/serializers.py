"""Shapes of a player's data (SPEC §12): the archive ``GET /account/export`` answers and the
body of ``POST /account/delete``. The archive is written by :mod:`games.privacy.archive`; this
module only describes it, for the schema (and so for the contract test that checks it)."""

from rest_framework import serializers

from api.accounts.serializers import CodeField, PasswordField
from api.games.serializers import LogEntrySerializer
from api.http.fields import StrictBooleanField, StrictSerializer
from api.oauth.serializers import ConnectedAppResponse, OwnAppResponse, PersonalTokenResponse
from api.players.serializers import OwnerSerializer, Settings
from games.fairplay.models import GameOrigin
from games.players.models import DeviceToken
from games.privacy import archive
from games.races.models import Race, RaceMember


class ArchivePlayer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    created_at = serializers.DateTimeField()
    settings = Settings()
    suspended = serializers.BooleanField(help_text="Suspended by the staff now.")
    deleted = serializers.BooleanField(help_text="Erased (only staff can export it then).")


class ArchiveAccount(serializers.Serializer):
    username = serializers.CharField()
    email = serializers.EmailField(allow_null=True)
    email_verified = serializers.BooleanField()
    email_verified_at = serializers.DateTimeField(allow_null=True)
    recovery_codes_left = serializers.IntegerField(help_text="How many, never the codes.")
    created_at = serializers.DateTimeField()
    password_changed_at = serializers.DateTimeField()
    locked = serializers.BooleanField(help_text="Locked by the staff now.")


class ArchiveDevice(serializers.Serializer):
    id = serializers.IntegerField()
    device = serializers.CharField()
    issued = serializers.ChoiceField(choices=DeviceToken.Issued.values)
    created_at = serializers.DateTimeField()
    created_from = serializers.CharField(
        allow_null=True, help_text="The network it was signed in from, host part zeroed."
    )
    last_used_at = serializers.DateTimeField()


class ArchiveLinkCode(serializers.Serializer):
    origin = serializers.ChoiceField(choices=["device", "staff"])
    created_at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField()
    used_at = serializers.DateTimeField(allow_null=True)


class ArchiveRating(serializers.Serializer):
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    ordinal = serializers.FloatField()
    races = serializers.IntegerField()
    updated_at = serializers.DateTimeField()


class ArchiveQueue(serializers.Serializer):
    seats = serializers.IntegerField()
    rated = serializers.BooleanField()
    since = serializers.DateTimeField()


class ArchiveEntry(serializers.Serializer):
    date = serializers.DateField()
    game_id = serializers.IntegerField()
    result = serializers.ChoiceField(choices=["won", "resigned", "unfinished"])
    score = serializers.IntegerField()
    moves = serializers.IntegerField()
    elapsed_ms = serializers.IntegerField()
    ended_at = serializers.DateTimeField()
    entered_at = serializers.DateTimeField()
    disqualified = serializers.BooleanField()


class ArchiveMembership(serializers.Serializer):
    joined_at = serializers.DateTimeField()
    ready = serializers.BooleanField()
    left_at = serializers.DateTimeField(allow_null=True)
    game_id = serializers.IntegerField(allow_null=True)
    result = serializers.ChoiceField(choices=RaceMember.Result.values, allow_null=True)
    rank = serializers.IntegerField(allow_null=True)
    score = serializers.IntegerField()
    moves = serializers.IntegerField()
    elapsed_ms = serializers.IntegerField(allow_null=True)
    rated = serializers.BooleanField()
    mu_before = serializers.FloatField(allow_null=True)
    sigma_before = serializers.FloatField(allow_null=True)
    mu_after = serializers.FloatField(allow_null=True)
    sigma_after = serializers.FloatField(allow_null=True)
    rating_change = serializers.FloatField(allow_null=True)
    disqualified = serializers.BooleanField()


class ArchiveRace(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Race.Status.values)
    seats = serializers.IntegerField()
    time_limit_s = serializers.IntegerField()
    matched = serializers.BooleanField()
    rated = serializers.BooleanField()
    aborted = serializers.BooleanField()
    host = OwnerSerializer()
    created_at = serializers.DateTimeField()
    starts_at = serializers.DateTimeField(allow_null=True)
    ends_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    end_reason = serializers.CharField(allow_null=True)
    deal_code = serializers.CharField(allow_null=True, help_text="Null until `starts_at`.")
    members = OwnerSerializer(many=True, help_text="Every member: id and public name only.")
    membership = ArchiveMembership(help_text="The player's own place in the race.")


class ArchiveOrigin(serializers.Serializer):
    recorded_at = serializers.DateTimeField()
    # A field named like Field.source: DRF takes it from the declared fields, as any other.
    source = serializers.ChoiceField(choices=GameOrigin.Source.values)  # type: ignore[assignment]
    game_id = serializers.IntegerField(allow_null=True)
    race_id = serializers.IntegerField(allow_null=True)
    device_id = serializers.IntegerField(
        allow_null=True, help_text="The device token's id (of `devices`, unless revoked since)."
    )
    address_known = serializers.BooleanField(
        help_text="A keyed hash of the client's address was kept (never the address; the hash "
        "itself is not exported)."
    )


class ArchiveGame(serializers.Serializer):
    id = serializers.IntegerField()
    deal_code = serializers.CharField()
    status = serializers.ChoiceField(choices=["playing", "stalled", "won", "resigned"])
    score = serializers.IntegerField()
    moves = serializers.IntegerField()
    version = serializers.IntegerField()
    started_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    elapsed_ms = serializers.IntegerField()
    daily_date = serializers.DateField(allow_null=True)
    ranked = serializers.BooleanField()
    watchable = serializers.BooleanField()
    race_id = serializers.IntegerField(allow_null=True)
    disqualified = serializers.BooleanField()
    log = LogEntrySerializer(many=True, help_text="Every change of the game, oldest first.")


class ArchiveResponse(serializers.Serializer):
    format = serializers.ChoiceField(choices=[archive.FORMAT])
    format_version = serializers.ChoiceField(
        choices=[archive.FORMAT_VERSION],
        help_text="Raised when a field changes meaning or goes; new fields may appear without.",
    )
    exported_at = serializers.DateTimeField()
    player = ArchivePlayer()
    account = ArchiveAccount(allow_null=True, help_text="Null for an anonymous player.")
    devices = ArchiveDevice(many=True, help_text="Signed-in devices: never their tokens.")
    link_codes = ArchiveLinkCode(many=True, help_text="Never the codes.")
    connected_apps = ConnectedAppResponse(
        many=True,
        help_text="Third-party apps holding a token of the player: never the tokens.",
    )
    personal_tokens = PersonalTokenResponse(
        many=True, help_text="The player's personal tokens: never the tokens."
    )
    own_apps = OwnAppResponse(many=True, help_text="The apps the player registered.")
    rating = ArchiveRating(allow_null=True)
    matchmaking = ArchiveQueue(allow_null=True, help_text="Waiting in the quick-match queue.")
    daily_entries = ArchiveEntry(many=True)
    races = ArchiveRace(many=True)
    game_origins = ArchiveOrigin(many=True, help_text="Where games were played from.")
    games = ArchiveGame(many=True, help_text="Every game, oldest first, with its log.")


class AccountDeleteRequest(StrictSerializer):
    password = PasswordField(
        required=False, help_text="The account's password (a player with credentials)."
    )
    recovery_code = CodeField(
        required=False, help_text="Or one of its unused recovery codes, in place of the password."
    )
    confirm = StrictBooleanField(
        required=False,
        help_text="`true`: a player without a username and password, whose device token is "
        "its only credential, confirms the deletion.",
    )
