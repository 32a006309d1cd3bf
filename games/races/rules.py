"""The fair-play rules of races (SPEC §8), declared once: which races are rated, who takes
part in a race's rating, and how often the same two players count against each other.

- A race is **rated** when the server draws its deal (no ``deal_code`` was asked for) and
  every member has credentials (an account, SPEC §9); otherwise it is **casual**: it changes
  no rating. Before the start the mark says what the race would be now; it is fixed when the
  race starts running.
- A member takes part in the rating only if their first removal came within
  :data:`FIRST_MOVE_WINDOW` of ``starts_at`` (inclusive; or by ``ends_at`` if the race is
  shorter) — or if they **forfeited**: resigned or left before any removal of their own,
  after another member who takes part had made theirs; a forfeit is rated as the loss it is
  (issue 37: otherwise a member seeing they are behind resigns to void the race). A rated
  race with fewer than two members taking part is **aborted**: nobody's rating changes (its
  standings still stand).
- The same two players count against each other in at most :data:`SAME_OPPONENT_PER_DAY`
  rated races a day (UTC, by the races' ends): in a later race each of the two is rated
  against the others only, and a member with nobody left to count against keeps their rating.
- A rating from fewer than ``ratings.ESTABLISHED_AFTER`` rated races is provisional.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.db.models import Q

from .models import Race, RaceMember

#: A race's time limit when its creator names none, and the longest one (seconds).
DEFAULT_TIME_LIMIT_S = 900
MAX_TIME_LIMIT_S = 3600
#: Seats of a race.
MIN_SEATS, MAX_SEATS = 2, 8

#: A member whose first removal comes later than this after ``starts_at`` takes no part in
#: the rating (at exactly 60 s it still counts).
FIRST_MOVE_WINDOW = dt.timedelta(seconds=60)
#: Rated races a day (UTC) in which the same two players are rated against each other.
SAME_OPPONENT_PER_DAY = 3

#: A player has credentials (SPEC §9) when a ``Credentials`` row of the accounts domain exists
#: for it (a player without one is anonymous). Read through the player's reverse relation: the
#: races and accounts domains are independent of each other.
CREDENTIALED = Q(credentials__isnull=False)
#: The same, of a race member's player (an annotation of member rows).
MEMBER_CREDENTIALED = Q(player__credentials__isnull=False)


def would_be_rated(race: Race, members: Iterable[RaceMember]) -> bool:
    """Whether the race is rated as it stands: no ``deal_code`` was asked for and every member
    has credentials (``members`` annotated with ``credentialed``, as
    :func:`games.races.selectors.members_of` reads them)."""
    return not race.requested_code and all(getattr(m, "credentialed", False) for m in members)


def is_rated(race: Race, members: Iterable[RaceMember]) -> bool:
    """``race.rated`` once it runs; before that, what it would be now."""
    if race.status in (Race.Status.OPEN, Race.Status.COUNTDOWN):
        return would_be_rated(race, members)
    return race.rated


def first_move_deadline(race: Race) -> dt.datetime | None:
    """The last moment a member's first removal lets them take part in the rating."""
    if race.starts_at is None:
        return None
    deadline = race.starts_at + FIRST_MOVE_WINDOW
    return min(deadline, race.ends_at) if race.ends_at is not None else deadline


def forfeited(member: RaceMember, movers: Iterable[RaceMember]) -> bool:
    """The member resigned (or left, which resigns) before any removal of their own, at or
    after the first removal of one of ``movers`` (the members who moved in time): a rated
    loss, not an absence. A race in which nobody had moved yet is not forfeited this way."""
    if member.first_move_at is not None or member.result != RaceMember.Result.RESIGNED:
        return False
    if member.ended_at is None:
        return False
    return any(
        other is not member
        and other.first_move_at is not None
        and other.first_move_at <= member.ended_at
        for other in movers
    )


def moved_in_time(race: Race, member: RaceMember) -> bool:
    deadline = first_move_deadline(race)
    return (
        deadline is not None
        and member.first_move_at is not None
        and member.first_move_at <= deadline
    )
