"""The life of a race up to its start and around it (SPEC §8): create, join, ready, start,
leave, cancel, rematch — one function each, one transaction each.

Each change takes its locks in the order of :mod:`games.races.changes` and ends with
:func:`~games.races.changes.changed` (the version, the timeline, the publication after commit).
What happens at the race's moments and at its end — running at ``starts_at``, a member's
progress, finishing, standings, ratings, disqualification — is :mod:`games.races.settlement`;
a change that depends on the race's moment settles it first.
"""

from __future__ import annotations

import contextlib
import datetime as dt

from django.conf import settings
from django.db import IntegrityError, transaction

from games.core import clock
from games.core.rows import row_id
from games.engine import DealCode, EngineError
from games.play import services as play
from games.players.models import Player

from .changes import changed, lock_player, locked_race
from .errors import (
    AlreadyInRace,
    InviteNotFound,
    MembersNotReady,
    NotRaceHost,
    RaceFull,
    RaceNeedsTwo,
    RaceNotFinished,
    RaceNotFound,
    RaceNotOpen,
    RaceOver,
)
from .invites import clean_invite, new_invite
from .models import QueueEntry, Race, RaceMember
from .rules import DEFAULT_TIME_LIMIT_S
from .selectors import active_membership, members_of
from .settlement import settle_due


# -- membership ------------------------------------------------------------------------------
def ensure_free(player: Player) -> None:
    """Refuse a second unfinished race (a race past its moment is settled first)."""
    member = active_membership(player)
    if member is not None:
        race = settle_due(member.race_id)
        if race is not None and race.is_unfinished:
            raise AlreadyInRace(
                f"Player {player.pk} is already in race {race.pk}.", race_id=race.pk
            )


# -- creating and joining --------------------------------------------------------------------
def create_race(
    player: Player,
    seats: int,
    time_limit_s: int = DEFAULT_TIME_LIMIT_S,
    deal_code: str | None = None,
    *,
    rematch_of: Race | None = None,
    public: bool = False,
) -> Race:
    """A new open race with ``player`` as its host and first member (the use cases refuse
    today's daily deal first: :func:`games.actions.create_race`). ``public``: listed among the
    open races and joined by id; else (the default) joined by its invite only."""
    code = DealCode.parse(deal_code) if deal_code is not None else None
    with transaction.atomic():
        lock_player(player)
        ensure_free(player)
        _leave_queue(player)
        race = _new_race(player, seats, time_limit_s, code, rematch_of, public)
        _add_member(race, player)
        changed(race, "created", player, f"{seats} seats, {time_limit_s} s")
    return race


def _new_race(
    host: Player,
    seats: int,
    time_limit_s: int,
    code: DealCode | None,
    rematch_of: Race | None,
    public: bool = False,
) -> Race:
    for _attempt in range(10):
        try:
            with transaction.atomic():
                return Race.objects.create(
                    invite=new_invite(),
                    host=host,
                    seats=seats,
                    time_limit_s=time_limit_s,
                    requested_code=code.text if code else "",
                    rematch_of=rematch_of,
                    public=public,
                    created_at=clock.now(),
                    version=0,
                )
        except IntegrityError:  # an invite code already taken: draw another
            continue
    raise RuntimeError("Could not draw a free invite code")


def _add_member(race: Race, player: Player, ready: bool = False) -> RaceMember:
    return RaceMember.objects.create(race=race, player=player, joined_at=clock.now(), ready=ready)


def _add_members(race: Race, players: list[Player], ready: bool = False) -> None:
    """The players as members, in one INSERT (their order is the joining order)."""
    now = clock.now()
    RaceMember.objects.bulk_create(
        RaceMember(race=race, player=player, joined_at=now, ready=ready) for player in players
    )


def _leave_queue(player: Player) -> None:
    QueueEntry.objects.filter(player=player).delete()


def join(player: Player, invite: object) -> Race:
    """Join the race of an invite code (the caller's own race again: nothing changes)."""
    code = clean_invite(invite)
    race_id = (
        Race.objects.filter(invite=code).values_list("pk", flat=True).first() if code else None
    )
    if race_id is None:
        raise InviteNotFound("No race has this invite code.", invite=str(invite)[:20])
    return join_race(player, race_id)


def join_public(player: Player, race_id: object) -> Race:
    """Join a public race by its id (no invite). A private race is ``race_not_found``, as one
    that does not exist: its id tells nobody it is there."""
    key = row_id(race_id)
    if key is None or not Race.objects.filter(pk=key, public=True).exists():
        raise RaceNotFound(f"There is no public race {race_id}.", race_id=race_id)
    return join_race(player, key)


def join_race(player: Player, race_id: int) -> Race:
    with transaction.atomic():
        lock_player(player)
        mine = active_membership(player)
        if mine is not None and mine.race_id == race_id:
            return Race.objects.get(pk=race_id)
        ensure_free(player)
        race = locked_race(race_id)
        if race.status != Race.Status.OPEN:
            raise RaceNotOpen(
                f"Race {race.pk} is {race.status}.", race_id=race.pk, status=race.status
            )
        if race.members.filter(left_at__isnull=True).count() >= race.seats:
            raise RaceFull(f"Race {race.pk} is full.", race_id=race.pk, seats=race.seats)
        _leave_queue(player)
        _add_member(race, player)
        changed(race, "joined", player)
    return race


def set_ready(player: Player, race_id: object, ready: bool) -> Race:
    with transaction.atomic():
        race = locked_race(race_id)
        member = _member(race, player)
        if race.status != Race.Status.OPEN:
            raise RaceNotOpen(
                f"Race {race.pk} is {race.status}.", race_id=race.pk, status=race.status
            )
        if member.ready != ready:
            member.ready = ready
            member.save(update_fields=["ready"])
            changed(race, "ready" if ready else "not_ready", player)
    return race


