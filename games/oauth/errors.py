"""Refusals of the apps domain."""

from django.utils.translation import gettext_lazy as _

from games.core.errors import ServiceError


class InsufficientScope(ServiceError):
    code, status = "insufficient_scope", 403
    default_message = _("This app was not granted the scope this needs.")
    detail_fields = ("scope",)
    when = (
        "an app's token without the scope the operation or socket declares "
        "(``games.oauth.scopes``); RFC 6750's ``WWW-Authenticate`` names the scope"
    )


class AppNotFound(ServiceError):
    code, status = "app_not_found", 404
    default_message = _("No such connected app.")
    when = "revoking an app the player has not connected"
