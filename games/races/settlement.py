"""Moving a race on and ending it (SPEC §8): its moments, its members' progress, the end
(standings, ratings, the games left open), and staff taking a result out again.

Time: ``starts_at`` and ``ends_at`` are fixed when the host starts. Moving a race on at those
moments is :func:`settle_due`: idempotent, run before a race is read (the selectors only read:
:func:`games.actions.race_for` settles, then reads) and by the acts that depend on its moment
(leaving, a rematch, joining or queueing while in a race, a change refused as ``race_over``), so
a race is never seen past its moment unsettled; by a timer in every socket process that has a
member watching (so every member hears the end within a second); and by
``manage.py settle_races`` (:func:`due_race_ids`).

A member's progress is written by :func:`progressed`, which a game change runs inside its
transaction (``game_changing``) after locking its game: the race row lock orders the members'
changes, and the first change that ends the race is the only one that does. Locks follow the
order of :mod:`games.races.changes`.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Iterable
from itertools import combinations

from django.db import transaction
from django.db.models import Q

from games.core import clock
from games.core.rows import row_id
from games.engine import DealCode, EngineError, Status
from games.play import services as play
from games.play.models import Game
from games.play.standings import standing_of

from . import ratings, rules
from .changes import changed, locked_race
from .errors import (
    DealInRace,
    RaceNotFinished,
    RaceNotFound,
    RaceOver,
    ResultAlreadyDisqualified,
)
from .events import race_finishing
from .models import Race, RaceMember, Rating
from .selectors import members_of

logger = logging.getLogger(__name__)

Result = RaceMember.Result

#: A member's game no longer counts as playing for the race (a stalled game may undo, but
#: when every member is stalled or done the race is over).
OVER_FOR_RACE = (Status.WON.value, Status.RESIGNED.value, Status.STALLED.value)


# -- the moments -----------------------------------------------------------------------------
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


def _run(race: Race) -> None:
    """At ``starts_at``: the deal is drawn (or the requested one taken) and every member gets
    a game of it that started at ``starts_at``."""
    code = DealCode.parse(race.requested_code) if race.requested_code else DealCode.random()
    deal = play.deal_for(code)
    race.deal = deal
    race.status = Race.Status.RUNNING
    members = members_of(race)
    race.rated = rules.would_be_rated(race, members)  # fixed from now on
    for member in members:
        outcome = play.create_game(member.player, deal, race=race, started_at=race.starts_at)
        member.game = outcome.game
        member.game_status = outcome.game.status
        member.cards_left = outcome.board.cards_left
        member.save(update_fields=["game", "game_status", "cards_left"])
    changed(race, "running", None, deal.code)


# -- progress and the end --------------------------------------------------------------------
def progressed(game: Game) -> None:
    """Inside a game change's transaction (``game_changing``): a race member's game changed.

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
    member.ended_at = game.finished_at  # won, resigned or stalled: its end for the race
    fields = ["score", "moves", "game_status", "cards_left", "ended_at"]
    if member.first_move_at is None and game.moves > 0:
        member.first_move_at = game.updated_at  # the moment of the member's first removal
        fields.append("first_move_at")
    member.save(update_fields=fields)
    if game.status == Status.WON.value:
        closing = _finish(race, "won", member.player_id)
    elif not race.members.exclude(game_status__in=OVER_FOR_RACE).exists():
        closing = _finish(race, "all_over")
    else:
        changed(race, "progress", log=False)
        return
    transaction.on_commit(lambda: close_games(closing), robust=True)


def refuse_raced_deal(game: Game) -> None:
    """Inside a game change's transaction (``game_changing``), for a game outside any race: from the
    countdown to the end of a race its owner is a member of, their other games of that race's
    deal do not change (``deal_in_race``, rolling the change back); after the end they go on.

    The owner's unfinished races are locked (the race row, after the game row: the order of
    :mod:`games.races.changes`), so a change arriving as the countdown starts resolves to one
    outcome: it commits before the countdown, or waits for it and is refused.

    A change's own statement has already said, after the game's row lock, whether the owner is
    a member of any race not yet over (``game.owner_racing``, on PostgreSQL): when not, there
    is no race row to lock and no statement here.
    """
    if game.race_id is not None or game.owner_racing is False:
        return
    races = (
        Race.objects.select_for_update(of=("self",))
        .filter(members__player_id=game.owner_id, status__in=Race.UNFINISHED)
        .order_by("pk")
    )
    now = clock.now()
    code = game.deal.code
    for race in races:
        counting_down = race.status == Race.Status.COUNTDOWN and race.requested_code == code
        running = (
            race.status == Race.Status.RUNNING
            and race.deal_id == game.deal_id
            and (race.ends_at is None or now < race.ends_at)
        )
        if counting_down or running:
            raise DealInRace(
                f"Game {game.pk} is of the deal race {race.pk} plays: it waits for the end.",
                deal_code=code,
            )


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
    _rate(race, members)
    for member in members:
        member.active = False
        member.save()
    changed(race, "finished", None, reason + (f" by player {winner_id}" if winner_id else ""))
    race_finishing.send(race)  # the webhooks of race.finished
    return [m for m in members if m.game is not None and not Status(m.game.status).is_over]


def _result_of(status: str) -> str:
    return {
        Status.WON.value: Result.WON,
        Status.RESIGNED.value: Result.RESIGNED,
        Status.STALLED.value: Result.STALLED,
    }.get(status, Result.UNFINISHED)


