"""Refusals of the accounts domain.

Sign-in refusals never say whether the username exists: an unknown username and a wrong
password (or recovery code) get the same code, status and message, and take the same time.
"""

from django.utils.translation import gettext_lazy as _

from games.core.errors import declare

CredentialsExist = declare(
    "credentials_exist",
    409,
    _("This player already has a username and password."),
    when="adding credentials to a player that has them",
)

NoCredentials = declare(
    "no_credentials",
    404,
    _("This player has no username and password yet."),
    when="an account operation of a player without credentials",
)

InvalidUsername = declare(
    "invalid_username",
    400,
    _("A username has 3 to 30 letters, digits, dots, dashes or underscores."),
    when="a username of another length or with other characters",
)

UsernameUnavailable = declare(
    "username_unavailable",
    409,
    _("This username cannot be used: choose another one."),
    when="a username that is taken (regardless of case) or reserved: the same answer for both, "
    "after the same work, so it does not tell which",
)

# Details: ``problems``, the password validators' messages.
InvalidPassword = declare(
    "invalid_password",
    400,
    _("This password is too weak: see the problems."),
    details=("problems",),
    when="a new password that Django's password validators refuse (too short, too common, …)",
)

SignInFailed = declare(
    "sign_in_failed",
    400,
    _("The username or the password is not right."),
    when="signing in with an unknown username or a wrong password: the same answer for both",
)

RecoveryFailed = declare(
    "recovery_failed",
    400,
    _("The username or the recovery code is not right."),
    when="recovering with an unknown username, or a recovery code that is wrong or used: the "
    "same answer for each",
)

WrongPassword = declare(
    "wrong_password",
    400,
    _("The current password is not right."),
    when="changing the password, making new recovery codes or deleting the account, with a "
    "wrong current password",
)

AccountLocked = declare(
    "account_locked",
    403,
    _("This account is locked by the staff."),
    when="signing in (with the right password or code) to an account the staff locked, or staff "
    "issuing a link code for it",
)

LinkCodeInvalid = declare(
    "link_code_invalid",
    400,
    _("This link code is not valid: it may be mistyped, used or expired."),
    when="a link code that is unknown, used or older than 10 minutes (the same answer for each)",
)

ResetLinkInvalid = declare(
    "reset_link_invalid",
    400,
    _("This password reset link is used or expired: ask for a new one."),
    when="a password reset link that is malformed, used (the password changed) or expired",
)

VerificationLinkInvalid = declare(
    "verification_link_invalid",
    400,
    _("This verification link is not valid or has expired."),
    when="an e-mail verification link that is malformed, expired, for another address or used "
    "already",
)

EmailUnavailable = declare(
    "email_unavailable",
    409,
    _("This address is already verified for another account."),
    when="following the verification link of an address another account verified first (only "
    "whoever reads that mailbox can see this)",
)
