"""Every frame the sockets send, defined once: the consumers and the publisher build frames from
these classes, and the protocol documentation (``docs/PROTOCOL.md``) is generated from them.

A frame is a JSON object whose ``type`` names it. Each class below is one frame: its
docstring says when it is sent, its fields (with their ``doc``) are the frame's keys, in order.
The frames a client may send (:class:`ClientAction` subclasses: the game socket's actions), the
sockets themselves (:data:`SOCKETS`: path, parameters, who may connect, frames each way, close
codes) and the close codes are declared here too. The AsyncAPI document
(``/api/v1/asyncapi.json``, :mod:`realtime.asyncapi`) and ``docs/PROTOCOL.md`` are
generated from these definitions; the game socket reads client frames through them.

A field's JSON Schema comes from its type hint; its metadata may add ``schema`` (keywords merged
in), ``const`` (the one value it takes) or ``representation`` (the REST representation it
carries — ``game``, ``race``, ``entry``, ``entries``, ``placed_cards``, ``tap_message`` —
whose schema the AsyncAPI document takes from the OpenAPI schema: both describe one shape).
A client frame's keys are its action's input as :mod:`games.play.inputs` declares it for every
transport (REST derives its bodies from the same declarations): their schemas, whether each is
required, and the checks the game socket runs (:meth:`ClientAction.values`).
"""

from __future__ import annotations

import dataclasses
import json
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from games.play import inputs


def _doc(
    text: str,
    default: Any = dataclasses.MISSING,
    *,
    declared: inputs.Field | None = None,
    **schema: Any,
) -> Any:
    """A frame field: its ``doc``, and optionally ``schema``/``const``/``representation``. A
    client frame's key passes its declaration (``declared``, :mod:`games.play.inputs`) instead:
    its ``schema`` (type and bounds) comes from there, and it is required when declared so
    (else it may be null or left out)."""
    if declared is not None:
        default = dataclasses.MISSING if declared.required else None
        # The document states what the rules take (positions: 2–3, each once), as REST's
        # does; the socket reads more and answers the engine's own refusal for the rest
        # (``wrong_number_of_cards``, ``duplicate_position``), the same code as REST.
        rules = getattr(declared.value, "rules_schema", None)
        documented = rules() if rules is not None else declared.value.schema()
        schema = {"schema": documented, "declared": declared}
    metadata = {"doc": text, **schema}
    if default is dataclasses.MISSING:
        return field(metadata=metadata)
    return field(default=default, metadata=metadata)


#: JSON Schema of a position, as the REST schema writes it.
POSITION_SCHEMA = inputs.POSITION.schema()
#: A ``request_id``: a string or a number, at most 64 characters written out.
REQUEST_ID_SCHEMA = {"anyOf": [{"type": "string", "maxLength": 64}, {"type": "integer"}]}


def dumps(content: dict[str, Any]) -> str:
    """Compact JSON, as every frame is written."""
    return json.dumps(content, separators=(",", ":"))


class Frame:
    """Base of every frame: ``as_dict()`` is ``{"type": ..., **fields}``."""

    type: ClassVar[str]
    #: Sockets that send this frame, as their path templates.
    sockets: ClassVar[tuple[str, ...]]

    def as_dict(self) -> dict[str, Any]:
        body: dict[str, Any] = {"type": self.type}
        for item in dataclasses.fields(self):  # type: ignore[arg-type]
            body[item.name] = getattr(self, item.name)
        return body

    def dumps(self) -> str:
        return dumps(self.as_dict())


GAME_SOCKET = "/ws/games/{id}/"
DAILY_SOCKET = "/ws/daily/{date}/"
RACE_SOCKET = "/ws/races/{id}/"
ME_SOCKET = "/ws/me/"
SEASON_SOCKET = "/ws/seasons/{season}/"
CHALLENGE_SOCKET = "/ws/challenges/{code}/"
LOBBY_SOCKET = "/ws/races/open/"


# -- the game socket -------------------------------------------------------------------------
@dataclass(frozen=True)
class GameFrame(Frame):
    """The game as every watcher sees it: on connect, then after every change, whichever
    client or endpoint made it. `game.version` orders them: drop a frame older than the one
    you have, reload over REST when a version is skipped."""

    type: ClassVar[str] = "game"
    sockets: ClassVar[tuple[str, ...]] = (GAME_SOCKET,)
    game: dict[str, Any] = _doc(
        "The game representation, as `GET /api/v1/games/{id}` returns.", representation="game"
    )


