"""Reads of races: a race as a member sees it, who may see a race's game, whether a deal is
being raced, the ratings board and a player's race figures.

Reads only: a race is read as stored. A race past one of its moments moves on when it is
settled (:func:`games.races.settlement.settle_due`), which the callers do first — the use case
:func:`games.actions.race_for` settles, then reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core import signing
from django.db.models import Count, F, Q

from games.core import clock, replica
from games.core.errors import InvalidCursor
from games.core.rows import row_id
from games.engine import DealCode
from games.play.models import Game
from games.players.models import Player
from games.players.selectors import is_staff

from . import ratings, rules
from .errors import DealInRace, NotRated, RaceGameHidden, RaceNotFound
from .models import Race, RaceMember, Rating
from .presentation import (
    board_entry_payload,
    for_viewer,
    games_of,
    open_race_payload,
    race_payload,
    rating_payload,
)


def members_of(race: Race) -> list[RaceMember]:
    """The race's members in joining order, each with ``credentialed`` (whether its player
    has credentials: :data:`games.races.rules.MEMBER_CREDENTIALED`)."""
    return list(
        race.members.select_related("player")
        .annotate(credentialed=rules.MEMBER_CREDENTIALED)
        .order_by("joined_at", "id")
    )


def credentialed(player: Player) -> bool:
    """Whether the player has credentials (an account): the rated quick-match queue."""
    return Player.objects.filter(pk=player.pk).filter(rules.CREDENTIALED).exists()


def active_membership(player: Player) -> RaceMember | None:
    """The player's membership of an unfinished race they have not left."""
    return RaceMember.objects.select_related("race").filter(player=player, active=True).first()


def race_for(viewer: Player | None, race_id: object, *, just_left: bool = False) -> dict[str, Any]:
    """The race as ``viewer`` sees it, as stored (settle it first); members and staff only
    (and, in the answer to a leave, the player who has just left it)."""
    key = row_id(race_id)
    race = Race.objects.filter(pk=key).first() if key is not None else None
    return as_seen_by(viewer, race, race_id, just_left=just_left)


def as_seen_by(
    viewer: Player | None, race: Race | None, race_id: object, *, just_left: bool = False
) -> dict[str, Any]:
    """:func:`race_for` of a race read already (None: there is no race ``race_id``)."""
    if race is None or viewer is None:
        raise RaceNotFound(f"There is no race {race_id}.", race_id=race_id)
    members = members_of(race)
    outside = all(m.player_id != viewer.pk for m in members)
    if outside and not just_left and not is_staff(viewer):
        raise RaceNotFound(f"There is no race {race_id}.", race_id=race_id)
    payload = race_payload(race, members)
    for_viewer(payload, viewer.pk, games_of(members))
    return payload


#: How many open public races the lobby lists at most (the newest).
OPEN_RACES_LISTED = 50


def open_public_races(limit: int = OPEN_RACES_LISTED) -> list[dict[str, Any]]:
    """The open public races with a free seat, newest first: what the lobby lists (never a
    private race, never a member's game or a requested deal code)."""
    rows = (
        Race.objects.filter(status=Race.Status.OPEN, public=True)
        .select_related("host")
        .annotate(taken=Count("members", filter=Q(members__left_at__isnull=True)))
        .filter(taken__lt=F("seats"))
        .order_by("-created_at", "-id")
    )
    return [open_race_payload(race, race.taken) for race in rows[:limit]]


def member_ids(race_id: int) -> set[int]:
    return set(RaceMember.objects.filter(race_id=race_id).values_list("player_id", flat=True))


def ensure_race_game_visible(viewer: Player | None, game: Game, race: Race | None = None) -> None:
    """A race's game (SPEC §3, §8): its owner only while the race runs; after it ended, every
    member of the race (staff always). ``race``: the game's race if read already, else it is
    read here — as stored either way: settle it first."""
    if game.race_id is None:
        return
    viewer_id = getattr(viewer, "pk", None)
    if viewer_id == game.owner_id or is_staff(viewer):
        return
    if race is None or race.pk != game.race_id:
        race = Race.objects.filter(pk=game.race_id).first()
    if (
        race is not None
        and race.status == Race.Status.FINISHED
        and viewer_id in member_ids(game.race_id)
    ):
        return
    raise RaceGameHidden(
        "This game belongs to a race: only its player sees it until the race ends.",
        game_id=game.pk,
        race_id=game.race_id,
    )


