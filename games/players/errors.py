"""Refusals of the players domain."""

from django.utils.translation import gettext_lazy as _

from games.core.errors import ServiceError


class InvalidName(ServiceError):
    code, status = "invalid_name", 400
    default_message = _("A name has 1 to 40 characters.")
    detail_fields = ("reason",)
    when = (
        "a name that, its runs of white space collapsed to one space, is empty or longer than "
        "40 (most such names are refused first as `invalid_request`)"
    )


class NameLooksLikeAnother(ServiceError):
    code, status = "name_looks_like_another", 409
    default_message = _("This name looks like another player's: choose another one.")
    when = (
        "a name with other characters but the same look as an existing player's (the same "
        "name itself is allowed)"
    )


class TokenSuspended(ServiceError):
    code, status = "token_suspended", 403
    default_message = _("This player is suspended: the token is refused.")
    when = "the token (or session) of a suspended player"


class PlayerNotFound(ServiceError):
    code, status = "player_not_found", 404
    default_message = _("There is no such player.")
    detail_fields = ("player_id",)
    when = "no such player"


class TokenNotFound(ServiceError):
    code, status = "token_not_found", 404
    default_message = _("This player has no such device token.")
    detail_fields = ("token_id",)
    when = "revoking a device token that is not one of the calling player's (or is gone)"
