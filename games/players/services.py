"""Every change of the players domain, one function each, one transaction each.

Revoking tokens and changing a player's suspension or settings are announced after commit
(``games.core.signals``): sockets opened with a revoked token close, the others of the player
follow its settings.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from django.db import connection, transaction

from games.core import clock, signals
from games.core.rows import row_id
from games.core.transactions import retried

from . import app_access
from .errors import NameLooksLikeAnother, TokenNotFound
from .models import DeviceToken, Player
from .names import clean_name, skeleton
from .tokens import TOUCH_EVERY, NewDevice, clean_device, hash_token, new_token

SETTINGS = frozenset({"move_errors", "placement_aid", "language", "name"})
#: Written at most once a minute per token: only when the stored last use is older than that.
TOUCH_TOKEN = "UPDATE games_devicetoken SET last_used_at = %s WHERE id = %s AND last_used_at < %s"


def _checked_name(raw: object, player_id: int | None = None) -> tuple[str, str]:
    """(name, skeleton) of an acceptable name for a new player or ``player_id``."""
    name = clean_name(raw)
    look = skeleton(name)
    others = (
        Player.objects.filter(name_skeleton=look)
        .exclude(pk__in=[player_id] if player_id is not None else [])
        .values_list("name", flat=True)[:100]
    )
    if any(other.casefold() != name.casefold() for other in others):
        raise NameLooksLikeAnother("This name looks like another player's: choose another one.")
    return name, look


def create_player(name: str, device: object = "") -> tuple[Player, str]:
    """Create a player with its first device token, which is returned and never shown again."""
    name, look = _checked_name(name)
    with transaction.atomic():
        player = Player.objects.create(name=name, name_skeleton=look, created_at=clock.now())
        token = issue_token(player, device, DeviceToken.Issued.NEW_PLAYER)
    return player, token


def issue_token(player: Player, device: object, issued: str) -> str:
    """A new device token for ``player`` (sign-in on a device); returned once, stored hashed.
    ``device``: its name, or a :class:`NewDevice` (the name and the network it came from)."""
    token, now = new_token(), clock.now()
    arriving = device if isinstance(device, NewDevice) else NewDevice(device)
    row = DeviceToken.objects.create(
        player=player,
        token_hash=hash_token(token),
        device=clean_device(arriving.name),
        issued=issued,
        created_at=now,
        created_from=arriving.network,
        last_used_at=now,
    )
    player.token_id = row.pk
    return token


def update_settings(player: Player, **changes: Any) -> Player:
    """Change any of ``move_errors``, ``placement_aid``, ``language`` and ``name``."""
    unknown = set(changes) - SETTINGS
    if unknown:
        raise ValueError(f"Unknown settings: {sorted(unknown)}")
    if "name" in changes:
        changes["name"], changes["name_skeleton"] = _checked_name(changes["name"], player.pk)
    if "language" in changes and changes["language"] is None:
        changes["language"] = ""
    with transaction.atomic():
        Player.objects.filter(pk=player.pk).update(**changes)
        for field, value in changes.items():
            setattr(player, field, value)
        announce_player(player)
    return player


def announce_player(player: Player) -> None:
    """After commit: the player's suspension and settings to its open sockets."""
    player_id, suspended = player.pk, player.suspended_at is not None
    settings = player.settings_dict()
    transaction.on_commit(
        lambda: signals.player_changed.send(
            sender=__name__, player_id=player_id, suspended=suspended, settings=settings
        ),
        robust=True,
    )


# -- device tokens ---------------------------------------------------------------------------
def rotate_token(player: Player) -> str:
    """Replace the current device's token with a new one (same device name); the old one stops
    working at once. Called without a token (a session), it issues the device's first."""
    with transaction.atomic():
        old = (
            DeviceToken.objects.select_for_update()
            .filter(pk=player.token_id, player=player)
            .first()
            if player.token_id is not None
            else None
        )
        device = NewDevice(old.device, old.created_from) if old is not None else "Browser session"
        token = issue_token(player, device, DeviceToken.Issued.ROTATED)
        if old is not None:
            _revoke(player.pk, [old.pk])
    return token


