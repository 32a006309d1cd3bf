"""Every frame the sockets send, defined once: the consumers and the publisher build frames from
these classes, and the protocol documentation (``docs/PROTOCOL.md``) is generated from them.

A frame is a JSON object whose ``type`` names it. Each class below is one frame: its
docstring says when it is sent, its fields (with their ``doc``) are the frame's keys, in order.
Close codes are declared here too, beside the frames.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any, ClassVar


def _doc(text: str, default: Any = dataclasses.MISSING) -> Any:
    if default is dataclasses.MISSING:
        return field(metadata={"doc": text})
    return field(default=default, metadata={"doc": text})


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


# -- the game socket -------------------------------------------------------------------------
@dataclass(frozen=True)
class GameFrame(Frame):
    """The game as every watcher sees it: on connect, then after every change, whichever
    client or endpoint made it. `game.version` orders them: drop a frame older than the one
    you have, reload over REST when a version is skipped."""

    type: ClassVar[str] = "game"
    sockets: ClassVar[tuple[str, ...]] = (GAME_SOCKET,)
    game: dict[str, Any] = _doc("The game representation, as `GET /api/v1/games/{id}` returns.")


@dataclass(frozen=True)
class MoveResultFrame(Frame):
    """The reply to the owner's `move` action, to the socket that sent it."""

    type: ClassVar[str] = "result"
    sockets: ClassVar[tuple[str, ...]] = (GAME_SOCKET,)
    action: str = _doc("`move`.")
    game: dict[str, Any] = _doc("The game after the move.")
    removed: list[dict[str, str]] | None = _doc("The cards removed, `[{position, card}]`.")
    request_id: str | int | None = _doc("The `request_id` of the action, echoed.", None)


@dataclass(frozen=True)
class UndoResultFrame(Frame):
    """The reply to the owner's `undo` action."""

    type: ClassVar[str] = "result"
    sockets: ClassVar[tuple[str, ...]] = (GAME_SOCKET,)
    action: str = _doc("`undo`.")
    game: dict[str, Any] = _doc("The game after the undo.")
    restored: list[dict[str, str]] | None = _doc("The cards put back, `[{position, card}]`.")
    request_id: str | int | None = _doc("The `request_id` of the action, echoed.", None)


@dataclass(frozen=True)
class TapResultFrame(Frame):
    """The reply to the owner's `tap` action: as `POST /games/{id}/taps` answers."""

    type: ClassVar[str] = "result"
    sockets: ClassVar[tuple[str, ...]] = (GAME_SOCKET,)
    action: str = _doc("`tap`.")
    game: dict[str, Any] = _doc("The game after the tap.")
    removed: list[dict[str, str]] | None = _doc(
        "The cards removed when the tap completed a pair or a triple, else null."
    )
    message: dict[str, str] | None = _doc(
        "`{code, text}` when the tap was refused by the rules and the player has `move_errors` on."
    )
    dimmed: list[str] | None = _doc(
        "Positions whose card cannot join the selection, when the player has `placement_aid` on."
    )
    request_id: str | int | None = _doc("The `request_id` of the action, echoed.", None)


# -- the daily board socket ------------------------------------------------------------------
@dataclass(frozen=True)
class BoardFrame(Frame):
    """The date's leaderboard on connect: its top entries (`?limit=`, default 10)."""

    type: ClassVar[str] = "board"
    sockets: ClassVar[tuple[str, ...]] = (DAILY_SOCKET,)
    date: str = _doc("The date, YYYY-MM-DD.")
    closed: bool = _doc("True once the date is over.")
    closes_at: str = _doc("When the date's board closes (midnight UTC after it).")
    total: int = _doc("Entries on the board.")
    top: list[dict[str, Any]] = _doc("The first entries, best first, as the REST board.")


@dataclass(frozen=True)
class EntryFrame(Frame):
    """An entry entered the board (a ranked attempt ended, or staff reinstated it) or left it
    (staff disqualified it)."""

    type: ClassVar[str] = "entry"
    sockets: ClassVar[tuple[str, ...]] = (DAILY_SOCKET,)
    change: str = _doc("`entered` or `removed`.")
    entry: dict[str, Any] = _doc("The entry, with its `rank` (null when removed).")
    total: int = _doc("Entries on the board now.")


@dataclass(frozen=True)
class ClosedFrame(Frame):
    """The day has closed: every ranked attempt is on the board. Reload it over REST."""

    type: ClassVar[str] = "closed"
    sockets: ClassVar[tuple[str, ...]] = (DAILY_SOCKET,)
    date: str = _doc("The date, YYYY-MM-DD.")
    total: int = _doc("Entries on the board.")


# -- the race socket and the player's own socket ---------------------------------------------
@dataclass(frozen=True)
class RaceFrame(Frame):
    """The race on connect, then after every change: a member joined or left, a ready mark,
    the start, the run (`deal_code` appears), each member's progress, the end (`standings`),
    a rematch. `race.version` orders them as `game.version` orders game frames. Progress is
    numbers only: never a card of another member's game."""

    type: ClassVar[str] = "race"
    sockets: ClassVar[tuple[str, ...]] = (RACE_SOCKET,)
    race: dict[str, Any] = _doc(
        "The race representation, as `GET /api/v1/races/{id}` returns it to this member."
    )


@dataclass(frozen=True)
class MatchedFrame(Frame):
    """The quick-match queue formed a race for you: its members are all ready and its
    countdown has started. Also sent on connect while you have such a race unfinished."""

    type: ClassVar[str] = "matched"
    sockets: ClassVar[tuple[str, ...]] = (ME_SOCKET,)
    race: dict[str, Any] = _doc("The race, as `GET /api/v1/races/{id}` returns it to you.")


# -- every socket ----------------------------------------------------------------------------
class ErrorFrame(Frame):
    """An action or a connection refused: the REST error body (`code`, `message` in the
    player's language, and the code's details) plus the `request_id` of the refused action.
    The connection stays open after an error, unless a close code follows."""

    type: ClassVar[str] = "error"
    sockets: ClassVar[tuple[str, ...]] = (GAME_SOCKET, DAILY_SOCKET, RACE_SOCKET, ME_SOCKET)
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
    BoardFrame,
    EntryFrame,
    ClosedFrame,
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
    4400, "The socket's path names no valid date (an error frame with the code comes first)."
)
CLOSE_UNAUTHORIZED = CloseCode(
    4401,
    "No valid credentials: `/ws/me/` without a player (`not_authenticated` comes first), or "
    "the socket's token is not (or no longer) valid: unknown or revoked at connect (an error "
    "frame with `invalid_token` comes first), or revoked while the socket was open — signed "
    "out, rotated, revoked from another device or by staff, the password changed or reset, "
    "the account locked (`token_revoked` comes first). A refused token never falls back to "
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
    "`race_not_found` comes first).",
)
CLOSE_TOO_MANY_FRAMES = CloseCode(
    4429,
    "The client sent frames faster than `socket_message` allows to a socket that takes none "
    "(the daily board, a race, the personal socket): it is closed rather than answered.",
)
CLOSE_CODES = (
    CLOSE_BAD_REQUEST,
    CLOSE_UNAUTHORIZED,
    CLOSE_FORBIDDEN,
    CLOSE_NOT_FOUND,
    CLOSE_TOO_MANY_FRAMES,
)
