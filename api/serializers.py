"""Request validation and the documented (OpenAPI) shapes of responses."""

from typing import Any, ClassVar

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.core.error_schemas import CARD_PATTERN
from games.deals.errors import WinnableNotOffered
from games.models import Player
from games.play import inputs
from games.players.tokens import DEVICE_NAME_LENGTH


class StrictIntegerField(serializers.IntegerField):
    """An integer that must be sent as a JSON number, not a string or a boolean. A number
    written with a fraction of zero (``2.0``) is that integer, as JSON Schema (and so the
    OpenAPI 3.1 schema) counts it."""

    def to_internal_value(self, data):
        if isinstance(data, float) and data.is_integer():
            data = int(data)
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class StrictCharField(serializers.CharField):
    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


#: Positions (SPEC §1): piles P1…P12, reserve slots R1…R8 (either: games.play.inputs).
PILE_PATTERN = r"^P([1-9]|1[0-2])$"
RESERVE_PATTERN = r"^R[1-8]$"
POSITION = inputs.POSITION.schema()
#: A card (SPEC §1): rank then suit, like AS, 10H, QD.
CARD = {"type": "string", "pattern": CARD_PATTERN}


@extend_schema_field(POSITION)
class PositionField(StrictCharField):
    """A position, P1…P12 or R1…R8 (checked by the engine, which gives ``invalid_position``):
    :data:`games.play.inputs.POSITION`."""

    def __init__(self, **kwargs):
        super().__init__(max_length=inputs.POSITION.max_length, **kwargs)


@extend_schema_field({"type": "string", "maxLength": 40, "pattern": "^[^\\x00]*$"})
class NameField(StrictCharField):
    """A player's name: up to 40 characters, no NUL (spaces are trimmed by the service)."""

    def __init__(self, **kwargs):
        super().__init__(max_length=40, **kwargs)


@extend_schema_field({"type": "string", "maxLength": DEVICE_NAME_LENGTH, "pattern": "^[^\\x00]*$"})
class DeviceNameField(StrictCharField):
    """A device's name: up to 60 characters, no NUL (cleaned by the service)."""

    def __init__(self, **kwargs):
        super().__init__(max_length=DEVICE_NAME_LENGTH, **kwargs)


@extend_schema_field(
    {"type": "string", "maxLength": 40, "pattern": r"^\s*[Hh][Mm]1-[Nn]-[A-Za-z]{7}\s*$"}
)
class DealCodeField(StrictCharField):
    """A deal code, case-insensitive with surrounding spaces (checked by the engine, which
    gives ``invalid_deal_code``). Its length is counted with the spaces, as the schema says."""

    def __init__(self, **kwargs):
        super().__init__(max_length=40, trim_whitespace=False, **kwargs)


class StrictSerializer(serializers.Serializer):
    """A request body: a JSON object whose unknown fields are refused, not ignored."""

    # Fields the API offered once and no longer does: refused with their own code rather than
    # as unknown (winnable_not_offered).
    withdrawn: ClassVar[frozenset[str]] = frozenset()

    def to_internal_value(self, data):
        # Here rather than in validate(): a nested serializer has no initial_data.
        if isinstance(data, dict):
            if self.withdrawn & set(data):
                raise WinnableNotOffered()
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError({name: ["Unknown field."] for name in unknown})
        return super().to_internal_value(data)


class PlayerCreateRequest(StrictSerializer):
    name = NameField(help_text="1 to 40 characters.")
    device = DeviceNameField(
        required=False,
        allow_blank=True,
        help_text="A name for this device, shown in the device list.",
    )


SETTING_HELP = {
    "move_errors": "“Move errors” (hr „Pogreške pri potezima”, tr “Hamle hataları”): a refused "
    "tap's reply explains why, in the player's language.",
    "placement_aid": "“Placement aid” (hr „Pomoć pri postavljanju”, tr “Yerleştirme "
    "yardımı”): the owner's game lists the positions it dims (dimmed).",
    "language": "en, hr or tr; null follows the Accept-Language header.",
}
LANGUAGES = [c for c in Player.Language.values if c]


class SettingsSerializer(StrictSerializer):
    """The settings to change: any of them (a request). `winnable_deals` is gone (SPEC §10):
    sent, it is refused with `winnable_not_offered`."""

    withdrawn = frozenset({"winnable_deals"})

    move_errors = StrictBooleanField(required=False, help_text=SETTING_HELP["move_errors"])
    placement_aid = StrictBooleanField(required=False, help_text=SETTING_HELP["placement_aid"])
    language = serializers.ChoiceField(
        choices=LANGUAGES, allow_null=True, required=False, help_text=SETTING_HELP["language"]
    )