@dataclass(frozen=True)
class MoveResultFrame(Frame):
    """The reply to the owner's `move` action, to the socket that sent it."""

    type: ClassVar[str] = "result"
    sockets: ClassVar[tuple[str, ...]] = (GAME_SOCKET,)
    action: str = _doc("`move`.", const="move")
    game: dict[str, Any] = _doc("The game after the move.", representation="game")
    removed: list[dict[str, str]] | None = _doc(
        "The cards removed, `[{position, card}]`.", representation="placed_cards"
    )
    request_id: str | int | None = _doc(
        "The `request_id` of the action, echoed.", None, schema=REQUEST_ID_SCHEMA
    )


@dataclass(frozen=True)
class UndoResultFrame(Frame):
    """The reply to the owner's `undo` action."""

    type: ClassVar[str] = "result"
    sockets: ClassVar[tuple[str, ...]] = (GAME_SOCKET,)
    action: str = _doc("`undo`.", const="undo")
    game: dict[str, Any] = _doc("The game after the undo.", representation="game")
    restored: list[dict[str, str]] | None = _doc(
        "The cards put back, `[{position, card}]`.", representation="placed_cards"
    )
    request_id: str | int | None = _doc(
        "The `request_id` of the action, echoed.", None, schema=REQUEST_ID_SCHEMA
    )


@dataclass(frozen=True)
class TapResultFrame(Frame):
    """The reply to the owner's `tap` action: as `POST /games/{id}/taps` answers."""

    type: ClassVar[str] = "result"
    sockets: ClassVar[tuple[str, ...]] = (GAME_SOCKET,)
    action: str = _doc("`tap`.", const="tap")
    game: dict[str, Any] = _doc("The game after the tap.", representation="game")
    removed: list[dict[str, str]] | None = _doc(
        "The cards removed when the tap completed a pair or a triple, else null.",
        representation="placed_cards",
    )
    message: dict[str, str] | None = _doc(
        "`{code, text}` when the tap was refused by the rules and the player has `move_errors` on.",
        representation="tap_message",
    )
    dimmed: list[str] | None = _doc(
        "Positions whose card cannot join the selection, when the player has `placement_aid` on.",
        schema={"items": POSITION_SCHEMA},
    )
    request_id: str | int | None = _doc(
        "The `request_id` of the action, echoed.", None, schema=REQUEST_ID_SCHEMA
    )


@dataclass(frozen=True)
class ResignResultFrame(Frame):
    """The reply to the owner's `resign` action: the game has ended, keeping its score."""

    type: ClassVar[str] = "result"
    sockets: ClassVar[tuple[str, ...]] = (GAME_SOCKET,)
    action: str = _doc("`resign`.", const="resign")
    game: dict[str, Any] = _doc("The game after the resign.", representation="game")
    request_id: str | int | None = _doc(
        "The `request_id` of the action, echoed.", None, schema=REQUEST_ID_SCHEMA
    )


# -- the daily board socket ------------------------------------------------------------------
@dataclass(frozen=True)
class BoardFrame(Frame):
    """The date's leaderboard on connect: its top entries (`?limit=`, default 10)."""

    type: ClassVar[str] = "board"
    sockets: ClassVar[tuple[str, ...]] = (DAILY_SOCKET,)
    date: str = _doc("The date, YYYY-MM-DD.", schema={"format": "date"})
    closed: bool = _doc("True once the date is over.")
    closes_at: str = _doc(
        "When the date's board closes (midnight UTC after it).", schema={"format": "date-time"}
    )
    total: int = _doc("Entries on the board.", schema={"minimum": 0})
    top: list[dict[str, Any]] = _doc(
        "The first entries, best first, as the REST board.", representation="entries"
    )


@dataclass(frozen=True)
class EntryFrame(Frame):
    """An entry entered the board (a ranked attempt ended, or staff reinstated it) or left it
    (staff disqualified it)."""

    type: ClassVar[str] = "entry"
    sockets: ClassVar[tuple[str, ...]] = (DAILY_SOCKET,)
    change: str = _doc("`entered` or `removed`.", schema={"enum": ["entered", "removed"]})
    entry: dict[str, Any] = _doc(
        "The entry, with its `rank` (null when removed).", representation="entry"
    )
    total: int = _doc("Entries on the board now.", schema={"minimum": 0})