def _member(race: Race, player: Player) -> RaceMember:
    member = race.members.filter(player=player).first()
    if member is None:
        raise RaceNotFound(f"There is no race {race.pk}.", race_id=race.pk)
    return member


# -- starting --------------------------------------------------------------------------------
def countdown_delta() -> dt.timedelta:
    return dt.timedelta(milliseconds=settings.HALFMOON_RACE_COUNTDOWN_MS)


def start(player: Player, race_id: object) -> Race:
    """The host starts: at least two members, all ready; ``starts_at`` a countdown ahead."""
    with transaction.atomic():
        race = locked_race(race_id)
        _member(race, player)
        if race.host_id != player.pk:
            raise NotRaceHost("Only the race's host may start it.", race_id=race.pk)
        if race.status != Race.Status.OPEN:
            raise RaceNotOpen(
                f"Race {race.pk} is {race.status}.", race_id=race.pk, status=race.status
            )
        members = list(race.members.all())
        if len(members) < 2:
            raise RaceNeedsTwo(
                "A race starts with at least two members.", race_id=race.pk, members=len(members)
            )
        not_ready = [m.player_id for m in members if not m.ready]
        if not_ready:
            raise MembersNotReady(
                "Every member must be ready.", race_id=race.pk, not_ready=not_ready
            )
        _count_down(race)
        changed(race, "countdown", player)
    return race


def _count_down(race: Race) -> None:
    race.status = Race.Status.COUNTDOWN
    race.starts_at = clock.now() + countdown_delta()
    race.ends_at = race.starts_at + dt.timedelta(seconds=race.time_limit_s)


# -- leaving, cancelling, rematch ------------------------------------------------------------
class _StartedMeanwhile(Exception):
    """The race started running while a leave waited for it: leave again, resigning."""


def leave(player: Player, race_id: object) -> Race:
    """Leave a race: before the start the seat is freed (the host's role passes on, and a race
    left empty is cancelled; a countdown goes back to open); a running race is resigned."""
    for _attempt in range(3):
        try:
            return _leave(player, race_id)
        except _StartedMeanwhile:
            continue
    raise RuntimeError(f"Could not leave race {race_id}")


def _leave(player: Player, race_id: object) -> Race:
    race = settle_due(race_id)
    if race is None:
        raise RaceNotFound(f"There is no race {race_id}.", race_id=race_id)
    with transaction.atomic():
        lock_player(player)
        member = RaceMember.objects.filter(race_id=race.pk, player=player).first()
        if member is None:
            raise RaceNotFound(f"There is no race {race_id}.", race_id=race_id)
        had_game = member.game_id is not None
        if had_game and member.left_at is None:
            _resign_member_game(player, member)  # locks the game, then the race
        race = locked_race(race.pk)
        member.refresh_from_db()
        if race.status in (Race.Status.OPEN, Race.Status.COUNTDOWN):
            _free_seat(race, member, player)
        elif race.status == Race.Status.RUNNING and member.left_at is None:
            if not had_game:  # it started while we waited: resign first, in lock order
                raise _StartedMeanwhile
            member.left_at, member.active = clock.now(), False
            member.save(update_fields=["left_at", "active"])
            changed(race, "left", player)
    return race


def _resign_member_game(player: Player, member: RaceMember) -> None:
    """Leaving a running race resigns (the race may end with it); a game already over, or a
    race already over, leaves nothing to resign."""
    assert member.game_id is not None
    with contextlib.suppress(EngineError, RaceOver):
        play.resign(player, member.game_id)  # the race hears of it: game_changing


def _free_seat(race: Race, member: RaceMember, player: Player) -> None:
    member.delete()
    rest = members_of(race)
    if not rest:
        race.status = Race.Status.CANCELLED
        race.finished_at = clock.now()
        race.end_reason = "cancelled"
        changed(race, "cancelled", player, "everybody left")
        return
    if race.status == Race.Status.COUNTDOWN:
        race.status, race.starts_at, race.ends_at = Race.Status.OPEN, None, None
    if race.host_id == player.pk:
        race.host = rest[0].player
    changed(race, "left", player)


def cancel(player: Player, race_id: object) -> Race:
    with transaction.atomic():
        race = locked_race(race_id)
        _member(race, player)
        if race.host_id != player.pk:
            raise NotRaceHost("Only the race's host may cancel it.", race_id=race.pk)
        if race.status not in (Race.Status.OPEN, Race.Status.COUNTDOWN) or (
            race.starts_at is not None and clock.now() >= race.starts_at
        ):
            raise RaceNotOpen(f"Race {race.pk} has started.", race_id=race.pk, status=race.status)
        race.status, race.finished_at, race.end_reason = (
            Race.Status.CANCELLED,
            clock.now(),
            "cancelled",
        )
        race.members.update(active=False)
        changed(race, "cancelled", player)
    return race


def rematch(player: Player, race_id: object) -> Race:
    """A new race for the same members: the first call creates it (the caller its host), the
    members accept by joining it; a later call of another member joins the same one."""
    race = settle_due(race_id)
    if race is None or not race.members.filter(player=player).exists():
        raise RaceNotFound(f"There is no race {race_id}.", race_id=race_id)
    if race.status != Race.Status.FINISHED:
        raise RaceNotFinished(
            f"Race {race.pk} is {race.status}.", race_id=race.pk, status=race.status
        )
    with transaction.atomic():
        lock_player(player)
        old = locked_race(race.pk)
        existing = Race.objects.filter(rematch_of=old).first()
        if existing is None:
            new = create_race(player, old.seats, old.time_limit_s, rematch_of=old)
            changed(old, "rematch", player, f"race {new.pk}")
            return new
    return join_race(player, existing.pk)
