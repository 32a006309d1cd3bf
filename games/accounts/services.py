"""Every change of the accounts domain, one function each, one transaction each.

Sign-ins of every kind end the same way: a new device token for the player
(``games.players.services.issue_token``), shown once. Setting a password by any means
(change, reset, recovery) revokes the player's other tokens, their apps' tokens, codes and device
grants too, and their sockets close.
Throttling (per username, per device proof, per address) is the caller's: it knows the
client's address and what the device presented (:mod:`.device_proofs`).
"""

from __future__ import annotations

import datetime as dt

from django.db import IntegrityError, transaction
from django.db.models import Q

from games.core import clock
from games.players import services as players
from games.players.errors import TokenSuspended
from games.players.models import DeviceToken, Player

from . import codes, device_proofs, links, mail, passwords
from .errors import (
    AccountLocked,
    CredentialsExist,
    EmailUnavailable,
    LinkCodeInvalid,
    NoCredentials,
    RecoveryFailed,
    ResetLinkInvalid,
    SignInFailed,
    UsernameUnavailable,
    VerificationLinkInvalid,
    WrongPassword,
)
from .models import Credentials, LinkCode, RecoveryCode
from .usernames import clean_username, reserved, username_key

LINK_CODE_LIFETIME = dt.timedelta(minutes=10)


# -- credentials -----------------------------------------------------------------------------
def add_credentials(
    player: Player, username: object, password: str, email: str = "", site: str = ""
) -> tuple[Credentials, list[str]]:
    """Give an anonymous player a username and password (and an address to verify); returns
    them with the ten recovery codes, shown only this once.

    The password is validated and hashed before the username is looked up, so a taken
    username costs the same time as a free one; taken and reserved answer alike.
    """
    name = clean_username(username)
    passwords.validated(password, name, email)
    encoded = passwords.hashed(password)
    now = clock.now()
    recovery = [codes.new_code(codes.RECOVERY_CODE_LENGTH) for _ in range(codes.RECOVERY_CODES)]
    try:
        with transaction.atomic():
            if Credentials.objects.filter(player=player).exists():
                raise CredentialsExist()
            if (
                reserved(name)
                or Credentials.objects.filter(username_key=username_key(name)).exists()
            ):
                raise UsernameUnavailable()
            credentials = Credentials.objects.create(
                player=player,
                username=name,
                username_key=username_key(name),
                password=encoded,
                email=email,
                created_at=now,
                password_changed_at=now,
            )
            _store_recovery_codes(credentials, recovery, now)
            if email:
                _send_verification(credentials, site)
    except IntegrityError:  # the same username (or player) at the same moment
        if Credentials.objects.filter(player=player).exists():
            raise CredentialsExist() from None
        raise UsernameUnavailable() from None
    return credentials, recovery


def change_password(
    player: Player, current: str, new: str, credentials: Credentials | None = None
) -> list[int]:
    """Replace the password (the current one must be right); every other device is signed out.
    Returns the revoked tokens' ids. ``credentials``: the player's, when the caller has read
    them already (not read again)."""
    credentials = credentials or _credentials_of(player)
    if not passwords.check(current, credentials.password):
        raise WrongPassword()
    passwords.validated(new, credentials.username, credentials.email)
    encoded = passwords.hashed(new)
    with transaction.atomic():
        _set_password(credentials, encoded)
        return players.revoke_other_access(player)


def new_recovery_codes(
    player: Player, password: str, credentials: Credentials | None = None
) -> list[str]:
    """Ten new recovery codes in place of the old ones (the password must be right);
    ``credentials`` as for :func:`change_password`."""
    credentials = credentials or _credentials_of(player)
    if not passwords.check(password, credentials.password):
        raise WrongPassword()
    recovery = [codes.new_code(codes.RECOVERY_CODE_LENGTH) for _ in range(codes.RECOVERY_CODES)]
    with transaction.atomic():
        RecoveryCode.objects.filter(credentials=credentials).delete()
        _store_recovery_codes(credentials, recovery, clock.now())
    return recovery


def set_email(player: Player, email: str, site: str) -> Credentials:
    """A new address (unverified until its link is followed), or none with ``""``. An address
    verified by another account is not refused here: that would tell it has an account."""
    with transaction.atomic():
        # Read once, under the row's lock (the new issue is the stored one plus one); the
        # player is the caller, not read again.
        credentials = Credentials.objects.select_for_update().filter(player=player).first()
        if credentials is None:
            raise NoCredentials()
        credentials.player = player
        # A new issue of the address, even the same one again: the links mailed for the
        # earlier ones stop working.
        credentials.email, credentials.email_verified_at = email, None
        credentials.email_issue += 1
        credentials.save(update_fields=["email", "email_verified_at", "email_issue"])
        if email:
            _send_verification(credentials, site)
    return credentials