@dataclass(frozen=True)
class ClosedFrame(Frame):
    """The day has closed: every ranked attempt is on the board. Reload it over REST."""

    type: ClassVar[str] = "closed"
    sockets: ClassVar[tuple[str, ...]] = (DAILY_SOCKET,)
    date: str = _doc("The date, YYYY-MM-DD.", schema={"format": "date"})
    total: int = _doc("Entries on the board.", schema={"minimum": 0})


@dataclass(frozen=True)
class SeasonFrame(Frame):
    """A season's board: on connect, then after every rebuild (a day counted, a result
    disqualified) and once more when the season closes (`closed` true: final)."""

    type: ClassVar[str] = "season"
    sockets: ClassVar[tuple[str, ...]] = (SEASON_SOCKET,)
    season: str = _doc("The season, `YYYY-Www` or `YYYY-MM`.")
    closed: bool = _doc("True once the season is closed: its board is final.")
    total: int = _doc("Entries on the board.", schema={"minimum": 0})
    top: list[dict[str, Any]] = _doc(
        "The first entries, most points first, as the REST board.", representation="season_entries"
    )


@dataclass(frozen=True)
class ChallengeBoardFrame(Frame):
    """A challenge's board: on connect, then after every change (a counted attempt ended)."""

    type: ClassVar[str] = "challenge_board"
    sockets: ClassVar[tuple[str, ...]] = (CHALLENGE_SOCKET,)
    code: str = _doc("The challenge's code.")
    total: int = _doc("Entries on the board.", schema={"minimum": 0})
    top: list[dict[str, Any]] = _doc(
        "The first entries, best first, as the REST board.", representation="challenge_entries"
    )


# -- the lobby socket ------------------------------------------------------------------------
@dataclass(frozen=True)
class OpenRacesFrame(Frame):
    """The open public races with a free seat, as `GET /api/v1/races?status=open` lists them:
    on connect, then after every change of the list (a public race opened, a seat taken or
    freed, its countdown began, it was cancelled). Each frame is the whole list. `at` orders
    them: drop a frame whose `at` is earlier than the one shown (two changes made at once on two
    servers may arrive in either order). Never a private race, a member's game or a chosen
    deal's code."""

    type: ClassVar[str] = "open_races"
    sockets: ClassVar[tuple[str, ...]] = (LOBBY_SOCKET,)
    at: str = _doc("When the list was read.", schema={"format": "date-time"})
    results: list[dict[str, Any]] = _doc(
        "The open public races with a free seat, newest first (at most 50).",
        representation="open_races",
    )


# -- the race socket and the player's own socket ---------------------------------------------
@dataclass(frozen=True)
class RaceFrame(Frame):
    """The race on connect, then after every change: a member joined or left, a ready mark,
    the start, the run (`deal_code` appears, `rated` is fixed), each member's progress, the end
    (`standings`, `aborted`), a rematch. `race.version` orders them as `game.version` orders
    game frames. Progress is numbers only: never a card of another member's game."""

    type: ClassVar[str] = "race"
    sockets: ClassVar[tuple[str, ...]] = (RACE_SOCKET,)
    race: dict[str, Any] = _doc(
        "The race representation, as `GET /api/v1/races/{id}` returns it to this member.",
        representation="race",
    )


@dataclass(frozen=True)
class MatchedFrame(Frame):
    """The quick-match queue formed a race for you: its members are all ready and its
    countdown has started; `race.rated` says which queue formed it (rated: players with
    credentials; casual: anonymous players). Also sent on connect while you have such a race
    unfinished."""

    type: ClassVar[str] = "matched"
    sockets: ClassVar[tuple[str, ...]] = (ME_SOCKET,)
    race: dict[str, Any] = _doc(
        "The race, as `GET /api/v1/races/{id}` returns it to you.", representation="race"
    )


# -- every socket ----------------------------------------------------------------------------
class ErrorFrame(Frame):
    """An action or a connection refused: the REST error body (`code`, `message` in the
    player's language, and the code's details) plus the `request_id` of the refused action.
    The connection stays open after an error, unless a close code follows."""

    type: ClassVar[str] = "error"
    sockets: ClassVar[tuple[str, ...]] = (
        GAME_SOCKET,
        DAILY_SOCKET,
        SEASON_SOCKET,
        RACE_SOCKET,
        ME_SOCKET,
        CHALLENGE_SOCKET,
        LOBBY_SOCKET,
    )
    #: Documented keys; an error's details (``current_version``, ``fields``, …) come after.
    documented: ClassVar[dict[str, str]] = {
        "code": "Stable machine-readable code (the REST error codes).",
        "message": "Human-readable, in the player's language.",
        "request_id": "The `request_id` of the refused action, or null.",
    }

    def __init__(self, body: dict[str, Any], request_id: str | int | None = None) -> None:
        self.body, self.request_id = body, request_id

    def as_dict(self) -> dict[str, Any]:
        return {"type": self.type, **self.body, "request_id": self.request_id}


