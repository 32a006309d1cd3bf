"""Moderation by staff: disqualify or reinstate a ranked attempt; suspend or restore a player;
revoke a player's devices, lock or unlock an account, and give a player who lost every device
a one-time link code. Staff never see or set a password or a token.

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

from games.accounts import services as accounts
from games.accounts.errors import AccountLocked, NoCredentials
from games.accounts.models import Credentials
from games.challenges import selectors as challenge_selectors
from games.challenges import services as challenges
from games.daily import services as daily
from games.play.errors import GameNotFound
from games.play.models import Game
from games.play.verification import Verdict
from games.players import services as players
from games.players.errors import PlayerNotFound, TokenNotFound
from games.players.models import DeviceToken, Player
from games.races import settlement as race_settlement
from games.races.models import Race

from .errors import (
    AlreadyDisqualified,
    AlreadyLocked,
    AlreadySuspended,
    NotDisqualified,
    NotLocked,
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
    """Take a ranked attempt off its daily leaderboard, or a counted challenge attempt off its
    challenge's board (reversible with :func:`reinstate`)."""
    reason = clean_reason(reason)
    with transaction.atomic():
        game = _locked_game(game_id)
        challenge_id = _board_of(game)
        if game.disqualified_at is not None:
            raise AlreadyDisqualified(f"Game {game.pk} is already disqualified.", game_id=game.pk)
        game.disqualified_at, game.disqualified_reason = timezone.now(), reason
        Game.objects.filter(pk=game.pk).update(
            disqualified_at=game.disqualified_at, disqualified_reason=reason
        )
        _record(actor, "disqualify", f"game:{game.pk}", reason)
    _refreshed(game, challenge_id)
    return game


def reinstate(actor: Actor, game_id: int, reason: str) -> Game:
    """Put a disqualified ranked attempt back on its leaderboard."""
    reason = clean_reason(reason)
    with transaction.atomic():
        game = _locked_game(game_id)
        if game.disqualified_at is None:
            raise NotDisqualified(f"Game {game.pk} is not disqualified.", game_id=game.pk)
        challenge_id = _board_of(game)
        game.disqualified_at, game.disqualified_reason = None, ""
        Game.objects.filter(pk=game.pk).update(disqualified_at=None, disqualified_reason="")
        _record(actor, "reinstate", f"game:{game.pk}", reason)
    _refreshed(game, challenge_id)
    return game


def _board_of(game: Game) -> int | None:
    """The board a disqualification takes the game off: None for a ranked daily attempt, the
    challenge's id for a counted challenge attempt (SPEC §11: ranked too, the same fair-play
    rules); ``not_ranked`` for any other game."""
    if game.ranked:
        return None
    attempt = challenge_selectors.counted_attempt_of(game.pk)
    if attempt is None:
        raise NotRanked(
            f"Game {game.pk} is not a ranked attempt: it is on no leaderboard.", game_id=game.pk
        )
    return attempt.challenge_id


def _refreshed(game: Game, challenge_id: int | None) -> None:
    """After commit: the board the game left (or is back on) hears of it."""
    if challenge_id is None:
        transaction.on_commit(lambda: daily.entry_refreshed(game), robust=True)
    else:
        transaction.on_commit(lambda: challenges.attempt_refreshed(challenge_id), robust=True)


def _locked_game(game_id: int | str) -> Game:
    try:
        return Game.objects.select_for_update().get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise GameNotFound(f"There is no game {game_id}.", game_id=game_id) from None


# -- race results ----------------------------------------------------------------------------
def disqualify_race_result(actor: Actor, race_id: int, player_id: int, reason: str) -> Race:
    """Take a member's result out of a finished race: it leaves the standings and the race's
    rating changes are undone (the other members are rated again without it)."""
    reason = clean_reason(reason)
    with transaction.atomic():
        race = race_settlement.disqualify_member(race_id, player_id, reason)
        _record(actor, "disqualify_race_result", f"race:{race.pk}", f"player {player_id}: {reason}")
    return race


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
        players.announce_player(player)  # its open sockets close
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
        players.announce_player(player)
    return player


