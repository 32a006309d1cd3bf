"""Refusals of fair play's staff actions (clearing or disqualifying a flagged result)."""

from django.utils.translation import gettext_lazy as _

from games.core.errors import ServiceError, declare


class FairPlayError(ServiceError):
    """Base of the refusals of a fair-play staff action."""


FairPlayFlagNotFound = declare(
    "fair_play_flag_not_found",
    404,
    _("There is no such fair-play flag."),
    when="staff only (the admin): clearing or disqualifying a flag that does not exist",
    base=FairPlayError,
)

FairPlayFlagResolved = declare(
    "fair_play_flag_resolved",
    409,
    _("This fair-play flag is already cleared or disqualified."),
    when="staff only (the admin): clearing or disqualifying a flag a second time",
    base=FairPlayError,
)
