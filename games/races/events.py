"""The races domain's in-transaction events (:mod:`games.core.events`)."""

from __future__ import annotations

from games.core.events import InTransactionEvent

from .models import Race

#: A race finished (its standings and ratings written, its members saved), inside the
#: settling transaction: the domains above react in this order.
race_finishing: InTransactionEvent[Race] = InTransactionEvent(
    "race_finishing",
    receivers=(
        # the apps a member connected, subscribed to ``race.finished`` (games.webhooks)
        "webhooks.race_finished",
    ),
    doc="A race finished, inside the settling transaction.",
)
