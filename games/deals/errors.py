"""Refusals of the deals domain."""

from django.utils.translation import gettext_lazy as _

from games.core.errors import ServiceError


class WinnablePoolEmpty(ServiceError):
    """No proven-winnable deal is ready: refused at once (never a wait), nothing started."""

    code, status = "winnable_pool_empty", 503
    default_message = _(
        "No proven-winnable deal is ready right now: try again in a few seconds, or start any deal."
    )
    detail_fields = ("retry_after",)
    when = (
        '`{"winnable": true}` (or the `winnable_deals` setting) while the pool of proven-'
        "winnable deals is empty; REST also sends `Retry-After` (seconds)"
    )
