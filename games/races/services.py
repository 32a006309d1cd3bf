"""Every change of a race (SPEC §8), one function each, one transaction each.

Same pattern as the other domains: row locks, a version check by status, the race's new
representation published after commit (``games.core.signals.race_changed``), a line in the
race's timeline (:class:`RaceEvent`).

Locks are always taken in one order, so that no two changes wait on each other: the player's
row (membership: one unfinished race per player), then a member's game row (a game change, in
``games.play``), then the race row, then rating rows (by player id). A member's progress is
written by :func:`progressed`, which a game change runs inside its transaction (``within``)
after locking its game: the race row lock orders the members' changes, and the first change
that ends the race is the only one that does.

Time: ``starts_at`` and ``ends_at`` are fixed when the host starts. Moving a race on at those
moments is :func:`settle_due`: idempotent, called by every read and act on the race (so a race
is never seen past its moment unsettled), by a timer in every socket process that has a member
watching (so every member hears the end within a second), and by ``manage.py settle_races``.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q

from games.core import clock
from games.core.rows import row_id
from games.core.signals import race_changed
from games.engine import DealCode, EngineError, Status
from games.play import services as play
from games.play.models import Game
from games.play.standings import standing_key
from games.players.models import Player

from . import ratings
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
    ResultAlreadyDisqualified,
)
from .invites import clean_invite, new_invite
from .models import QueueEntry, Race, RaceEvent, RaceMember, Rating
from .presentation import games_of, race_payload

logger = logging.getLogger(__name__)

DEFAULT_TIME_LIMIT_S = 900
MAX_TIME_LIMIT_S = 3600
MIN_SEATS, MAX_SEATS = 2, 8
Result = RaceMember.Result


# -- reading under lock ----------------------------------------------------------------------
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


def members_of(race: Race) -> list[RaceMember]:
    return list(race.members.select_related("player").order_by("joined_at", "id"))


def active_membership(player: Player) -> RaceMember | None:
    """The player's membership of an unfinished race they have not left."""
    return RaceMember.objects.select_related("race").filter(player=player, active=True).first()


def ensure_free(player: Player) -> None:
    """Refuse a second unfinished race (a race past its moment is settled first)."""
    member = active_membership(player)
    if member is not None:
        race = settle_due(member.race_id)
        if race is not None and race.is_unfinished:
            raise AlreadyInRace(
                f"Player {player.pk} is already in race {race.pk}.", race_id=race.pk
            )


# -- publishing ------------------------------------------------------------------------------
def changed(
    race: Race, kind: str, player: Player | None = None, detail: str = "", *, log: bool = True
) -> None:
    """Inside the change's transaction: bump the version, add the event to the race's
    timeline (``log``; a member's progress is in their game's log instead), publish on
    commit."""
    race.version += 1
    race.save()
    if log:
        RaceEvent.objects.create(
            race=race, at=clock.now(), kind=kind, player=player, detail=detail[:200]
        )
    members = members_of(race)
    payload = race_payload(race, members)
    games = games_of(members)
    transaction.on_commit(lambda: publish(payload, games), robust=True)


def publish(payload: dict[str, Any], games: dict[str, int]) -> None:
    try:
        race_changed.send(sender=__name__, payload=payload, games=games)
    except Exception:  # committed already; members resynchronise from `version`
        logger.exception("Could not publish race %s version %s", payload["id"], payload["version"])


# -- creating and joining --------------------------------------------------------------------
def create_race(
    player: Player,
    seats: int,
    time_limit_s: int = DEFAULT_TIME_LIMIT_S,
    deal_code: str | None = None,
    *,
    rematch_of: Race | None = None,
) -> Race:
    """A new open race with ``player`` as its host and first member (the use cases refuse
    today's daily deal first: :func:`games.actions.create_race`)."""
    code = DealCode.parse(deal_code) if deal_code is not None else None
    with transaction.atomic():
        lock_player(player)
        ensure_free(player)
        _leave_queue(player)
        race = _new_race(player, seats, time_limit_s, code, rematch_of)
        _add_member(race, player)
        changed(race, "created", player, f"{seats} seats, {time_limit_s} s")
    return race


def _new_race(
    host: Player, seats: int, time_limit_s: int, code: DealCode | None, rematch_of: Race | None
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
                    created_at=clock.now(),
                    version=0,
                )
        except IntegrityError:  # an invite code already taken: draw another
            continue
    raise RuntimeError("Could not draw a free invite code")


def _add_member(race: Race, player: Player, ready: bool = False) -> RaceMember:
    return RaceMember.objects.create(race=race, player=player, joined_at=clock.now(), ready=ready)


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


