"""What each change of a game takes, declared once for every transport.

A move, tap, undo or resign arrives as a JSON object: a REST body (``POST /games/{id}/moves``
…) or a game socket frame (``{"action": "move", …}``). Its keys are declared here, each with
its JSON type and bounds, whether it is required and the problem a refusal of it names; the
transports derive from these declarations instead of writing the checks again:

- ``api.games.serializers`` builds each body's DRF fields from them (so the OpenAPI schema shows the
  same bounds), and its fast path for plain bodies is :func:`plain`;
- ``realtime.frames`` builds each client frame's keys from them (so the AsyncAPI schema shows
  the same bounds), and the game socket checks every frame with :func:`check`.

Only the plain checks live here: a value's JSON type, a number's lower bound, how many items a
list may hold, which keys an action takes. Whether a text is a position and whether positions
make a removal are the engine's to say (``invalid_position``, ``duplicate_position``,
``wrong_number_of_cards`` …), on every transport alike. No DRF, no Channels: plain Python.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from games.core.errors import InvalidRequest

#: A position's text as the schemas describe it: P1…P12, R1…R8 (the engine reads it).
POSITION_PATTERN = r"^(P([1-9]|1[0-2])|R[1-8])$"
#: A refusal names at most this many unknown keys, each cut to this many characters.
UNKNOWN_NAMED, UNKNOWN_NAME_LENGTH = 20, 40


@dataclass(frozen=True)
class Whole:
    """A whole number sent as a JSON number (not a string, not a boolean), at least
    ``minimum``."""

    minimum: int
    #: The type a frame's key is hinted with.
    hint: ClassVar[Any] = int

    def accepts(self, value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and value >= self.minimum

    def plain(self, value: object) -> bool:
        return self.accepts(value)

    def schema(self) -> dict[str, Any]:
        return {"type": "integer", "minimum": self.minimum}


@dataclass(frozen=True)
class PositionText:
    """A position's text, read by the engine (``invalid_position`` when it is none): any text
    is passed on. ``max_length`` is the most characters a REST body's position may have."""

    max_length: int = 8
    hint: ClassVar[Any] = str

    def accepts(self, value: object) -> bool:
        return isinstance(value, str)

    def plain(self, value: object) -> bool:
        """Text every reader takes as it is: no spaces to trim, no NUL, 1 to ``max_length``
        characters."""
        return (
            isinstance(value, str)
            and 0 < len(value) <= self.max_length
            and value.isascii()
            and value.isprintable()
            and value == value.strip()
        )

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "pattern": POSITION_PATTERN}


@dataclass(frozen=True)
class PositionList:
    """A list of positions, at most ``max_items`` of them (each read by the engine). The rules
    take ``takes`` of them, each once: any other count or a repeat is the engine's refusal
    (``wrong_number_of_cards``, ``duplicate_position``)."""

    item: PositionText
    max_items: int
    takes: tuple[int, int] = (2, 3)
    hint: ClassVar[Any] = list[str]

    def accepts(self, value: object) -> bool:
        return isinstance(value, list) and len(value) <= self.max_items

    def plain(self, value: object) -> bool:
        return isinstance(value, list) and self.accepts(value) and all(map(self.item.plain, value))

    def schema(self) -> dict[str, Any]:
        """What is read: the socket's frame schema."""
        return {"type": "array", "items": self.item.schema(), "maxItems": self.max_items}

    def rules_schema(self) -> dict[str, Any]:
        """What the rules take: the REST body's schema."""
        low, high = self.takes
        return {
            "type": "array",
            "items": self.item.schema(),
            "minItems": low,
            "maxItems": high,
            "uniqueItems": True,
        }


Value = Whole | PositionText | PositionList


@dataclass(frozen=True)
class Field:
    """One key of an action's input."""

    name: str
    value: Value
    #: The problem a refusal of the value names (``fields`` of ``invalid_request``).
    problem: str
    required: bool = False


@dataclass(frozen=True)
class ActionInput:
    """What one action takes: its keys, in the order they are checked."""

    name: str
    fields: tuple[Field, ...]

    @property
    def names(self) -> frozenset[str]:
        return frozenset(item.name for item in self.fields)

    def field(self, name: str) -> Field:
        return next(item for item in self.fields if item.name == name)


EXPECTED_VERSION = Field("expected_version", Whole(minimum=0), "A whole number of at least 0.")
POSITION = PositionText(max_length=8)
POSITIONS = PositionList(POSITION, max_items=12)

MOVE = ActionInput(
    "move",
    (EXPECTED_VERSION, Field("positions", POSITIONS, 'A list like ["P1", "R6"].', required=True)),
)
TAP = ActionInput(
    "tap", (EXPECTED_VERSION, Field("position", POSITION, "A position like 'P5'.", required=True))
)
UNDO = ActionInput("undo", (EXPECTED_VERSION,))
RESIGN = ActionInput("resign", (EXPECTED_VERSION,))

#: Every change of a game a player makes, by name.
ACTIONS: dict[str, ActionInput] = {action.name: action for action in (MOVE, TAP, UNDO, RESIGN)}


def check(
    declared: ActionInput, data: Mapping[str, Any], transport_keys: Collection[str] = ()
) -> dict[str, Any]:
    """The values of ``data`` that ``declared`` takes (a null one counts as absent), or
    :class:`~games.core.errors.InvalidRequest` (``invalid_request``) naming in ``fields``
    every key ``data`` has that neither ``declared`` nor the transport (``transport_keys``)
    takes (at most :data:`UNKNOWN_NAMED`, cut to :data:`UNKNOWN_NAME_LENGTH` characters), else
    the first declared key whose value is missing or of the wrong type or bounds, with its
    problem."""
    unknown = sorted(set(data) - declared.names - set(transport_keys))
    if unknown:
        raise InvalidRequest(
            fields={
                name[:UNKNOWN_NAME_LENGTH]: ["Unknown field."] for name in unknown[:UNKNOWN_NAMED]
            }
        )
    values = {}
    for item in declared.fields:
        value = data.get(item.name)
        if value is None:
            if item.required:
                raise InvalidRequest(fields={item.name: [item.problem]})
        elif not item.value.accepts(value):
            raise InvalidRequest(fields={item.name: [item.problem]})
        else:
            values[item.name] = value
    return values


def plain(declared: ActionInput, data: object) -> dict[str, Any] | None:
    """``data`` when it is plainly what ``declared`` takes — an object of declared keys only,
    every required one there, each value one every reader takes as it is (no null, no text to
    trim) — else None. The REST fast path: its serializer decides anything else."""
    if not isinstance(data, dict) or not data.keys() <= declared.names:
        return None
    for item in declared.fields:
        if item.name in data:
            if not item.value.plain(data[item.name]):
                return None
        elif item.required:
            return None
    return dict(data)