FRAMES: tuple[type[Frame], ...] = (
    GameFrame,
    MoveResultFrame,
    UndoResultFrame,
    TapResultFrame,
    ResignResultFrame,
    BoardFrame,
    EntryFrame,
    ClosedFrame,
    SeasonFrame,
    ChallengeBoardFrame,
    OpenRacesFrame,
    RaceFrame,
    MatchedFrame,
    ErrorFrame,
)


@dataclass(frozen=True)
class CloseCode:
    code: int
    meaning: str


#: Close codes the server uses (4000–4999 are the application's own).
CLOSE_BAD_REQUEST = CloseCode(
    4400,
    "The daily socket's path names no valid date, or its `?limit=` is not 1..100 (an error "
    "frame with `invalid_date`, `date_in_future` or `invalid_page_size` comes first); or a "
    "challenge socket's `?limit=` is not 1..100, or its caller's `challenge_lookup` budget is "
    "spent (`invalid_page_size` or `throttled` first).",
)
CLOSE_UNAUTHORIZED = CloseCode(
    4401,
    "No valid credentials: `/ws/me/` or `/ws/races/open/` without a player "
    "(`not_authenticated` comes first), or "
    "the socket's token is not (or no longer) valid: unknown or revoked at connect (an error "
    "frame with `invalid_token` comes first), or revoked while the socket was open — signed "
    "out, rotated, revoked from another device or by staff, the password changed or reset, "
    "the account locked or deleted (`token_revoked` comes first; a deleted account's sockets "
    "opened with a session close too). A refused token never falls back to "
    "watching anonymously: sign in again, or connect without a token to watch.",
)
CLOSE_FORBIDDEN = CloseCode(
    4403,
    "You may not watch this game (an error frame with `game_private`, `daily_game_hidden` or "
    "`race_game_hidden` comes first), or the player is suspended by the staff, at connect or "
    "while the socket is open (`token_suspended` comes first).",
)
CLOSE_NOT_FOUND = CloseCode(
    4404,
    "No such game, or no such race for you (an error frame with `game_not_found` or "
    "`race_not_found` comes first), or a season that has not started (`season_not_started`), "
    "or no challenge of the code (`challenge_not_found`), "
    "or no such socket: a path that is none of the sockets', "
    "or a game or race id that is not a number (`not_found` comes first).",
)
CLOSE_TOO_MANY_FRAMES = CloseCode(
    4429,
    "The client sent frames faster than `socket_message` allows to a socket that takes none "
    "(the daily board, a race, the lobby, the personal socket): it is closed rather than "
    "answered.",
)
CLOSE_CODES = (
    CLOSE_BAD_REQUEST,
    CLOSE_UNAUTHORIZED,
    CLOSE_FORBIDDEN,
    CLOSE_NOT_FOUND,
    CLOSE_TOO_MANY_FRAMES,
)


# -- frames from the client ------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class ClientAction:
    """Base of the frames a client sends: ``{"action": name, ...fields}``. A frame with a key
    its action does not declare is refused (`invalid_request`, the keys in `fields`), as REST
    refuses unknown body fields."""

    #: The ``action`` value.
    name: ClassVar[str]
    sockets: ClassVar[tuple[str, ...]] = ()
    #: The frame that answers it, to the socket that sent it.
    result: ClassVar[type[Frame]]
    #: What it takes (:mod:`games.play.inputs`): its keys besides ``action`` and ``request_id``,
    #: their types and bounds, and the checks of :meth:`values`.
    declared: ClassVar[inputs.ActionInput]

    expected_version: int | None = _doc(
        "When given and the game is at another version: `version_conflict` (with "
        "`current_version`) and nothing changes.",
        declared=inputs.EXPECTED_VERSION,
    )
    request_id: str | int | None = _doc(
        "Echoed in the reply (`result` or `error`): at most 64 characters.",
        None,
        schema=REQUEST_ID_SCHEMA,
    )

    @classmethod
    def keys(cls) -> frozenset[str]:
        """Every key a frame of this action may carry."""
        return frozenset({"action", *(item.name for item in dataclasses.fields(cls))})

    @classmethod
    def values(cls, frame: Mapping[str, Any]) -> dict[str, Any]:
        """The declared values a frame of this action carries (a null one is left out), by
        :func:`games.play.inputs.check`: ``invalid_request`` for a key the frame may not carry
        or a value of the wrong type or bounds."""
        return inputs.check(cls.declared, frame, cls.keys())


