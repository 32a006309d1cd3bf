"""The accounts' front door: what a transport (REST, socket, site) may change of a player's
credentials, links between devices, e-mail and recovery. One function per action; each calls
the domain's service, which holds the transaction, the checks and the log (README, *The front
door*). Transports import this module, never :mod:`.services` (an import contract)."""

from __future__ import annotations

import datetime as dt

from games.players.models import Player

from . import device_proofs, services
from .models import Credentials, LinkCode


def create_link_code(
    player: Player, origin: str = LinkCode.Origin.DEVICE
) -> tuple[str, dt.datetime]:
    """A one-time code that signs another device in as ``player``."""
    return services.create_link_code(player, origin)


def redeem_link_code(code: object, device: object) -> tuple[Player, str]:
    """A link code exchanged for a new device token of its player."""
    return services.redeem_link_code(code, device)


def add_credentials(
    player: Player, username: object, password: str, email: str = "", site: str = ""
) -> tuple[Credentials, list[str]]:
    """A username and password for ``player``, with recovery codes."""
    return services.add_credentials(player, username, password, email, site)


def sign_in_device(
    username: object,
    password: str,
    device: object,
    proof: device_proofs.DeviceProof | None = None,
) -> tuple[Player, str, str]:
    """A device signed in with a username and password."""
    return services.sign_in_device(username, password, device, proof)


def change_password(
    player: Player, current: str, new: str, credentials: Credentials | None = None
) -> list[int]:
    """A new password; every other device and app signed out."""
    return services.change_password(player, current, new, credentials)


def new_recovery_codes(
    player: Player, password: str, credentials: Credentials | None = None
) -> list[str]:
    """A fresh set of recovery codes (the old ones void)."""
    return services.new_recovery_codes(player, password, credentials)


def set_email(player: Player, email: str, site: str) -> Credentials:
    """An e-mail address set (a verification link sent) or removed."""
    return services.set_email(player, email, site)


def verify_email(key: object) -> Credentials:
    """An e-mail address verified by its link."""
    return services.verify_email(key)


def request_password_reset(email: str, site: str) -> None:
    """A reset link sent to a verified address (nothing said about unknown ones)."""
    services.request_password_reset(email, site)


def reset_password(
    uid: object, key: object, new_password: str, device: object
) -> tuple[Player, str]:
    """A password reset by its e-mailed link; every device and app signed out."""
    return services.reset_password(uid, key, new_password, device)


def recover(
    username: object, code: object, new_password: str, device: object
) -> tuple[Player, str, int]:
    """A password reset with a recovery code; every device and app signed out."""
    return services.recover(username, code, new_password, device)