class Settings(serializers.Serializer):
    """Every setting of the player (an answer): each is always there, and a client must accept
    settings added later (``additionalProperties``)."""

    move_errors = serializers.BooleanField(help_text=SETTING_HELP["move_errors"])
    placement_aid = serializers.BooleanField(help_text=SETTING_HELP["placement_aid"])
    language = serializers.ChoiceField(
        choices=LANGUAGES, allow_null=True, help_text=SETTING_HELP["language"]
    )


class PlayerUpdateRequest(StrictSerializer):
    name = NameField(required=False)
    settings = SettingsSerializer(required=False)


class PlayerResponse(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    settings = Settings()


class PlayerCreatedResponse(PlayerResponse):
    token = serializers.CharField(help_text="This device's API token, shown only this once.")


class TokenResponse(serializers.Serializer):
    token = serializers.CharField(help_text="The device's new API token, shown only this once.")


class GameCreateRequest(StrictSerializer):
    """`winnable` is gone (SPEC §10: nothing tells whether a deal can be won): sent, it is
    refused with `winnable_not_offered`."""

    withdrawn = frozenset({"winnable"})
    deal_code = DealCodeField(required=False, help_text="HM1-N- and 7 letters; omitted: random.")
    daily = StrictBooleanField(
        required=False,
        help_text="true: today's daily deal (UTC). The player's first game of it "
        "is ranked, later ones are practice. Not together with deal_code.",
    )

    def validate(self, attrs):
        attrs = super().validate(attrs)
        if "daily" in attrs and "deal_code" in attrs:
            raise serializers.ValidationError(
                {"daily": ["Give either daily or deal_code, not both."]}
            )
        return attrs


@extend_schema_field(inputs.POSITIONS.rules_schema())
class PositionsField(serializers.ListField):
    """The positions of a removal (:data:`games.play.inputs.POSITIONS`): two or three, each
    once. Other counts are refused by the rules (``wrong_number_of_cards``,
    ``duplicate_position``), up to 12 read."""

    def __init__(self, **kwargs):
        super().__init__(child=PositionField(), max_length=inputs.POSITIONS.max_items, **kwargs)


#: The REST wording of each game change's keys (the schema's descriptions).
CHANGE_HELP = {
    "expected_version": "When given and the game is at another version: 409 and nothing changes.",
    "positions": 'Two or three positions, like ["P1", "R6"].',
    "position": "P1…P12 or R1…R8.",
}


def change_field(declared: inputs.Field) -> serializers.Field:
    """The DRF field of a game change's declared key: its type, bounds and requiredness
    (:mod:`games.play.inputs`), so the OpenAPI schema shows what the socket checks too."""
    value, required, help_text = declared.value, declared.required, CHANGE_HELP[declared.name]
    if isinstance(value, inputs.Whole):
        return StrictIntegerField(min_value=value.minimum, required=required, help_text=help_text)
    if value is inputs.POSITION:
        return PositionField(required=required, help_text=help_text)
    if value is inputs.POSITIONS:
        return PositionsField(required=required, help_text=help_text)
    raise TypeError(f"No REST field for the input {declared.name!r}: {value!r}")


class GameChangeRequest(StrictSerializer):
    # The body of a game change: its fields are those its declaration (``declared``, from
    # games.play.inputs) gives, in its order. No docstring of its own: each body's schema
    # keeps StrictSerializer's description.

    declared: ClassVar[inputs.ActionInput]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._declared_fields = {item.name: change_field(item) for item in cls.declared.fields}

    @classmethod
    def quick(cls, data) -> dict | None:
        """The validated data of a plainly well-formed body, without building a serializer
        (the game actions' hot path: :func:`games.play.inputs.plain`); None for anything else,
        which then goes through the serializer as usual (and gets its errors from there)."""
        return inputs.plain(cls.declared, data)


class VersionedRequest(GameChangeRequest):
    declared = inputs.UNDO  # and resign: both take only expected_version


class MoveRequest(GameChangeRequest):
    declared = inputs.MOVE


class TapRequest(GameChangeRequest):
    declared = inputs.TAP


@extend_schema_field({"type": "string", "pattern": PILE_PATTERN})
class PileField(serializers.CharField):
    """A pile's position, P1…P12."""


@extend_schema_field({"type": "string", "pattern": RESERVE_PATTERN})
class ReserveField(serializers.CharField):
    """A reserve slot's position, R1…R8."""


@extend_schema_field(POSITION)
class PositionText(serializers.CharField):
    """A position in an answer, P1…P12 or R1…R8."""


@extend_schema_field(CARD)
class CardField(serializers.CharField):
    """A card in an answer: rank then suit (``10H``, ``QS``)."""


@extend_schema_field({"type": "array", "items": POSITION})
class PositionList(serializers.ListField):
    """Positions in an answer."""


class PileSerializer(serializers.Serializer):
    position = PileField()
    count = serializers.IntegerField(min_value=0)
    top = CardField(allow_null=True, help_text="The top card; null when the pile is empty.")


class ReserveSlotSerializer(serializers.Serializer):
    position = ReserveField()
    card = CardField(allow_null=True, help_text="null when the slot is empty.")


class OwnerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


FINISHED_HELP = (
    "When the game's clock stopped: it was won, resigned or stalled (a resignation or win after "
    "a stall keeps the stall's moment); null while playing, again after an undo out of a stall."
)
ELAPSED_HELP = (
    "Server-measured milliseconds from started_at to finished_at, or to now while playing (after "
    "an undo out of a stall the clock runs on from started_at: the stalled time counts)."
)


class GameResponse(serializers.Serializer):
    id = serializers.IntegerField()
    deal_code = serializers.CharField()
    owner = OwnerSerializer()
    status = serializers.ChoiceField(choices=["playing", "stalled", "won", "resigned"])
    score = serializers.IntegerField()
    moves = serializers.IntegerField()
    cards_left = serializers.IntegerField()
    version = serializers.IntegerField()
    started_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True, help_text=FINISHED_HELP)
    elapsed_ms = serializers.IntegerField(help_text=ELAPSED_HELP)
    can_undo = serializers.BooleanField()
    selection = PositionList(child=serializers.CharField())
    piles = PileSerializer(many=True)
    reserve = ReserveSlotSerializer(many=True)
    daily_date = serializers.DateField(allow_null=True)
    ranked = serializers.BooleanField()
    watchable = serializers.BooleanField(help_text="Others may watch it (the owner's choice).")
    race_id = serializers.IntegerField(allow_null=True, help_text="The race it belongs to.")
    dimmed = PositionList(
        child=serializers.CharField(),
        allow_null=True,
        help_text="Only in the owner's own view with the placement_aid setting on: the playable "
        "positions a tap would not add to the selection (empty when nothing is "
        "selected). null for everyone else.",
    )