def ensure_deal_not_raced(code: DealCode) -> None:
    """A deal a race is playing (or about to play) cannot be started outside the race."""
    now = clock.now()
    busy = Race.objects.filter(
        Q(status=Race.Status.RUNNING, deal__code=code.text, ends_at__gt=now)
        | Q(status=Race.Status.COUNTDOWN, requested_code=code.text)
    ).exists()
    if busy:
        raise DealInRace(
            "This deal is being played in a race right now: start another one.",
            deal_code=code.text,
        )


# -- ratings ---------------------------------------------------------------------------------
DEFAULT_PAGE_SIZE = 50
_CURSOR_SALT = "halfmoon.ratings.cursor"


def rating_of(player: Player) -> dict[str, Any] | None:
    return rating_payload(Rating.objects.using(replica.read_alias()).filter(player=player).first())


@dataclass
class RatingsPage:
    total: int
    results: list[dict[str, Any]]
    next: str | None = None
    previous: str | None = None
    me: dict[str, Any] | None = None


#: The two lists of the ratings board: established ratings (ranked) and provisional ones.
ESTABLISHED, PROVISIONAL = "established", "provisional"


def _board(provisional: bool = False):
    """Ratings of at least one rated race: the established ones (``ratings.ESTABLISHED_AFTER``
    rated races or more, ranked), or the provisional ones (fewer: listed, not ranked)."""
    rows = Rating.objects.using(replica.read_alias()).filter(races__gt=0)
    if provisional:
        rows = rows.filter(races__lt=ratings.ESTABLISHED_AFTER)
    else:
        rows = rows.filter(races__gte=ratings.ESTABLISHED_AFTER)
    return rows.select_related("player").order_by("-ordinal", "player")


def _after(ordinal: float, player_id: int) -> Q:
    return Q(ordinal__lt=ordinal) | Q(ordinal=ordinal, player_id__gt=player_id)


def _before(ordinal: float, player_id: int) -> Q:
    return Q(ordinal__gt=ordinal) | Q(ordinal=ordinal, player_id__lt=player_id)


def encode_cursor(forward: bool, rating: Rating, provisional: bool = False) -> str:
    board = PROVISIONAL if provisional else ESTABLISHED
    return signing.dumps(
        [2, board, "a" if forward else "b", rating.ordinal, rating.player_id], salt=_CURSOR_SALT
    )


def decode_cursor(text: str, provisional: bool = False) -> tuple[bool, float, int]:
    """A cursor of this list (one of the other list is refused like a forged one; those of
    version 1, given out before the board had two lists, are of the ranked one)."""
    try:
        fields = signing.loads(text, salt=_CURSOR_SALT)
        if fields[0] == 1:
            fields = [2, ESTABLISHED, *fields[1:]]
        version, board, direction, ordinal, player_id = fields
        wanted = PROVISIONAL if provisional else ESTABLISHED
        if version != 2 or board != wanted or direction not in ("a", "b"):
            raise ValueError(direction)
        return direction == "a", float(ordinal), int(player_id)
    except (signing.BadSignature, ValueError, TypeError, IndexError, KeyError):
        raise InvalidCursor(
            "This cursor is not one this board gave out: start again from the first page.",
            cursor=str(text)[:200],
        ) from None


@replica.lagging
def ratings_read(
    viewer: Player | None,
    limit: int = DEFAULT_PAGE_SIZE,
    cursor: str | None = None,
    provisional: bool = False,
    around_me: bool = False,
) -> RatingsPage:
    """The ratings board as its REST view answers it, with the viewer's own entry. On the
    replica, unless the viewer's rating changed within the replica's allowed lag
    (read-your-writes: then the primary)."""
    if viewer is not None:
        replica.primary_if_own_change_recent(
            Rating.objects.filter(player=viewer).values_list("updated_at", flat=True)
        )
    if around_me:
        assert viewer is not None
        return ratings_around(viewer, limit, provisional)
    page = ratings_page(limit, cursor, provisional)
    page.me = my_entry(viewer) if viewer is not None else None
    return page


