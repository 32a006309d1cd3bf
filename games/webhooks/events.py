"""The events an app may subscribe to, and the payload of each: public results only.

A payload names players by their public name and id and never carries a card, a deal's
layout or code, a game's position, an e-mail, a device or a token: a builder here reads only
the fields listed (``tests/webhooks/test_leaks.py`` checks every event)."""

from __future__ import annotations

from typing import Any

from games.core.clock import iso

#: Every event, with who receives it (``games.webhooks`` docstring, docs/WEBHOOKS.md).
EVENTS: dict[str, str] = {
    "game.ended": "a game of a player who connected the app was won or resigned",
    "daily.closed": "a day's daily board closed: its final standings",
    "race.finished": "a race with a member who connected the app finished: its standings",
    "challenge.result": "a player who connected the app finished a challenge attempt",
    "season.closed": "a season closed: its final standings",
}
#: Events delivered to every subscribed app (public boards); the others only to apps the
#: player (or a race member) connected.
PUBLIC_EVENTS = frozenset({"daily.closed", "season.closed"})
#: Entries of a board carried by ``daily.closed`` and ``season.closed``.
BOARD_TOP = 100


def player_ref(player: Any) -> dict[str, Any]:
    return {"id": player.pk, "name": player.name}


def game_ended(game: Any) -> dict[str, Any]:
    kind = "daily" if game.daily_date else "race" if game.race_id else "free"
    return {
        "game_id": game.pk,
        "player": player_ref(game.owner),
        "kind": kind,
        "daily_date": game.daily_date.isoformat() if game.daily_date else None,
        "race_id": game.race_id,
        "result": game.status,
        "score": game.score,
        "moves": game.moves,
        "elapsed_ms": game.elapsed_ms(),
        "ended_at": iso(game.finished_at),
    }


def challenge_result(attempt: Any, player: Any) -> dict[str, Any]:
    return {
        "challenge_id": attempt.challenge_id,
        "game_id": attempt.game_id,
        "player": player_ref(player),
        "counted": attempt.counted,
        "result": attempt.result,
        "score": attempt.score,
        "moves": attempt.moves,
        "elapsed_ms": attempt.elapsed_ms,
        "ended_at": iso(attempt.ended_at),
    }


def race_finished(race: Any, members: list[Any]) -> dict[str, Any]:
    return {
        "race_id": race.pk,
        "rated": race.rated,
        "end_reason": race.end_reason,
        "finished_at": iso(race.finished_at),
        "standings": [
            {
                "rank": member.rank,
                "player": player_ref(member.player),
                "result": member.result,
                "score": member.score,
                "moves": member.moves,
                "elapsed_ms": member.elapsed_ms,
            }
            for member in sorted(members, key=lambda m: (m.rank is None, m.rank or 0, m.pk))
            if member.disqualified_at is None
        ],
    }
