"""The daily domain's in-transaction events (:mod:`games.core.events`)."""

from __future__ import annotations

from games.core.events import InTransactionEvent

from .models import DailyBoard

#: A day's board closed (its last entries written, ``closed_at`` set), inside the closing
#: transaction: the domains above react in this order.
day_closing: InTransactionEvent[DailyBoard] = InTransactionEvent(
    "day_closing",
    receivers=(
        # the apps subscribed to ``daily.closed`` get its final standings (games.webhooks)
        "webhooks.daily_closed",
    ),
    doc="A day's daily board closed, inside the closing transaction.",
)
