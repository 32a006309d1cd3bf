"""Quick match: a queue per seat count and kind — rated (players with credentials) or casual
(anonymous players), kept apart — kept in PostgreSQL, that forms races across every server
process.

The queue is the ``QueueEntry`` table. Forming races of one seat count is serialised across
processes by a transaction-scoped advisory lock on that queue (``pg_advisory_xact_lock``):
a joiner whose entry is committed then waits for the lock, and whoever holds it forms every
race the queue allows — so nobody waits while enough players are queued, and no entry is
read by two formers. The candidates' player rows are locked ``FOR UPDATE SKIP LOCKED``: a
player busy in another membership change at that instant (leaving the queue, creating or
joining a race) is skipped, never waited on, and their entry is read again under their lock
before it is used, so nobody is matched twice or after leaving. SQLite (the embedded
default) runs one writer at a time: no lock is needed there.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import connection, transaction

from games.core import clock
from games.core.signals import race_matched
from games.players.models import Player

from . import rules, services
from .changes import changed, lock_player, published
from .errors import AlreadyMatched, NotInQueue
from .models import QueueEntry, Race, RaceMember
from .presentation import for_viewer, games_of, race_payload, seen_by
from .selectors import credentialed, members_of
from .settlement import settle_due

logger = logging.getLogger(__name__)

MIN_SEATS, MAX_SEATS = 2, 4
#: Advisory lock keys: this base plus the seat count (plus ``RATED_LOCK`` for the rated queue).
LOCK_BASE = 0x484D_5100
RATED_LOCK = 0x80
#: Queue entries looked at per attempt: enough to skip a few busy players.
WINDOW = 4
#: Attempts of one forming round when busy players leave too few to form a race.
ATTEMPTS = 20


def enqueue(player: Player, seats: int) -> dict[str, Any]:
    """Wait for a race of ``seats`` (again: the seat count changes, the wait does not), in the
    rated queue when the player has credentials, else in the casual one (SPEC §8): the two
    never meet, so a race the queue forms is rated or casual as its queue."""
    rated = credentialed(player)
    with transaction.atomic():
        lock_player(player)
        services.ensure_free(player)
        entry = QueueEntry.objects.filter(player=player).first()
        if entry is None:
            entry = QueueEntry.objects.create(
                player=player, seats=seats, rated=rated, since=clock.now()
            )
        elif (entry.seats, entry.rated) != (seats, rated):
            entry.seats, entry.rated = seats, rated
            entry.save(update_fields=["seats", "rated"])
    for race in form_races(seats, rated):
        payload, games = published(race) or ({"members": []}, {})
        if any(m["player"]["id"] == player.pk for m in payload["members"]):
            # matched by this very call: the race as its forming published it (built once)
            return _matched(seen_by(payload, player.pk, games))
    return status_of(player)


def status_of(player: Player) -> dict[str, Any]:
    """``waiting`` (with ``seats``, ``since`` and ``rated``: which queue), or ``matched`` with
    the race (and ``rated``, the race's)."""
    entry = QueueEntry.objects.filter(player=player).first()
    if entry is not None:
        return {
            "status": "waiting",
            "seats": entry.seats,
            "since": _iso(entry),
            "rated": entry.rated,
        }
    race = matched_race(player)
    if race is None:
        raise NotInQueue("You are not waiting for a quick match.")
    members = members_of(race)
    payload = race_payload(race, members)
    for_viewer(payload, player.pk, games_of(members))
    return _matched(payload)


def _matched(payload: dict[str, Any]) -> dict[str, Any]:
    return {"status": "matched", "race": payload, "rated": payload["rated"]}


def _iso(entry: QueueEntry) -> str:
    return entry.since.isoformat().replace("+00:00", "Z")


def matched_race(player: Player) -> Race | None:
    """The unfinished race the queue formed for the player, if any (settled first)."""
    member = (
        RaceMember.objects.filter(player=player, active=True, race__matched=True)
        .select_related("race")
        .first()
    )
    if member is None:
        return None
    race = settle_due(member.race_id)
    return race if race is not None and race.is_unfinished else None


def leave_queue(player: Player) -> None:
    """Leave the queue at once; once matched, the race must be left instead."""
    with transaction.atomic():
        lock_player(player)
        deleted, _ = QueueEntry.objects.filter(player=player).delete()
    if deleted:
        return
    race = matched_race(player)
    if race is not None:
        raise AlreadyMatched("You were already matched: leave the race.", race_id=race.pk)
    raise NotInQueue("You are not waiting for a quick match.")


def form_races(seats: int, rated: bool = False) -> list[Race]:
    """Form every race the queue of ``seats`` (the rated or the casual one) allows now, one
    transaction per race."""
    formed: list[Race] = []
    attempts = 0
    while attempts < ATTEMPTS:
        outcome = _form_one(seats, rated)
        if outcome is None:
            break
        if not isinstance(outcome, Race):  # enough queued, but some were busy: look again
            attempts += 1
            continue
        formed.append(outcome)
    return formed


def _form_one(seats: int, rated: bool) -> Race | bool | None:
    """One race, or None when too few are queued, or False when too few were free."""
    with transaction.atomic():
        _lock_queue(seats, rated)
        candidates = list(
            QueueEntry.objects.filter(seats=seats, rated=rated)
            .order_by("since", "player_id")
            .values_list("player_id", flat=True)[: seats * WINDOW]
        )
        if len(candidates) < seats:
            return None
        free = _lock_free_players(candidates)
        group = list(
            QueueEntry.objects.filter(seats=seats, rated=rated, player_id__in=free)
            .order_by("since", "player_id")
            .select_related("player")[:seats]
        )
        if len(group) < seats:
            return False
        race = _matched_race([entry.player for entry in group], seats)
        QueueEntry.objects.filter(player_id__in=[entry.player_id for entry in group]).delete()
    return race


def _lock_queue(seats: int, rated: bool) -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_lock_key(seats, rated)])


def _lock_key(seats: int, rated: bool) -> int:
    """One advisory lock per queue: the casual queue's the seat count's, the rated queue's
    beside it (``RATED_LOCK``)."""
    return LOCK_BASE + seats + (RATED_LOCK if rated else 0)


def _lock_free_players(player_ids: list[int]) -> list[int]:
    """Lock the candidates' player rows that no other transaction holds; the others are
    skipped (SQLite: every one, its writers being serialised already)."""
    query = Player.objects.filter(pk__in=player_ids).order_by("pk")
    if connection.features.has_select_for_update_skip_locked:
        query = query.select_for_update(skip_locked=True, no_key=True)
    return list(query.values_list("pk", flat=True))


def _matched_race(players: list[Player], seats: int) -> Race:
    """A race for the matched players: all ready, the countdown started."""
    host = players[0]
    race = services._new_race(host, seats, rules.DEFAULT_TIME_LIMIT_S, None, None)
    race.matched = True
    services._add_members(race, players, ready=True)
    services._count_down(race)
    payload, games = changed(race, "matched", host, ", ".join(str(p.pk) for p in players))
    player_ids = [p.pk for p in players]
    transaction.on_commit(lambda: _tell_matched(player_ids, payload, games), robust=True)
    return race


def _tell_matched(player_ids: list[int], payload: dict[str, Any], games: dict[str, int]) -> None:
    try:
        race_matched.send(sender=__name__, player_ids=player_ids, payload=payload, games=games)
    except Exception:  # committed already; players also learn it from GET /matchmaking
        logger.exception("Could not tell players %s of race %s", player_ids, payload["id"])
