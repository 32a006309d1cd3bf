"""What every change of a race shares: its row locks, and the change recorded and published.

The lifecycle (:mod:`games.races.services`), settling and the end
(:mod:`games.races.settlement`) and the quick-match queue (:mod:`games.races.matchmaking`) all
change races through these steps: row locks, a version check by status, the race's new
representation published after commit (``games.core.signals.race_changed``), a line in the
race's timeline (:class:`RaceEvent`).

Locks are always taken in one order, so that no two changes wait on each other: the player's
row (membership: one unfinished race per player, :func:`lock_player`), then a member's game row
(a game change, in ``games.play``), then the race row (:func:`locked_race`), then rating rows
(by player id).
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction

from games.core import clock
from games.core.rows import row_id
from games.core.signals import race_changed
from games.players.models import Player

from . import rules
from .errors import RaceNotFound
from .models import Race, RaceEvent
from .presentation import games_of, race_payload
from .selectors import members_of

logger = logging.getLogger(__name__)


# -- locking ---------------------------------------------------------------------------------
def locked_race(race_id: object) -> Race:
    key = row_id(race_id)
    race = Race.objects.select_for_update().filter(pk=key).first() if key is not None else None
    if race is None:
        raise RaceNotFound(f"There is no race {race_id}.", race_id=race_id)
    return race


def lock_player(player: Player) -> None:
    """Membership changes of one player queue behind each other (one unfinished race).

    ``FOR NO KEY UPDATE``: rows that merely refer to the player (a new game, a new member
    row) take a key-share lock on it, which this one lets through; a plain ``FOR UPDATE``
    would make the start of a race (the race row locked, inserting the members' games) and a
    member leaving (the player locked, waiting for the race row) wait on each other forever.
    """
    Player.objects.select_for_update(no_key=True).filter(pk=player.pk).exists()


# -- publishing ------------------------------------------------------------------------------
def changed(
    race: Race, kind: str, player: Player | None = None, detail: str = "", *, log: bool = True
) -> tuple[dict[str, Any], dict[str, int]]:
    """Inside the change's transaction: bump the version, add the event to the race's
    timeline (``log``; a member's progress is in their game's log instead), publish on
    commit. Before the start, the stored ``rated`` follows what the race would be now.
    Returns what it publishes: (the race's representation, the members' game ids)."""
    members = members_of(race)
    if race.status in (Race.Status.OPEN, Race.Status.COUNTDOWN):
        race.rated = rules.would_be_rated(race, members)
    race.version += 1
    race.save()
    if log:
        RaceEvent.objects.create(
            race=race, at=clock.now(), kind=kind, player=player, detail=detail[:200]
        )
    payload = race_payload(race, members)
    games = games_of(members)
    # kept on the instance the service returns: the REST answer to this change reuses it
    # (:func:`published`) rather than reading the members and building the race again
    setattr(race, _PUBLISHED, (payload, games))
    transaction.on_commit(lambda: publish(payload, games), robust=True)
    return payload, games


#: Attribute of a :class:`Race` instance holding the representation its last change published.
_PUBLISHED = "_published_race"


def published(race: Race) -> tuple[dict[str, Any], dict[str, int]] | None:
    """(payload, games) the last :func:`changed` of this very instance published, None when
    it did not change (an idempotent repeat). Shared with the publish: never mutate it
    (:func:`~games.races.presentation.seen_by` copies what it changes)."""
    return getattr(race, _PUBLISHED, None)


def publish(payload: dict[str, Any], games: dict[str, int]) -> None:
    try:
        race_changed.send(sender=__name__, payload=payload, games=games)
    except Exception:  # committed already; members resynchronise from `version`
        logger.exception("Could not publish race %s version %s", payload["id"], payload["version"])