def verify_email(key: object) -> Credentials:
    """Follow a verification link: the address it names is verified, if it is still the
    account's address, set by the same issue (not removed and set again since the link was
    made), and not verified yet. A link works once: followed again (or after another link
    verified the address, or after the address was set again) it is refused like any link
    that is not valid, and nothing changes."""
    found = links.verified_address(key)
    if found is None:
        raise VerificationLinkInvalid()
    player_id, email, issue = found
    try:
        with transaction.atomic():
            credentials = Credentials.objects.select_for_update().filter(pk=player_id).first()
            if (
                credentials is None
                or not email
                or credentials.email != email
                or credentials.email_issue != issue
            ):
                raise VerificationLinkInvalid()
            if credentials.email_verified_at is not None:
                raise VerificationLinkInvalid()  # used up
            credentials.email_verified_at = clock.now()
            credentials.save(update_fields=["email_verified_at"])
    except IntegrityError:  # another account verified this address first
        raise EmailUnavailable() from None
    return credentials


def _send_verification(credentials: Credentials, site: str) -> None:
    link = links.verify_link(site, credentials)
    language = credentials.player.language
    mail.send_verification(credentials.email, credentials.username, link, language)


# -- sign-in ---------------------------------------------------------------------------------
def sign_in(username: object, password: str, device: object) -> tuple[Player, str]:
    """A new device token for the account (username and password right). An unknown username
    takes as long as a wrong password and gets the same refusal."""
    player, token, _ = sign_in_device(username, password, device)
    return player, token


def sign_in_device(
    username: object,
    password: str,
    device: object,
    proof: device_proofs.DeviceProof | None = None,
) -> tuple[Player, str, str]:
    """:func:`sign_in`, answering also a device proof for this device
    (:mod:`.device_proofs`): the ``proof`` it showed renewed, or a new one."""
    credentials = _credentials_named(username)
    if not passwords.check(password, credentials.password if credentials else None):
        raise SignInFailed()
    assert credentials is not None
    token = _issue(credentials, device, DeviceToken.Issued.PASSWORD)
    nonce = proof.nonce if proof is not None else None
    return credentials.player, token, device_proofs.issue(credentials, nonce)


def recover(
    username: object, code: object, new_password: str, device: object
) -> tuple[Player, str, int]:
    """Set a new password with one of the account's recovery codes (used up), signing every
    other device out; returns the player, a token for this device and the codes left.

    The new password is validated and hashed before the account is looked up: an unknown
    username, a wrong code and a used one cost the same and get the same refusal."""
    passwords.validated(new_password, str(username), "")
    encoded = passwords.hashed(new_password)
    credentials = _credentials_named(username)
    typed = codes.normalised(code, codes.RECOVERY_CODE_LENGTH)
    if credentials is None or typed is None:
        raise RecoveryFailed()
    with transaction.atomic():
        used = RecoveryCode.objects.filter(
            credentials=credentials,
            code_hash=codes.code_hash("recovery", typed),
            used_at__isnull=True,
        ).update(used_at=clock.now())
        if used != 1:
            raise RecoveryFailed()
        _refuse_locked_or_suspended(credentials)
        _set_password(credentials, encoded)
        players.revoke_all_tokens(credentials.pk)
        token = players.issue_token(credentials.player, device, DeviceToken.Issued.RECOVERY_CODE)
    left = RecoveryCode.objects.filter(credentials=credentials, used_at__isnull=True).count()
    return credentials.player, token, left


def request_password_reset(email: str, site: str) -> None:
    """Mail a reset link to the account whose verified address this is; nothing otherwise.
    The caller answers the same either way (and the mail goes out after the answer)."""
    credentials = (
        Credentials.objects.select_related("player")
        .filter(email__iexact=email, email_verified_at__isnull=False, locked_at__isnull=True)
        .first()
    )
    if credentials is None:
        return
    # nothing is written: no transaction (the mail is queued at once, as after a commit)
    link = links.reset_link(site, credentials)
    language = credentials.player.language
    mail.send_password_reset(credentials.email, credentials.username, link, language)