def ratings_page(
    limit: int = DEFAULT_PAGE_SIZE, cursor: str | None = None, provisional: bool = False
) -> RatingsPage:
    """A page of the ratings board by ``ordinal`` (then player id), from the top or from a
    cursor: the established ratings with their ranks, or (``provisional``) the provisional
    ones, unranked."""
    board = _board(provisional)
    if cursor is None:
        rows = list(board[: limit + 1])
        more_after, rows = len(rows) > limit, rows[:limit]
        first_rank = 1
    else:
        forward, ordinal, player_id = decode_cursor(cursor, provisional)
        if forward:
            rows = list(board.filter(_after(ordinal, player_id))[: limit + 1])
            more_after, rows = len(rows) > limit, rows[:limit]
        else:
            rows = list(board.filter(_before(ordinal, player_id)).reverse()[:limit])[::-1]
            more_after = True
        first_rank = _position(rows[0], provisional) if rows else 1
    return _page(rows, first_rank, more_after, provisional)


def _position(rating: Rating, provisional: bool) -> int:
    """Where the rating stands in its list (1: first)."""
    return _board(provisional).filter(_before(rating.ordinal, rating.player_id)).count() + 1


def ratings_around(player: Player, limit: int = 11, provisional: bool = False) -> RatingsPage:
    board = _board(provisional)
    mine = board.filter(player=player).first()
    if mine is None:
        raise NotRated(
            "You are not on this list: a rating of fewer than "
            f"{ratings.ESTABLISHED_AFTER} rated races is provisional."
        )
    above = list(board.filter(_before(mine.ordinal, mine.player_id)).reverse()[: (limit - 1) // 2])
    above.reverse()
    below = list(board.filter(_after(mine.ordinal, mine.player_id))[: limit - len(above)])
    more_after = len(below) > limit - 1 - len(above)
    below = below[: limit - 1 - len(above)]
    position = _position(mine, provisional)
    page = _page([*above, mine, *below], position - len(above), more_after, provisional)
    page.me = _entry(mine, position, provisional)
    return page


def my_entry(player: Player) -> dict[str, Any] | None:
    """The player's entry, in whichever list their rating is (ranked only if established)."""
    mine = (
        Rating.objects.using(replica.read_alias())
        .filter(player=player, races__gt=0)
        .select_related("player")
        .first()
    )
    if mine is None:
        return None
    provisional = ratings.is_provisional(mine.races)
    return _entry(mine, _position(mine, provisional), provisional)


def _entry(rating: Rating, position: int, provisional: bool) -> dict[str, Any]:
    return board_entry_payload(rating, None if provisional else position)


def _page(rows: list[Rating], first: int, more_after: bool, provisional: bool) -> RatingsPage:
    return RatingsPage(
        total=_board(provisional).count(),
        results=[_entry(row, first + i, provisional) for i, row in enumerate(rows)],
        next=encode_cursor(True, rows[-1], provisional) if rows and more_after else None,
        previous=encode_cursor(False, rows[0], provisional) if rows and first > 1 else None,
    )


# -- statistics ------------------------------------------------------------------------------
def race_figures(player: Player) -> dict[str, Any]:
    """A player's races: finished (with a place in the standings), won (first place),
    podiums (top three), and the rating."""
    places = (
        RaceMember.objects.using(replica.read_alias())
        .filter(player=player, race__status=Race.Status.FINISHED, rank__isnull=False)
        .aggregate(
            finished=Count("pk"),
            won=Count("pk", filter=Q(rank=1)),
            podiums=Count("pk", filter=Q(rank__lte=3)),
        )
    )
    return {
        "finished": places["finished"],
        "won": places["won"],
        "podiums": places["podiums"],
        "rating": rating_of(player),
    }