def settle_due(race_id: object) -> Race | None:
    """Move the race on if one of its moments has passed: at ``starts_at`` it runs (each
    member gets a game of its deal), at ``ends_at`` it finishes. Idempotent; safe from any
    number of processes at once (the race row is locked and its status checked again).
    Returns the race (None when it does not exist)."""
    key = row_id(race_id)
    race = Race.objects.filter(pk=key).first() if key is not None else None
    if race is None or not _due(race, clock.now()):
        return race
    closing: list[RaceMember] = []
    with transaction.atomic():
        race = Race.objects.select_for_update().get(pk=race.pk)
        now = clock.now()
        if race.status == Race.Status.COUNTDOWN and race.starts_at and now >= race.starts_at:
            _run(race)
        if race.status == Race.Status.RUNNING and race.ends_at and now >= race.ends_at:
            closing = _finish(race, "time")
    if closing:
        transaction.on_commit(lambda: close_games(closing), robust=True)
    return race


def _due(race: Race, now: dt.datetime) -> bool:
    if race.status == Race.Status.COUNTDOWN:
        return race.starts_at is not None and now >= race.starts_at
    return race.status == Race.Status.RUNNING and race.ends_at is not None and now >= race.ends_at


def _run(race: Race) -> None:
    """At ``starts_at``: the deal is drawn (or the requested one taken) and every member gets
    a game of it that started at ``starts_at``."""
    code = DealCode.parse(race.requested_code) if race.requested_code else DealCode.random()
    deal = play.deal_for(code)
    race.deal = deal
    race.status = Race.Status.RUNNING
    for member in race.members.select_related("player"):
        outcome = play.create_game(member.player, deal, race=race, started_at=race.starts_at)
        member.game = outcome.game
        member.game_status = outcome.game.status
        member.cards_left = outcome.board.cards_left
        member.save(update_fields=["game", "game_status", "cards_left"])
    changed(race, "running", None, deal.code)


# -- progress and the end --------------------------------------------------------------------
def progressed(game: Game) -> None:
    """Inside a game change's transaction (``within``): a race member's game changed.

    Refuses (rolling the change back) once the race has ended or its time is up; copies the
    progress (numbers only); ends the race at the first win or when every game is over.
    """
    if game.race_id is None:
        return
    race = Race.objects.select_for_update().get(pk=game.race_id)
    now = clock.now()
    if race.status != Race.Status.RUNNING or (race.ends_at is not None and now >= race.ends_at):
        raise RaceOver(
            f"Race {race.pk} has ended: game {game.pk} no longer changes.",
            race_id=race.pk,
            game_id=game.pk,
        )
    member = RaceMember.objects.get(race=race, game_id=game.pk)
    pairs_and_triples = (game.score, game.moves, game.status)
    if (member.score, member.moves, member.game_status) == pairs_and_triples:
        return  # a tap that only selected: no progress
    member.score, member.moves, member.game_status = pairs_and_triples
    member.cards_left = cards_left(game.score, game.moves)
    member.ended_at = game.finished_at
    member.save(update_fields=["score", "moves", "game_status", "cards_left", "ended_at"])
    if game.status == Status.WON.value:
        closing = _finish(race, "won", member.player_id)
    elif not race.members.exclude(game_status__in=OVER_FOR_RACE).exists():
        closing = _finish(race, "all_over")
    else:
        changed(race, "progress", log=False)
        return
    transaction.on_commit(lambda: close_games(closing), robust=True)


#: A member's game no longer counts as playing for the race (a stalled game may undo, but
#: when every member is stalled or done the race is over).
OVER_FOR_RACE = (Status.WON.value, Status.RESIGNED.value, Status.STALLED.value)


def cards_left(score: int, moves: int) -> int:
    """Cards on the table from the score and the move counter: a pair scores 10, a triple
    15, so triples = (score − 10·moves) / 5 and pairs = moves − triples."""
    triples = (score - 10 * moves) // 5
    pairs = moves - triples
    return 104 - 2 * pairs - 3 * triples


def _finish(race: Race, reason: str, winner_id: int | None = None) -> list[RaceMember]:
    """The race ends now (its row locked): standings, ratings, the members freed. Returns
    the members whose games are still open, to be closed after commit."""
    now = clock.now()
    ended_at = min(now, race.ends_at) if reason == "time" and race.ends_at else now
    race.status = Race.Status.FINISHED
    race.finished_at = ended_at
    race.end_reason = reason
    members = list(race.members.select_related("player", "game"))
    for member in members:
        game = member.game
        if game is None:
            continue
        member.score, member.moves, member.game_status = game.score, game.moves, game.status
        member.cards_left = cards_left(game.score, game.moves)
        member.result = _result_of(game.status)
        member.ended_at = game.finished_at if game.finished_at else ended_at
        member.elapsed_ms = _ms(member.ended_at - (race.starts_at or member.ended_at))
    _rank(members)
    _rate(members)
    for member in members:
        member.active = False
        member.save()
    changed(race, "finished", None, reason + (f" by player {winner_id}" if winner_id else ""))
    return [m for m in members if m.game is not None and not Status(m.game.status).is_over]


def _result_of(status: str) -> str:
    return {
        Status.WON.value: Result.WON,
        Status.RESIGNED.value: Result.RESIGNED,
        Status.STALLED.value: Result.STALLED,
    }.get(status, Result.UNFINISHED)


