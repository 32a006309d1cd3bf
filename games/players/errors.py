"""Refusals of the players domain."""
from django.utils.translation import gettext_lazy as _

from games.core.errors import ServiceError


class InvalidName(ServiceError):
    code, status = "invalid_name", 400
    default_message = _("A name has 1 to 40 characters.")


class TokenSuspended(ServiceError):
    code, status = "token_suspended", 403
    default_message = _("This player is suspended: the token is refused.")


class PlayerNotFound(ServiceError):
    code, status = "player_not_found", 404
    default_message = _("There is no such player.")
