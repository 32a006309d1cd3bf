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
