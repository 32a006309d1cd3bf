"""Documented (OpenAPI) shapes of games: starting one, its changes, its representation and log."""

from typing import Any, ClassVar

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.http.fields import (
    CARD,
    PILE_PATTERN,
    POSITION,
    RESERVE_PATTERN,
    DealCodeField,
    PositionField,
    StrictBooleanField,
    StrictIntegerField,
    StrictSerializer,
)
from api.players.serializers import OwnerSerializer
from games.play import inputs


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


FINISHED_HELP = (
    "When the game's clock stopped: it was won, resigned or stalled (a resignation or win after "
    "a stall keeps the stall's moment); null while playing, again after an undo out of a stall."
)
ELAPSED_HELP = (
    "Server-measured milliseconds from clock_started_at to finished_at, or to now while playing "
    "(after an undo out of a stall the clock runs on from clock_started_at: the stalled time "
    "counts); 0 before the game's first change."
)
CLOCK_STARTED_HELP = (
    "When the game's clock started: its first change (a tap, a move, an undo or a "
    "resignation), so reading the table before it costs no time; a race's game at the race's "
    "start. Null until then: a client shows 0:00 and counts from here once it is set."
)


class GameChallengeResultSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=["won", "resigned"])
    score = serializers.IntegerField()
    moves = serializers.IntegerField()
    elapsed_ms = serializers.IntegerField()
    ended_at = serializers.DateTimeField(
        help_text="When the creator's game ended: a result equal on won, score and elapsed_ms "
        "ranks behind it on the board (it ended first), so it stands."
    )


class GameChallengeSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="The challenge's code (GET /challenges/{code}).")
    link = serializers.CharField(help_text="The web client's route: /#/challenge/<code>.")
    creator = OwnerSerializer()
    result = GameChallengeResultSerializer(
        help_text="The creator's result, to beat, in the board's order: won first, then the "
        "higher score, the shorter elapsed_ms, the earlier end."
    )
    counted = serializers.BooleanField(
        help_text="This game is on the challenge's board (a first game met blind); else practice."
    )


CHALLENGE_HELP = (
    "The challenge the game was played at (SPEC §11): its code, creator and the result to beat, "
    "as the challenge's page shows them (never the deal). null for every other game — a "
    "practice game of the same deal and the creator's own game included. Whoever may see a "
    "game played at a challenge holds its code (its owner, staff, the creator, a challenger "
    "whose own game there ended), so watchers read it as the owner does."
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
    started_at = serializers.DateTimeField(help_text="When the game was dealt.")
    clock_started_at = serializers.DateTimeField(allow_null=True, help_text=CLOCK_STARTED_HELP)
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
    challenge = GameChallengeSerializer(allow_null=True, help_text=CHALLENGE_HELP)
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
