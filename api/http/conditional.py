"""ETags of games and conditional requests (RFC 9110 §13).

A game's ``ETag`` is its ``version`` in quotes (``"7"``), a strong validator: it names the
game's state, which only a change (a move, tap, undo, resign, a new watchable setting) moves
on. ``elapsed_ms`` is a clock reading taken at answer time and is not part of that state: a
client keeps counting from ``clock_started_at`` (a ``304`` leaves the last reading in place).

- Reads of a game (``GET /games/{id}``, ``GET /games/{id}/log``) and the answers of its
  changes carry the ``ETag``; ``If-None-Match`` with it (or ``*``) answers ``304`` without a
  body.
- Changes of a game (moves, taps, undo, resign) take ``If-Match: "<version>"`` in place of
  ``expected_version``: a stale one is ``412 precondition_failed`` (with ``current_version``)
  and nothing changes. Both together must agree.
"""

from __future__ import annotations

from typing import Any

#: Endpoints whose answer is a game (or holds one under ``game``): URL names.
GAME_ANSWERS = frozenset(
    {"games", "game", "game-moves", "game-undo", "game-taps", "game-resign", "game-log"}
)
#: Changes that take ``If-Match`` (the schema says so): the views of ``api.games.views`` derived
#: from ``GameActionView``, which applies it.
GAME_WRITES = frozenset({"game-moves", "game-undo", "game-taps", "game-resign"})


def etag_of(version: int) -> str:
    return f'"{version}"'


def game_version(data: Any) -> int | None:
    """The version a game answer is at: a game, a tap's ``game``, or a log's ``version``."""
    if not isinstance(data, dict):
        return None
    if "game" in data and isinstance(data["game"], dict):
        data = data["game"]
    version = data.get("version")
    return version if isinstance(version, int) and not isinstance(version, bool) else None


def _tags(header: str) -> list[str]:
    return [tag.strip() for tag in header.split(",") if tag.strip()]


def none_match(header: str | None, etag: str) -> bool:
    """``If-None-Match`` holds (weak comparison): the client has this representation."""
    if not header:
        return False
    opaque = etag.removeprefix("W/")
    return any(tag == "*" or tag.removeprefix("W/") == opaque for tag in _tags(header))


def if_match_versions(header: str) -> set[int] | None:
    """The versions ``If-Match`` names (strong comparison: weak tags never match); None for
    ``*`` (any current version)."""
    versions = set()
    for tag in _tags(header):
        if tag == "*":
            return None
        if len(tag) >= 3 and tag[0] == tag[-1] == '"' and tag[1:-1].isdigit():
            versions.add(int(tag[1:-1]))
    return versions


def expected_version(request, data: dict) -> dict:
    """``data`` (a validated game change) with what ``If-Match`` requires as its
    ``expected_version``: the one version it names, or the versions (a frozenset) when it names
    several, which the change checks on the game row it locks (so the game is read once).
    A header that can never hold (only weak or malformed tags such as ``""``, or a version
    other than ``expected_version``'s) expects no version at all: the change still finds the
    game first (404 ``game_not_found`` / 403 ``not_your_game`` come before), then answers 412
    ``precondition_failed`` with ``current_version``."""
    header = request.headers.get("If-Match")
    if not header:
        return data
    versions = if_match_versions(header)
    if versions is None:
        return data
    stated = data.get("expected_version")
    if stated is not None:
        versions &= {stated}
    request.if_match_used = True
    expected = versions.pop() if len(versions) == 1 else frozenset(versions)
    return {**data, "expected_version": expected}
