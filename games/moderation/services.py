"""Moderation by staff: disqualify or reinstate a ranked attempt, suspend or restore a token.

Same pattern as :mod:`games.play.services`: one function per change, one transaction that
locks the row, a :class:`StaffAction` recording who did what, when and why, and work for
others (the leaderboard) only after commit. The admin calls these; nothing else writes the
moderation fields.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from games.daily import services as daily
from games.play.errors import GameNotFound
from games.play.models import Game
from games.play.verification import Verdict
from games.players.errors import PlayerNotFound
from games.players.models import Player

from .errors import (
    AlreadyDisqualified,
    AlreadySuspended,
    NotDisqualified,
    NotRanked,
    NotSuspended,
    ReasonRequired,
)
from .models import StaffAction

REASON_MAX_LENGTH = 500
#: The staff member acting (None for the system, e.g. a command without a user).
Actor = User | None


def clean_reason(reason: object) -> str:
    cleaned = " ".join(str(reason or "").split())
    if not cleaned:
        raise ReasonRequired("Give a reason: it is recorded with the action.")
    if len(cleaned) > REASON_MAX_LENGTH:
        raise ReasonRequired(f"A reason has at most {REASON_MAX_LENGTH} characters.")
    return cleaned


# -- ranked attempts -------------------------------------------------------------------------
def disqualify(actor: Actor, game_id: int, reason: str) -> Game:
    """Take a ranked attempt off its daily leaderboard (reversible with :func:`reinstate`)."""
    reason = clean_reason(reason)
    with transaction.atomic():
        game = _locked_game(game_id)
        if not game.ranked:
            raise NotRanked(
                f"Game {game.pk} is not a ranked attempt: it is on no leaderboard.", game_id=game.pk
            )
        if game.disqualified_at is not None:
            raise AlreadyDisqualified(f"Game {game.pk} is already disqualified.", game_id=game.pk)
        game.disqualified_at, game.disqualified_reason = timezone.now(), reason
        Game.objects.filter(pk=game.pk).update(
            disqualified_at=game.disqualified_at, disqualified_reason=reason
        )
        _record(actor, "disqualify", f"game:{game.pk}", reason)
    transaction.on_commit(lambda: daily.entry_refreshed(game), robust=True)
    return game


def reinstate(actor: Actor, game_id: int, reason: str) -> Game:
    """Put a disqualified ranked attempt back on its leaderboard."""
    reason = clean_reason(reason)
    with transaction.atomic():
        game = _locked_game(game_id)
        if game.disqualified_at is None:
            raise NotDisqualified(f"Game {game.pk} is not disqualified.", game_id=game.pk)
        game.disqualified_at, game.disqualified_reason = None, ""
        Game.objects.filter(pk=game.pk).update(disqualified_at=None, disqualified_reason="")
        _record(actor, "reinstate", f"game:{game.pk}", reason)
    transaction.on_commit(lambda: daily.entry_refreshed(game), robust=True)
    return game


def _locked_game(game_id: int | str) -> Game:
    try:
        return Game.objects.select_for_update().get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise GameNotFound(f"There is no game {game_id}.", game_id=game_id) from None


# -- player tokens ---------------------------------------------------------------------------
def suspend(actor: Actor, player_id: int, reason: str) -> Player:
    """Refuse the player's API token until :func:`unsuspend` (the player and games stay)."""
    reason = clean_reason(reason)
    with transaction.atomic():
        player = _locked_player(player_id)
        if player.suspended_at is not None:
            raise AlreadySuspended(f"Player {player.pk} is already suspended.", player_id=player.pk)
        player.suspended_at, player.suspended_reason = timezone.now(), reason
        Player.objects.filter(pk=player.pk).update(
            suspended_at=player.suspended_at, suspended_reason=reason
        )
        _record(actor, "suspend", f"player:{player.pk}", reason)
    return player


def unsuspend(actor: Actor, player_id: int, reason: str) -> Player:
    """Accept the player's token again."""
    reason = clean_reason(reason)
    with transaction.atomic():
        player = _locked_player(player_id)
        if player.suspended_at is None:
            raise NotSuspended(f"Player {player.pk} is not suspended.", player_id=player.pk)
        player.suspended_at, player.suspended_reason = None, ""
        Player.objects.filter(pk=player.pk).update(suspended_at=None, suspended_reason="")
        _record(actor, "unsuspend", f"player:{player.pk}", reason)
    return player


def _locked_player(player_id: int | str) -> Player:
    try:
        return Player.objects.select_for_update().get(pk=player_id)
    except (Player.DoesNotExist, ValueError, TypeError):
        raise PlayerNotFound(f"There is no player {player_id}.", player_id=player_id) from None


# -- verification ----------------------------------------------------------------------------
def record_verification(actor: Actor, verdicts: Iterable[Verdict]) -> list[StaffAction]:
    """Record that staff verified games: one entry per game with its outcome."""
    with transaction.atomic():
        return StaffAction.objects.bulk_create(
            [
                StaffAction(
                    actor=actor,
                    action="verify",
                    target=f"game:{v.game_id}",
                    reason="ok" if v.ok else "mismatch: " + "; ".join(v.problems),
                    created_at=timezone.now(),
                )
                for v in verdicts
            ]
        )


def _record(actor: Actor, action: str, target: str, reason: str) -> StaffAction:
    return StaffAction.objects.create(
        actor=actor, action=action, target=target, reason=reason, created_at=timezone.now()
    )
