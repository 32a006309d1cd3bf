"""The play domain's in-transaction events (:mod:`games.core.events`)."""

from __future__ import annotations

from games.core.events import InTransactionEvent

from .models import Game

#: A game changed (a move, a tap, an undo, a resignation), inside the change's transaction
#: with the game row written: the domains above react in this order.
game_changing: InTransactionEvent[Game] = InTransactionEvent(
    "game_changing",
    receivers=(
        # from a race's countdown to its end, its members' other games of its deal do not
        # change (SPEC §8): refused first, before anything else is written
        "races.deal_in_race",
        # a ranked daily attempt that ended enters its board (SPEC §7)
        "daily.board",
        # a race member's game: the race's progress, its end at the first win (SPEC §8)
        "races.progress",
        # a challenge attempt that ended freezes its result on the challenge's board (SPEC §11)
        "challenges.board",
        # the game's end (and a challenge attempt's result) to the apps its owner connected
        "webhooks.game_ended",
    ),
    doc="A game changed, inside the change's transaction.",
)

#: The owner is about to let others watch a game, or stop them (inside the transaction, the game
#: row locked): a domain whose games follow another rule refuses here.
watchable_changing: InTransactionEvent[Game] = InTransactionEvent(
    "watchable_changing",
    receivers=(
        # a race's game is watched as its race decides (SPEC §8), not by its owner
        "races.game_follows_race",
        # a game played at a challenge follows its challenge, which never closes (SPEC §11)
        "challenges.game_follows_challenge",
    ),
    doc="A game's owner changes who may watch it, inside the change's transaction.",
)