# -- devices and accounts --------------------------------------------------------------------
def revoke_devices(actor: Actor, player_id: int, reason: str) -> Player:
    """Sign the player out of every device (each token stops working; sockets close)."""
    reason = clean_reason(reason)
    with transaction.atomic():
        player = _locked_player(player_id)
        revoked = players.revoke_all_tokens(player.pk)
        _record(actor, "revoke_devices", f"player:{player.pk}", f"{len(revoked)}: {reason}")
    return player


def revoke_device(actor: Actor, token_id: int, reason: str) -> DeviceToken:
    """Sign the player out of one device."""
    reason = clean_reason(reason)
    with transaction.atomic():
        token = DeviceToken.objects.select_for_update().filter(pk=token_id).first()
        if token is None:
            raise TokenNotFound(f"There is no device token {token_id}.", token_id=token_id)
        players.revoke_token(token.player, token.pk)
        _record(actor, "revoke_device", f"player:{token.player_id}", f"{token.device!r}: {reason}")
    return token


def lock_account(actor: Actor, player_id: int, reason: str) -> Credentials:
    """No sign-in of any kind (password, link code, recovery, reset) until unlocked, and every
    device signed out now: for an account that someone else may hold."""
    reason = clean_reason(reason)
    with transaction.atomic():
        credentials = _locked_credentials(player_id)
        if credentials.locked_at is not None:
            raise AlreadyLocked(
                f"Player {player_id}'s account is already locked.", player_id=player_id
            )
        credentials.locked_at, credentials.locked_reason = timezone.now(), reason
        credentials.save(update_fields=["locked_at", "locked_reason"])
        players.revoke_all_tokens(credentials.pk)
        _record(actor, "lock_account", f"player:{player_id}", reason)
    return credentials


def unlock_account(actor: Actor, player_id: int, reason: str) -> Credentials:
    reason = clean_reason(reason)
    with transaction.atomic():
        credentials = _locked_credentials(player_id)
        if credentials.locked_at is None:
            raise NotLocked(f"Player {player_id}'s account is not locked.", player_id=player_id)
        credentials.locked_at, credentials.locked_reason = None, ""
        credentials.save(update_fields=["locked_at", "locked_reason"])
        _record(actor, "unlock_account", f"player:{player_id}", reason)
    return credentials


def issue_link_code(actor: Actor, player_id: int, reason: str) -> tuple[str, object]:
    """A one-time link code for a player who lost every device (anonymous, or without e-mail
    and recovery codes): the staff member gives it to the player, who signs a device in with it
    within ten minutes. Returns (code, expires_at); only the code's HMAC is stored."""
    reason = clean_reason(reason)
    with transaction.atomic():
        player = _locked_player(player_id)
        credentials = Credentials.objects.filter(pk=player.pk).first()
        if credentials is not None and credentials.locked_at is not None:
            raise AccountLocked(f"Player {player_id}'s account is locked: unlock it first.")
        code, expires_at = accounts.create_link_code(player, origin="staff")
        _record(actor, "issue_link_code", f"player:{player.pk}", reason)
    return code, expires_at


def _locked_credentials(player_id: int | str) -> Credentials:
    player = _locked_player(player_id)
    credentials = Credentials.objects.select_for_update().filter(pk=player.pk).first()
    if credentials is None:
        raise NoCredentials(f"Player {player_id} has no username and password.")
    return credentials


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


def record(actor: Actor, action: str, target: str, reason: str) -> StaffAction:
    """The audit entry of a staff action another domain carries out (fair play clearing a
    flag): who, what, on what, why, now. Call it inside that action's transaction."""
    return _record(actor, action, target, reason)


def _record(actor: Actor, action: str, target: str, reason: str) -> StaffAction:
    return StaffAction.objects.create(
        actor=actor, action=action, target=target, reason=reason, created_at=timezone.now()
    )