@dataclass(frozen=True, kw_only=True)
class MoveAction(ClientAction):
    """Remove two or three cards (SPEC §4), as `POST /games/{id}/moves`."""

    name: ClassVar[str] = "move"
    sockets: ClassVar[tuple[str, ...]] = (GAME_SOCKET,)
    result: ClassVar[type[Frame]] = MoveResultFrame
    declared: ClassVar[inputs.ActionInput] = inputs.MOVE
    positions: list[str] = _doc(
        'Two or three positions, like `["P1", "R6"]`.', declared=inputs.MOVE.field("positions")
    )


@dataclass(frozen=True, kw_only=True)
class TapAction(ClientAction):
    """Tap a position: select, deselect or complete a removal, as `POST /games/{id}/taps`."""

    name: ClassVar[str] = "tap"
    sockets: ClassVar[tuple[str, ...]] = (GAME_SOCKET,)
    result: ClassVar[type[Frame]] = TapResultFrame
    declared: ClassVar[inputs.ActionInput] = inputs.TAP
    position: str = _doc("`P1`…`P12` or `R1`…`R8`.", declared=inputs.TAP.field("position"))


@dataclass(frozen=True, kw_only=True)
class UndoAction(ClientAction):
    """Take back the last removal, as `POST /games/{id}/undo`."""

    name: ClassVar[str] = "undo"
    sockets: ClassVar[tuple[str, ...]] = (GAME_SOCKET,)
    result: ClassVar[type[Frame]] = UndoResultFrame
    declared: ClassVar[inputs.ActionInput] = inputs.UNDO


@dataclass(frozen=True, kw_only=True)
class ResignAction(ClientAction):
    """End the game now, keeping its score, as `POST /games/{id}/resign`."""

    name: ClassVar[str] = "resign"
    sockets: ClassVar[tuple[str, ...]] = (GAME_SOCKET,)
    result: ClassVar[type[Frame]] = ResignResultFrame
    declared: ClassVar[inputs.ActionInput] = inputs.RESIGN


ACTIONS: tuple[type[ClientAction], ...] = (MoveAction, TapAction, UndoAction, ResignAction)
ACTIONS_BY_NAME: dict[str, type[ClientAction]] = {action.name: action for action in ACTIONS}


def _check_declarations() -> None:
    """Each action is the one :mod:`games.play.inputs` declares under its name, and its frame's
    keys are that declaration's (the same names, in order, each made from its declared key and
    hinted with its type: null too when optional) with ``request_id``."""
    if set(ACTIONS_BY_NAME) != set(inputs.ACTIONS):
        raise TypeError("The client actions are not the declared game changes.")
    for action in ACTIONS:
        declared = inputs.ACTIONS[action.name]
        hints = typing.get_type_hints(action)
        keys = [item for item in dataclasses.fields(action) if item.name != "request_id"]
        names = [item.name for item in keys]
        expected = [item.name for item in declared.fields]
        if action.declared is not declared or names != expected:
            raise TypeError(f"{action.__name__} takes {names}, its declaration {expected}.")
        for key, item in zip(keys, declared.fields, strict=True):
            hint = item.value.hint if item.required else item.value.hint | None
            if key.metadata.get("declared") is not item or hints[item.name] != hint:
                raise TypeError(f"{action.__name__}.{item.name} is not its declared key.")


_check_declarations()


# -- the sockets -----------------------------------------------------------------------------
@dataclass(frozen=True)
class SocketParameter:
    name: str
    description: str
    #: The route's regular expression for it (``realtime.routing``).
    pattern: str


@dataclass(frozen=True)
class SocketDefinition:
    """One socket: its path template (each route also takes it without the trailing slash),
    who may connect, its parameters and close codes; its frames are those whose ``sockets``
    name it."""

    path: str
    #: A short name (the AsyncAPI channel's id).
    name: str
    title: str
    description: str
    parameters: tuple[SocketParameter, ...] = ()
    close_codes: tuple[CloseCode, ...] = ()
    #: Query parameters besides ``token``.
    query: dict[str, str] = field(default_factory=dict)

    @property
    def frames(self) -> tuple[type[Frame], ...]:
        return tuple(frame for frame in FRAMES if self.path in frame.sockets)

    @property
    def actions(self) -> tuple[type[ClientAction], ...]:
        return tuple(action for action in ACTIONS if self.path in action.sockets)


