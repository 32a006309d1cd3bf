"""Deleting an account (SPEC §12), by the player (:func:`delete_account`) or by staff
(:func:`delete_by_staff`), and the audit entry of an archive staff made (:func:`record_export`).

Deletion **anonymises**: the player's row stays, as a tombstone named :data:`DELETED_NAME`, and
everything that names or reaches the person goes, in one transaction:

- the credentials (username, e-mail, password hash; recovery codes with them), link codes and
  every device token (their sockets close: ``tokens_revoked``), every third-party app's token,
  refresh token, code and device grant (their sockets close too), the link to a site user
  (whose session then reaches no player) and that user itself when it existed only for the
  apps (``games.oauth.services.delete_site_user``; a staff member's user stays), the settings,
  the answers kept for ``Idempotency-Key`` retries, the quick-match queue entry and the
  fair-play origins (address hashes);
- the name, and the erased values wherever staff wrote them about the player (reasons of
  suspension, disqualification, fair-play resolutions and staff actions: ``[erased]``);
- every socket of the player closes at once (``player_deleted``: sessions' too, 4401).

What stays is what other players' records are made of: the games (made private) and their logs,
leaderboard entries, race memberships and results, the rating. Nobody else's rank, standing or
rating moves. The erasure itself is recorded (:data:`~.selectors.DELETE_ACTION`, with who, when
and why): it is what makes a second deletion a no-op. After the transaction the tombstone leaves
an unfinished race it is in (a running race's game resigns, as any member leaving).

Device proofs are not stored (they are void without the credentials); the request log holds
player ids only, never a name, token or address.
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q

from games.accounts import codes, passwords
from games.accounts.errors import WrongPassword
from games.accounts.models import Credentials, LinkCode, RecoveryCode
from games.core import signals
from games.core.errors import ServiceError
from games.fairplay.models import FairPlayFlag, GameOrigin
from games.moderation import services as moderation
from games.moderation.models import StaffAction
from games.oauth import services as apps
from games.play.models import Game
from games.players import services as players
from games.players.errors import PlayerNotFound
from games.players.models import DeviceToken, Player
from games.players.names import skeleton
from games.races import matchmaking
from games.races import services as races
from games.races.models import QueueEntry, RaceEvent, RaceMember
from games.races.selectors import active_membership
from games.transport.models import IdempotencyKey

from .errors import DeletionUnconfirmed, RecoveryCodeWrong
from .selectors import DELETE_ACTION, EXPORT_ACTION, is_deleted, target_of

logger = logging.getLogger(__name__)

#: The name every deleted player goes by, on every board and race.
DELETED_NAME = "Deleted player"
#: What replaces an erased value in the texts staff wrote.
ERASED = "[erased]"
#: The reason recorded when players delete their own account.
BY_THE_PLAYER = "Deleted by the player."


@dataclass(frozen=True)
class Erasure:
    player_id: int
    #: The player was erased already (this call changed nothing).
    already: bool
    #: Device tokens revoked (their sockets closed).
    revoked: int = 0


def delete_account(
    player: Player,
    *,
    password: str | None = None,
    recovery_code: str | None = None,
    confirm: bool = False,
) -> Erasure:
    """The player deletes its own account. With credentials, the password or one of the unused
    recovery codes must be given again; without (an anonymous player, whose device token is its
    only credential), ``confirm`` must be True. A refusal changes nothing."""
    credentials = Credentials.objects.filter(pk=player.pk).first()
    if credentials is None and is_deleted(player.pk):
        # Another request of the player's (authenticated before its erasure) erased it since.
        return Erasure(player.pk, already=True)
    if credentials is not None:
        if password is not None:
            if not passwords.check(password, credentials.password):
                raise WrongPassword()
        elif recovery_code is not None:
            typed = codes.normalised(recovery_code, codes.RECOVERY_CODE_LENGTH)
            known = typed is not None and (
                RecoveryCode.objects.filter(
                    credentials=credentials,
                    code_hash=codes.code_hash("recovery", typed),
                    used_at__isnull=True,
                ).exists()
            )
            if not known:
                raise RecoveryCodeWrong()
        else:
            raise DeletionUnconfirmed()
    elif not confirm:
        raise DeletionUnconfirmed()
    return _erase(player.pk, None, BY_THE_PLAYER)


def delete_by_staff(actor: User | None, player_id: object, reason: str) -> Erasure:
    """Staff delete a player's account (a request the player made to them, say): the same
    erasure, recorded with the staff member and the reason."""
    return _erase(_player_id(player_id), actor, moderation.clean_reason(reason))


def record_export(actor: User | None, player_id: object, reason: str) -> Player:
    """Staff are about to read a player's archive: recorded (who, when, why) before it is made."""
    reason = moderation.clean_reason(reason)
    with transaction.atomic():
        player = Player.objects.get(pk=_player_id(player_id))
        moderation.record(actor, EXPORT_ACTION, target_of(player.pk), reason)
    return player


