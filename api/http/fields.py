"""The request fields and bodies every domain's serializers build on: strict JSON types (no
string for a number, no unknown key), and the patterns of positions and cards."""

from typing import ClassVar

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.core.error_schemas import CARD_PATTERN
from games.deals.errors import WinnableNotOffered
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