def revoke_token(player: Player, token_id: object) -> None:
    """Revoke one of the player's device tokens (the current one: sign out of this device)."""
    with transaction.atomic():
        if _revoke(player.pk, _ids_of(player, [token_id])) == []:
            raise TokenNotFound(
                f"Player {player.pk} has no device token {token_id}.", token_id=token_id
            )


def rename_token(player: Player, token_id: object, device: object = None) -> DeviceToken:
    """Give one of the player's device tokens a new name (cleaned as at sign-in; None keeps
    it); returns the token."""
    wanted = row_id(token_id) if not isinstance(token_id, str) else None
    with transaction.atomic():
        mine = DeviceToken.objects.filter(player=player, pk__in=[wanted] if wanted else [])
        found = mine.update(device=clean_device(device)) if device is not None else mine.count()
        if not found:
            raise TokenNotFound(
                f"Player {player.pk} has no device token {token_id}.", token_id=token_id
            )
        return mine.get()


def revoke_other_tokens(player: Player) -> list[int]:
    """Revoke every device token of the player but the current one (the device list's "sign
    out every other device": devices only, apps are disconnected one by one under connected
    apps); returns their ids."""
    with transaction.atomic():
        return _revoke(player.pk, _other_token_ids(player))


def revoke_other_access(player: Player) -> list[int]:
    """Sign the player out everywhere but here (a changed password): every other device
    token, and every app's token, code and device grant but the app token of this request, if
    an app made it (:mod:`.app_access`). Returns the revoked device tokens' ids."""
    with transaction.atomic():
        revoked = _revoke(player.pk, _other_token_ids(player))  # one transaction, no savepoint
        app_access.revoke_app_access(
            player.pk, keep_access_token_id=player.app_token_id, user_id=player.user_id
        )
        return revoked


def revoke_all_tokens(player_id: int) -> list[int]:
    """Sign the player out everywhere (staff, a locked account, a reset or recovered password,
    a deleted account): every device token, and every app's token, code and device grant
    (:mod:`.app_access`); nothing comes back when the account is unlocked. Returns the revoked
    device tokens' ids."""
    with transaction.atomic():
        ids = DeviceToken.objects.filter(player_id=player_id).values_list("pk", flat=True)
        revoked = _revoke(player_id, list(ids))
        app_access.revoke_app_access(player_id)
        return revoked


def _other_token_ids(player: Player) -> list[int]:
    """The player's device tokens but the one of this request."""
    current = [player.token_id] if player.token_id is not None else []
    others = DeviceToken.objects.filter(player=player).exclude(pk__in=current)
    return list(others.values_list("pk", flat=True))


def _ids_of(player: Player, token_ids: Iterable[object]) -> list[int]:
    wanted = [i for i in token_ids if isinstance(i, int) and row_id(i) is not None]
    return list(
        DeviceToken.objects.filter(player=player, pk__in=wanted).values_list("pk", flat=True)
    )


def _revoke(player_id: int, token_ids: list[int]) -> list[int]:
    """Delete the tokens (inside the caller's transaction); sockets hear of it after commit."""
    if not token_ids:
        return []
    DeviceToken.objects.filter(player_id=player_id, pk__in=token_ids).delete()
    transaction.on_commit(
        lambda: signals.tokens_revoked.send(
            sender=__name__, player_id=player_id, token_ids=list(token_ids)
        ),
        robust=True,
    )
    return token_ids


def touch_token(token_id: int, last_used_at: dt.datetime) -> bool:
    """Record that the token was used now, when its stored last use (``last_used_at``, as just
    read) is older than a minute. One UPDATE at most a minute per token; True when written."""
    now = clock.now()
    if now - last_used_at < TOUCH_EVERY:
        return False  # decided on what was read: no transaction, no statement
    return _write_last_use(token_id, now)


@retried(idempotent=True, statement=True)  # run again, it writes the same moment (or nothing)
def _write_last_use(token_id: int, now: dt.datetime) -> bool:
    with connection.cursor() as cursor:
        cursor.execute(TOUCH_TOKEN, [now, token_id, now - TOUCH_EVERY])
        return bool(cursor.rowcount)