def _player_id(player_id: object) -> int:
    try:
        key = int(str(player_id))
    except (TypeError, ValueError):
        key = None
    if key is None or not Player.objects.filter(pk=key).exists():
        raise PlayerNotFound(f"There is no player {player_id}.", player_id=player_id)
    return key


# -- the erasure -----------------------------------------------------------------------------
def _erase(player_id: int, actor: User | None, reason: str) -> Erasure:
    with transaction.atomic():
        # The lock order of races (the player's row first); FOR NO KEY UPDATE, as theirs: quick
        # match skips a player whose row is locked, so none is matched meanwhile.
        player = Player.objects.select_for_update(no_key=True).filter(pk=player_id).first()
        if player is None:
            raise PlayerNotFound(f"There is no player {player_id}.", player_id=player_id)
        if is_deleted(player_id):
            return Erasure(player_id, already=True)
        values = _identifying_values(player)
        revoked = players.revoke_all_tokens(player_id)
        apps.erase_player_apps(player)  # while the player still names its site user
        Credentials.objects.filter(pk=player_id).delete()  # recovery codes with them
        LinkCode.objects.filter(player_id=player_id).delete()
        IdempotencyKey.objects.filter(scope=f"player:{player_id}").delete()
        GameOrigin.objects.filter(player_id=player_id).delete()
        if QueueEntry.objects.filter(player_id=player_id).exists():
            with contextlib.suppress(ServiceError):  # matched meanwhile: the race is left below
                matchmaking.leave_queue(player)
        Player.objects.filter(pk=player_id).update(
            name=DELETED_NAME,
            name_skeleton=skeleton(DELETED_NAME),
            user=None,
            move_errors=False,
            placement_aid=False,
            language="",
            suspended_reason=_redacted(player.suspended_reason, values),
        )
        apps.delete_site_user(player.user_id, player_id)
        Game.objects.filter(owner_id=player_id, watchable=True).update(watchable=False)
        _redact_staff_texts(player_id, values)
        moderation.record(actor, DELETE_ACTION, target_of(player_id), _redacted(reason, values))
        transaction.on_commit(
            lambda: signals.player_deleted.send(sender=__name__, player_id=player_id),
            robust=True,
        )
    _leave_unfinished_race(player_id)
    return Erasure(player_id, already=False, revoked=len(revoked))


def _identifying_values(player: Player) -> list[str]:
    """What names or reaches the person: name, username, e-mail, device names."""
    found = [player.name]
    credentials = Credentials.objects.filter(pk=player.pk).first()
    if credentials is not None:
        found += [credentials.username, credentials.email]
    found += DeviceToken.objects.filter(player_id=player.pk).values_list("device", flat=True)
    wanted = {v.strip() for v in found if v and v.strip() and v.strip() != DELETED_NAME}
    return sorted(wanted, key=len, reverse=True)  # longest first: "Ana's phone" before "Ana"


def _redacted(text: str, values: list[str]) -> str:
    for value in values:
        start = text.casefold().find(value.casefold())
        while start >= 0:
            text = text[:start] + ERASED + text[start + len(value) :]
            start = text.casefold().find(value.casefold(), start + len(ERASED))
    return text


def _mentioning(field: str, values: list[str]) -> Q:
    condition = Q(pk__in=[])
    for value in values:
        condition |= Q(**{f"{field}__icontains": value})
    return condition


def _redact_staff_texts(player_id: int, values: list[str]) -> None:
    """The erased values out of what staff wrote about this player (its own rows only)."""
    if not values:
        return
    rows = [
        (Game.objects.filter(owner_id=player_id), "disqualified_reason"),
        (RaceMember.objects.filter(player_id=player_id), "disqualified_reason"),
        (RaceEvent.objects.filter(player_id=player_id), "detail"),
        (FairPlayFlag.objects.filter(player_id=player_id), "resolution_reason"),
    ]
    for query, field in rows:
        for row in query.filter(_mentioning(field, values)).only("pk", field):
            query.filter(pk=row.pk).update(**{field: _redacted(getattr(row, field), values)})
    own_games = Game.objects.filter(owner_id=player_id)
    for action in StaffAction.objects.filter(_mentioning("reason", values)).only(
        "pk", "target", "reason"
    ):
        kind, _, key = action.target.partition(":")
        about = (
            action.target == target_of(player_id)
            or (kind == "game" and key.isdigit() and own_games.filter(pk=int(key)).exists())
            or (kind == "race" and action.reason.startswith(f"player {player_id}:"))
        )
        if about:
            StaffAction.objects.filter(pk=action.pk).update(reason=_redacted(action.reason, values))


def _leave_unfinished_race(player_id: int) -> None:
    """The tombstone leaves the race it is in, if unfinished (its own transactions, after the
    erasure: the other members see a deleted player leave)."""
    player = Player.objects.get(pk=player_id)
    member = active_membership(player)
    if member is None:
        return
    try:
        races.leave(player, member.race_id)
    except Exception:  # erased already; a running race still ends at its deadline
        logger.exception("Deleted player %s could not leave race %s", player_id, member.race_id)
