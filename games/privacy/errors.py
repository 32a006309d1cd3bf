"""Refusals of a player's data: deleting an account needs the account's secret again."""

from django.utils.translation import gettext_lazy as _

from games.core.errors import declare

DeletionUnconfirmed = declare(
    "deletion_unconfirmed",
    400,
    _(
        "Confirm the deletion: your password or a recovery code, or confirm: true for a "
        "player without a username."
    ),
    when="deleting the account without `password` or `recovery_code` (a player with a username "
    "and password) or without `confirm: true` (a player without one)",
)

RecoveryCodeWrong = declare(
    "recovery_code_wrong",
    400,
    _("This recovery code is not right, or it was used."),
    when="deleting the account with a recovery code that is not one of its unused codes",
)