class PlacedCardSerializer(serializers.Serializer):
    position = PositionText()
    card = CardField()


class TapMessageSerializer(serializers.Serializer):
    code = serializers.ChoiceField(choices=["sum_must_be_11", "needs_jack_queen_king"])
    text = serializers.CharField()


class TapResponse(serializers.Serializer):
    game = GameResponse()
    removed = PlacedCardSerializer(many=True, allow_null=True)
    message = TapMessageSerializer(
        allow_null=True, help_text="Only with the move_errors setting on."
    )
    dimmed = PositionList(
        child=serializers.CharField(),
        allow_null=True,
        help_text="Only with the placement_aid setting on (the same list as game.dimmed).",
    )


class GameListResponse(serializers.Serializer):
    results = GameResponse(many=True)
    next = serializers.CharField(allow_null=True, help_text="Cursor of the next page.")
    previous = serializers.CharField(allow_null=True, help_text="Cursor of the previous page.")
    next_before = serializers.IntegerField(
        allow_null=True, help_text="Deprecated: use next (a cursor)."
    )


class LogEntrySerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=["move", "tap", "undo", "resign"])
    positions = PositionList(child=serializers.CharField())
    removed = PlacedCardSerializer(many=True, allow_null=True)
    restored = PlacedCardSerializer(many=True, allow_null=True)
    at = serializers.DateTimeField()


class LogResponse(serializers.Serializer):
    game_id = serializers.IntegerField()
    version = serializers.IntegerField()
    results = LogEntrySerializer(many=True)
    next = serializers.CharField(allow_null=True, help_text="Cursor of the next page.")
    previous = serializers.CharField(allow_null=True, help_text="Cursor of the previous page.")
    entries = LogEntrySerializer(many=True, help_text="Deprecated: the same as results.")