def _ms(delta: dt.timedelta) -> int:
    return max(0, delta // dt.timedelta(milliseconds=1))


def _place(member: RaceMember) -> tuple[int, dt.datetime]:
    """A result's place in the §7 order: won first, then higher score, then lower
    ``elapsed_ms``, then the earlier end. Results equal on all of it are tied."""
    return (
        standing_of(member.result == Result.WON, member.score, member.elapsed_ms or 0),
        member.ended_at or dt.datetime.max.replace(tzinfo=dt.UTC),
    )


def _rank(members: Iterable[RaceMember]) -> list[RaceMember]:
    """Rank the members with a result that are not disqualified (the others get no rank).
    Tied results share a rank (the next result's rank counts them all: 1, 1, 3); within a tie
    the lower game id is listed first."""
    members = list(members)
    ranked = sorted(
        (m for m in members if m.result and m.disqualified_at is None and m.game_id),
        key=lambda m: (_place(m), m.game_id or 0),
    )
    for member in members:
        member.rank = None
    previous: tuple[int, dt.datetime] | None = None
    rank = 0
    for position, member in enumerate(ranked, start=1):
        if _place(member) != previous:
            rank, previous = position, _place(member)
        member.rank = rank
    return ranked


def _rate(race: Race, members: list[RaceMember]) -> None:
    """Rate a rated race from its standings (:mod:`games.races.rules`): the ranked members who
    moved in time or forfeited, two at least (else the race is ``aborted``), each against the
    others who count for them (the same-opponent limit), tied ranks as ties; records each rated
    member's rating before and after and the change of its ordinal."""
    for member in members:
        member.rated = False
    if not race.rated:
        race.aborted = False
        return
    ranked = [m for m in members if m.rank is not None]
    in_time = [m for m in ranked if rules.moved_in_time(race, m)]
    movers = sorted(
        in_time + [m for m in ranked if m not in in_time and rules.forfeited(m, in_time)],
        key=lambda m: (m.rank or 0, m.game_id or 0),
    )
    race.aborted = len(movers) < 2
    if race.aborted:
        return
    together = _rated_together_today(race, [m.player_id for m in movers])
    rows = _locked_ratings([m.player_id for m in movers])
    before = {
        m.player_id: ratings.Skill(rows[m.player_id].mu, rows[m.player_id].sigma) for m in movers
    }
    now = clock.now()
    for member in movers:
        field = [
            m
            for m in movers
            if m is member
            or together.get(frozenset((member.player_id, m.player_id)), 0)
            < rules.SAME_OPPONENT_PER_DAY
        ]
        if len(field) < 2:
            continue  # nobody left to count against today: the rating stays
        after = ratings.rate([before[m.player_id] for m in field], [m.rank or 0 for m in field])
        old, new = before[member.player_id], after[field.index(member)]
        row = rows[member.player_id]
        row.mu, row.sigma, row.ordinal = new.mu, new.sigma, new.ordinal
        row.races += 1
        row.updated_at = now
        row.save()
        member.rated = True
        member.mu_before, member.sigma_before = old.mu, old.sigma
        member.mu_after, member.sigma_after = new.mu, new.sigma
        member.rating_change = new.ordinal - old.ordinal


def _rated_together_today(race: Race, player_ids: list[int]) -> dict[frozenset[int], int]:
    """For each two of ``player_ids``: the rated races of the same UTC day as this race's end,
    ended before it, in which both were rated."""
    assert race.finished_at is not None
    day = race.finished_at.astimezone(dt.UTC).date()
    day_start = dt.datetime.combine(day, dt.time.min, tzinfo=dt.UTC)
    earlier = Q(race__finished_at__lt=race.finished_at) | Q(
        race__finished_at=race.finished_at, race_id__lt=race.pk
    )
    rows = (
        RaceMember.objects.filter(rated=True, player_id__in=player_ids)
        .filter(race__finished_at__gte=day_start)
        .filter(earlier)
        .exclude(race_id=race.pk)
        .values_list("race_id", "player_id")
    )
    by_race: dict[int, set[int]] = {}
    for race_id, player_id in rows:
        by_race.setdefault(race_id, set()).add(player_id)
    counts: dict[frozenset[int], int] = {}
    for players in by_race.values():
        for pair in combinations(sorted(players), 2):
            key = frozenset(pair)
            counts[key] = counts.get(key, 0) + 1
    return counts


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
        try:  # as of its end for the race (the race's end if it was still playing)
            play.resign(member.player, member.game_id, ended_at=member.ended_at, told=False)
        except EngineError:
            continue  # already over
        except Exception:
            logger.exception("Could not close game %s of race %s", member.game_id, member.race_id)


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
        _rate(race, members)
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
        assert member.mu_before is not None and member.sigma_before is not None
        if (row.mu, row.sigma) == (member.mu_after, member.sigma_after):
            row.mu, row.sigma = member.mu_before, member.sigma_before  # nothing since: exact
        else:
            row.mu -= (member.mu_after or 0) - member.mu_before
            row.sigma -= (member.sigma_after or 0) - member.sigma_before
        row.ordinal = ratings.Skill(row.mu, row.sigma).ordinal
        row.races = max(0, row.races - 1)
        row.save()
        member.mu_before = member.sigma_before = member.mu_after = member.sigma_after = None
        member.rating_change = None
        member.rated = False