def reset_password(
    uid: object, key: object, new_password: str, device: object
) -> tuple[Player, str]:
    """Follow a reset link: a new password, every device signed out, and a token for this one.
    The row is read once: the new password is stored only if the row still holds what the key
    was checked against (one conditional UPDATE), so of two uses of one link, one succeeds."""
    player_id = links.reset_player_id(uid)
    credentials = (
        Credentials.objects.select_related("player").filter(pk=player_id).first()
        if player_id
        else None
    )
    if credentials is None or not links.reset_key_valid(credentials, key):
        raise ResetLinkInvalid()
    passwords.validated(new_password, credentials.username, credentials.email)
    encoded = passwords.hashed(new_password)
    with transaction.atomic():
        # what the key is made of (links.ResetKeys) unchanged since it was checked
        unchanged = Q(
            pk=credentials.pk,
            password=credentials.password,
            password_changed_at=credentials.password_changed_at,
            email=credentials.email,
            email_verified_at__isnull=credentials.email_verified_at is None,
        )
        if not _set_password(credentials, encoded, unchanged):
            raise ResetLinkInvalid()
        _refuse_locked_or_suspended(credentials)
        players.revoke_all_tokens(credentials.pk)
        player = credentials.player
        token = players.issue_token(player, device, DeviceToken.Issued.PASSWORD_RESET)
    return player, token


# -- link codes ------------------------------------------------------------------------------
def create_link_code(
    player: Player, origin: str = LinkCode.Origin.DEVICE
) -> tuple[str, dt.datetime]:
    """A code that signs one more device in as ``player`` within ten minutes; returns it (shown
    once) and when it expires. Any older unused code of the player stops working."""
    code, now = codes.new_code(codes.LINK_CODE_LENGTH), clock.now()
    with transaction.atomic():
        LinkCode.objects.filter(player=player, used_at__isnull=True).delete()
        LinkCode.objects.create(
            player=player,
            code_hash=codes.code_hash("link", code.replace("-", "")),
            origin=origin,
            created_at=now,
            expires_at=now + LINK_CODE_LIFETIME,
        )
    return code, now + LINK_CODE_LIFETIME


def redeem_link_code(code: object, device: object) -> tuple[Player, str]:
    """Sign this device in with a link code: one UPDATE uses it up, so of two devices sending
    the same code at once exactly one gets a token."""
    typed = codes.normalised(code, codes.LINK_CODE_LENGTH)
    if typed is None:
        raise LinkCodeInvalid()
    now = clock.now()
    with transaction.atomic():
        code_hash = codes.code_hash("link", typed)
        used = LinkCode.objects.filter(
            code_hash=code_hash, used_at__isnull=True, expires_at__gt=now
        ).update(used_at=now)
        if used != 1:
            raise LinkCodeInvalid()
        player = LinkCode.objects.select_related("player").get(code_hash=code_hash).player
        credentials = Credentials.objects.filter(pk=player.pk).first()
        if credentials is not None:
            _refuse_locked_or_suspended(credentials)
        elif player.suspended_at is not None:
            raise TokenSuspended("This player's token is suspended by the staff.")
        return player, players.issue_token(player, device, DeviceToken.Issued.LINK_CODE)


# -- helpers ---------------------------------------------------------------------------------
def _credentials_of(player: Player) -> Credentials:
    credentials = Credentials.objects.filter(player=player).select_related("player").first()
    if credentials is None:
        raise NoCredentials()
    return credentials


def _credentials_named(username: object) -> Credentials | None:
    if not isinstance(username, str):
        return None
    return (
        Credentials.objects.select_related("player")
        .filter(username_key=username_key(username))
        .first()
    )


def _issue(credentials: Credentials, device: object, issued: str) -> str:
    with transaction.atomic():
        _refuse_locked_or_suspended(credentials)
        return players.issue_token(credentials.player, device, issued)


def _refuse_locked_or_suspended(credentials: Credentials) -> None:
    """Told only to whoever proved they hold the account (right password or code)."""
    locked = Credentials.objects.filter(pk=credentials.pk, locked_at__isnull=False).exists()
    if locked:
        raise AccountLocked()
    if Player.objects.filter(pk=credentials.pk, suspended_at__isnull=False).exists():
        raise TokenSuspended("This player's token is suspended by the staff.")


def _set_password(credentials: Credentials, encoded: str, where: Q | None = None) -> bool:
    """Store a new password hash (made before the transaction: hashing takes a while); with
    ``where``, only if the row still matches it. Whether it was stored."""
    now = clock.now()
    stored = Credentials.objects.filter(where or Q(pk=credentials.pk)).update(
        password=encoded, password_changed_at=now
    )
    if stored:
        credentials.password, credentials.password_changed_at = encoded, now
    return bool(stored)


def _store_recovery_codes(credentials: Credentials, recovery: list[str], now: dt.datetime) -> None:
    RecoveryCode.objects.bulk_create(
        RecoveryCode(
            credentials=credentials,
            code_hash=codes.code_hash(
                "recovery", str(codes.normalised(code, codes.RECOVERY_CODE_LENGTH))
            ),
            created_at=now,
        )
        for code in recovery
    )
