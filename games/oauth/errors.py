"""Refusals of the apps domain."""

from django.utils.translation import gettext_lazy as _

from games.core.errors import declare

InsufficientScope = declare(
    "insufficient_scope",
    403,
    _("This app was not granted the scope this needs."),
    details=("scope",),
    when="an app's token without the scope the operation or socket declares "
    "(``games.oauth.scopes``); RFC 6750's ``WWW-Authenticate`` names the scope",
)

AppNotFound = declare(
    "app_not_found",
    404,
    _("No such connected app."),
    when="revoking an app the player has not connected",
)

PersonalTokenNotFound = declare(
    "personal_token_not_found",
    404,
    _("You have no such personal token."),
    when="revoking a personal token that is not one of the calling player's (or is gone)",
)

PersonalTokenLimit = declare(
    "personal_token_limit",
    409,
    _("You have as many personal tokens as one may: revoke one first."),
    details=("limit",),
    when="making a personal token while the player holds the most allowed (expired ones "
    "do not count)",
)

OwnAppNotFound = declare(
    "own_app_not_found",
    404,
    _("You registered no such app."),
    when="deleting an app the calling player did not register (or is gone)",
)

OwnAppLimit = declare(
    "own_app_limit",
    409,
    _("You registered as many apps as one may: delete one first."),
    details=("limit",),
    when="registering an app while the player has registered the most allowed",
)

AppRegistrationInvalid = declare(
    "app_registration_invalid",
    400,
    _("This app cannot be registered as it is."),
    details=("fields",),
    when="registering an app (or making a personal token) with a redirect URI or origin that "
    "is neither https nor loopback http, an unknown scope, or a bad name or expiry",
)

OwnDeviceRequired = declare(
    "own_device_required",
    403,
    _("Only your own signed-in devices or the site can do this, never a token you lent."),
    when="making a personal token or registering an app with an app's token or a personal "
    "token (even one holding the account scope): no token mints longer-lived ones",
)
