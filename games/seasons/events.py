"""The seasons domain's in-transaction events (:mod:`games.core.events`)."""

from __future__ import annotations

from games.core.events import InTransactionEvent

from .models import Season

#: A season closed (its final board rebuilt, ``closed_at`` set), inside the closing
#: transaction: the domains above react in this order.
season_closing: InTransactionEvent[Season] = InTransactionEvent(
    "season_closing",
    receivers=(
        # the apps subscribed to ``season.closed`` get its final standings (games.webhooks)
        "webhooks.season_closed",
    ),
    doc="A season closed, inside the closing transaction.",
)
