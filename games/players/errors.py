"""Refusals of the players domain."""

from django.utils.translation import gettext_lazy as _

from games.core.errors import declare

InvalidName = declare(
    "invalid_name",
    400,
    _("A name has 1 to 40 characters."),
    details=("reason",),
    when="a name that, its runs of white space collapsed to one space, is empty or longer than "
    "40 (most such names are refused first as `invalid_request`)",
)

NameLooksLikeAnother = declare(
    "name_looks_like_another",
    409,
    _("This name looks like another player's: choose another one."),
    when="a name with other characters but the same look as an existing player's (the same "
    "name itself is allowed)",
)

TokenSuspended = declare(
    "token_suspended",
    403,
    _("This player is suspended: the token is refused."),
    when="the token (or session) of a suspended player",
)

PlayerNotFound = declare(
    "player_not_found",
    404,
    _("There is no such player."),
    details=("player_id",),
    when="no such player",
)

TokenNotFound = declare(
    "token_not_found",
    404,
    _("This player has no such device token."),
    details=("token_id",),
    when="revoking a device token that is not one of the calling player's (or is gone)",
)