def _ms(delta: dt.timedelta) -> int:
    return max(0, delta // dt.timedelta(milliseconds=1))


def _rank(members: Iterable[RaceMember]) -> list[RaceMember]:
    """Rank the members with a result that are not disqualified (the others get no rank)."""
    ranked = sorted(
        (m for m in members if m.result and m.disqualified_at is None and m.game_id),
        key=lambda m: standing_key(
            m.result == Result.WON,
            m.score,
            m.elapsed_ms or 0,
            m.ended_at or dt.datetime.max.replace(tzinfo=dt.UTC),
            m.game_id or 0,
        ),
    )
    for member in members:
        member.rank = None
    for rank, member in enumerate(ranked, start=1):
        member.rank = rank
    return ranked


def _rate(members: list[RaceMember]) -> None:
    """Update the ranked members' ratings from the standings (two at least), recording each
    member's rating before and after and the change of its ordinal."""
    ranked = sorted((m for m in members if m.rank is not None), key=lambda m: m.rank or 0)
    if len(ranked) < 2:
        return
    rows = _locked_ratings([m.player_id for m in ranked])
    before = [ratings.Skill(rows[m.player_id].mu, rows[m.player_id].sigma) for m in ranked]
    after = ratings.rate(before)
    now = clock.now()
    for member, old, new in zip(ranked, before, after, strict=True):
        row = rows[member.player_id]
        row.mu, row.sigma, row.ordinal = new.mu, new.sigma, new.ordinal
        row.races += 1
        row.updated_at = now
        row.save()
        member.mu_before, member.sigma_before = old.mu, old.sigma
        member.mu_after, member.sigma_after = new.mu, new.sigma
        member.rating_change = new.ordinal - old.ordinal


def _locked_ratings(player_ids: list[int]) -> dict[int, Rating]:
    start = ratings.initial()
    for player_id in sorted(player_ids):
        Rating.objects.get_or_create(
            player_id=player_id,
            defaults={"mu": start.mu, "sigma": start.sigma, "ordinal": start.ordinal},
        )
    rows = Rating.objects.select_for_update().filter(player_id__in=player_ids).order_by("player")
    return {row.player_id: row for row in rows}


def close_games(members: list[RaceMember]) -> None:
    """After the end: the games still open are resigned by the server (each in its own
    transaction), so that they end with their race. A game that ended meanwhile is left."""
    for member in members:
        if member.game_id is None:
            continue
        try:
            play.resign(member.player, member.game_id)
        except EngineError:
            continue  # already over
        except Exception:
            logger.exception("Could not close game %s of race %s", member.game_id, member.race_id)


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
        play.resign(player, member.game_id, within=progressed)


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


# -- staff -----------------------------------------------------------------------------------
def disqualify_member(race_id: object, player_id: object, reason: str) -> Race:
    """Take a member's result out of a finished race: the standings close up and every rating
    change of the race is undone, then the others are rated again from the new standings."""
    with transaction.atomic():
        race = locked_race(race_id)
        if race.status != Race.Status.FINISHED:
            raise RaceNotFinished(
                f"Race {race.pk} is {race.status}.", race_id=race.pk, status=race.status
            )
        members = list(race.members.select_related("player", "game"))
        target = next((m for m in members if str(m.player_id) == str(player_id)), None)
        if target is None:
            raise RaceNotFound(f"Player {player_id} is not in race {race.pk}.", race_id=race.pk)
        if target.disqualified_at is not None:
            raise ResultAlreadyDisqualified(
                "This result is already disqualified.", race_id=race.pk, player_id=target.player_id
            )
        _undo_ratings(members)
        target.disqualified_at, target.disqualified_reason = clock.now(), reason
        _rank(members)
        _rate(members)
        for member in members:
            member.save()
        changed(race, "disqualified", target.player, reason)
    return race


def _undo_ratings(members: list[RaceMember]) -> None:
    """Take back what this race did to each rated member's rating (by the change it made:
    races the player finished since keep their own effect)."""
    rated = [m for m in members if m.mu_after is not None]
    if not rated:
        return
    rows = _locked_ratings([m.player_id for m in rated])
    for member in rated:
        row = rows[member.player_id]
        row.mu -= (member.mu_after or 0) - (member.mu_before or 0)
        row.sigma -= (member.sigma_after or 0) - (member.sigma_before or 0)
        row.ordinal = ratings.Skill(row.mu, row.sigma).ordinal
        row.races = max(0, row.races - 1)
        row.save()
        member.mu_before = member.sigma_before = member.mu_after = member.sigma_after = None
        member.rating_change = None


def due_race_ids(limit: int = 1000) -> list[int]:
    """Races whose ``starts_at`` (counting down) or ``ends_at`` (running) has passed."""
    now = clock.now()
    return list(
        Race.objects.filter(
            Q(status=Race.Status.COUNTDOWN, starts_at__lte=now)
            | Q(status=Race.Status.RUNNING, ends_at__lte=now)
        )
        .order_by("pk")
        .values_list("pk", flat=True)[:limit]
    )
