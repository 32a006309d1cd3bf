"""Refusals of the deals domain."""

from django.utils.translation import gettext_lazy as _

from games.core.errors import declare

# A request still asking for winnable deals (``winnable`` in ``POST /games``, the
#     ``winnable_deals`` setting): both are gone (SPEC §10), and the request changes nothing.
WinnableNotOffered = declare(
    "winnable_not_offered",
    400,
    _("Winnable deals are not offered: the service never tells whether a deal can be won."),
    when="a request still sends `winnable` (`POST /games`) or the `winnable_deals` setting "
    "(`PATCH /players/me`); nothing is changed",
)
