"""The public representations of a challenge and its board's entries: never a card, never the
deal code (a challenger learns the deal when their own game starts)."""

from __future__ import annotations

from games.core.clock import iso
from games.play.models import PlayedAt
from games.play.presentation import CHALLENGE_LINK
from games.players.presentation import player_ref

from .models import Challenge, ChallengeAttempt


def link_of(challenge: Challenge) -> str:
    """The web client's route of the challenge (relative to the site)."""
    return CHALLENGE_LINK.format(code=challenge.code)


def challenge_payload(challenge: Challenge, total: int, mine: dict | None) -> dict:
    """A challenge as anyone with its code reads it: who made it and their result."""
    game = challenge.game
    return {
        "code": challenge.code,
        "link": link_of(challenge),
        "creator": player_ref(challenge.creator_id, challenge.creator.name),
        "result": {
            "status": game.status,
            "score": game.score,
            "moves": game.moves,
            "elapsed_ms": game.elapsed_ms(),
        },
        "created_at": iso(challenge.created_at),
        "total": total,
        "me": mine,
    }


def played_at(challenge: Challenge, counted: bool) -> PlayedAt:
    """What a game started at ``challenge`` carries of it (``Game.played_at``), from the
    challenge read with its game and creator (:func:`~.selectors.challenge_by_code`)."""
    game = challenge.game
    return PlayedAt(
        code=challenge.code,
        counted=counted,
        creator_id=challenge.creator_id,
        creator_name=challenge.creator.name,
        status=game.status,
        score=game.score,
        moves=game.moves,
        elapsed_ms=game.elapsed_ms(),
        ended_at=game.finished_at or game.updated_at,
    )


def attempt_payload(attempt: ChallengeAttempt, rank: int | None) -> dict:
    """An attempt as its player's own summary, or an entry on the board (with its rank)."""
    return {
        "rank": rank,
        "player": player_ref(attempt.player_id, attempt.player.name),
        "game_id": attempt.game_id,
        "counted": attempt.counted,
        "result": attempt.result or None,
        "score": attempt.score,
        "moves": attempt.moves,
        "elapsed_ms": attempt.elapsed_ms,
        "ended_at": iso(attempt.ended_at),
    }