#: Close codes every socket may use: a refused or revoked token, a suspended player.
_CREDENTIALS_CLOSES = (CLOSE_UNAUTHORIZED, CLOSE_FORBIDDEN)

SOCKETS: tuple[SocketDefinition, ...] = (
    SocketDefinition(
        GAME_SOCKET,
        "game",
        "A game, live",
        "The game on connect, then after every change, whichever client or endpoint made it. "
        "Anyone allowed to read the game may connect; only its owner may act (`move`, `tap`, "
        "`undo`, `resign`). Each action is answered on the socket that sent it with a `result` "
        "(or an `error`) echoing its `request_id`; every socket of the game, the actor's "
        "included, also gets the change as a `game` frame — on the actor's socket always "
        "after that `result`: both carry the same `game.version`, and a client keeps the "
        "highest version it has seen.",
        (SocketParameter("id", "The game's id.", "[0-9]{1,18}"),),
        (CLOSE_UNAUTHORIZED, CLOSE_FORBIDDEN, CLOSE_NOT_FOUND),
    ),
    SocketDefinition(
        DAILY_SOCKET,
        "daily",
        "A date's leaderboard, live",
        "A `board` snapshot on connect, an `entry` frame after every change of the board, a "
        "`closed` frame when the day closes. Anyone may watch; read-only.",
        (SocketParameter("date", "The date, YYYY-MM-DD (UTC), not in the future.", "[^/]+"),),
        (CLOSE_BAD_REQUEST, *_CREDENTIALS_CLOSES, CLOSE_TOO_MANY_FRAMES),
        {"limit": "1..100: how many entries the `board` snapshot holds (default 10)."},
    ),
    SocketDefinition(
        CHALLENGE_SOCKET,
        "challenge",
        "A challenge's board, live",
        "A `challenge_board` frame on connect (`?limit=` entries, default 10) and again after "
        "every change of the board (a counted attempt ended). Anyone with the code may watch "
        "(connecting spends `challenge_lookup`); read-only.",
        (SocketParameter("code", "The challenge's code.", "[A-Za-z0-9_-]{1,32}"),),
        (CLOSE_BAD_REQUEST, CLOSE_NOT_FOUND, *_CREDENTIALS_CLOSES, CLOSE_TOO_MANY_FRAMES),
        {"limit": "1..100: how many entries the `challenge_board` frame holds (default 10)."},
    ),
    SocketDefinition(
        LOBBY_SOCKET,
        "lobby",
        "The open public races, live",
        "An `open_races` frame on connect and again after every change of the list: what a "
        "lobby shows without asking again. Players only, as the REST list; read-only. A race "
        "is joined over REST (`POST /api/v1/races/{race_id}/join`).",
        (),
        (*_CREDENTIALS_CLOSES, CLOSE_TOO_MANY_FRAMES),
    ),
    SocketDefinition(
        RACE_SOCKET,
        "race",
        "A race, live, for its members",
        "The race on connect, then after every change. Members (and staff) only; read-only: "
        "members act over REST and on their own game's socket.",
        (SocketParameter("id", "The race's id.", "[0-9]{1,18}"),),
        (*_CREDENTIALS_CLOSES, CLOSE_NOT_FOUND, CLOSE_TOO_MANY_FRAMES),
    ),
    SocketDefinition(
        ME_SOCKET,
        "me",
        "The player's own channel",
        "A `matched` frame when the quick-match queue forms a race for the player (and on "
        "connect while such a race is unfinished). Players only; read-only.",
        (),
        (*_CREDENTIALS_CLOSES, CLOSE_TOO_MANY_FRAMES),
    ),
    SocketDefinition(
        SEASON_SOCKET,
        "season",
        "A season's board, live",
        "A `season` frame on connect and after every change of the board (the worker rebuilds "
        "an open season when a day closes or a result is disqualified), a last one with "
        "`closed` true when the season closes. Anyone may watch; read-only.",
        (SocketParameter("season", "`YYYY-Www` or `YYYY-MM`, started.", "[^/]+"),),
        (CLOSE_BAD_REQUEST, CLOSE_NOT_FOUND, *_CREDENTIALS_CLOSES, CLOSE_TOO_MANY_FRAMES),
        {"limit": "1..100: how many entries the `season` frame on connect holds (default 10)."},
    ),
)
