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
from django.db.models import Count, Q

from games.core import clock
from games.core.errors import InvalidCursor
from games.core.rows import row_id
from games.engine import DealCode
from games.play.models import Game
from games.players.models import Player
from games.players.selectors import is_staff

from .errors import DealInRace, NotRated, RaceGameHidden, RaceNotFound
from .models import Race, RaceMember, Rating
from .presentation import (
    board_entry_payload,
    for_viewer,
    games_of,
    race_payload,
    rating_payload,
)


def members_of(race: Race) -> list[RaceMember]:
    return list(race.members.select_related("player").order_by("joined_at", "id"))


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
    return rating_payload(Rating.objects.filter(player=player).first())


@dataclass
class RatingsPage:
    total: int
    results: list[dict[str, Any]]
    next: str | None = None
    previous: str | None = None
    me: dict[str, Any] | None = None


def _board():
    return (
        Rating.objects.filter(races__gt=0).select_related("player").order_by("-ordinal", "player")
    )


def _after(ordinal: float, player_id: int) -> Q:
    return Q(ordinal__lt=ordinal) | Q(ordinal=ordinal, player_id__gt=player_id)


def _before(ordinal: float, player_id: int) -> Q:
    return Q(ordinal__gt=ordinal) | Q(ordinal=ordinal, player_id__lt=player_id)


def _rank(rating: Rating) -> int:
    return _board().filter(_before(rating.ordinal, rating.player_id)).count() + 1


def encode_cursor(forward: bool, rating: Rating) -> str:
    return signing.dumps(
        [1, "a" if forward else "b", rating.ordinal, rating.player_id], salt=_CURSOR_SALT
    )


def decode_cursor(text: str) -> tuple[bool, float, int]:
    try:
        version, direction, ordinal, player_id = signing.loads(text, salt=_CURSOR_SALT)
        if version != 1 or direction not in ("a", "b"):
            raise ValueError(direction)
        return direction == "a", float(ordinal), int(player_id)
    except (signing.BadSignature, ValueError, TypeError):
        raise InvalidCursor(
            "This cursor is not one this board gave out: start again from the first page.",
            cursor=str(text)[:200],
        ) from None


def ratings_page(limit: int = DEFAULT_PAGE_SIZE, cursor: str | None = None) -> RatingsPage:
    """The ratings board by ``ordinal`` (then player id), from the top or from a cursor."""
    board = _board()
    if cursor is None:
        rows = list(board[: limit + 1])
        more_after, rows = len(rows) > limit, rows[:limit]
        first_rank = 1
    else:
        forward, ordinal, player_id = decode_cursor(cursor)
        if forward:
            rows = list(board.filter(_after(ordinal, player_id))[: limit + 1])
            more_after, rows = len(rows) > limit, rows[:limit]
        else:
            rows = list(board.filter(_before(ordinal, player_id)).reverse()[:limit])[::-1]
            more_after = True
        first_rank = _rank(rows[0]) if rows else 1
    return _page(rows, first_rank, more_after)


def ratings_around(player: Player, limit: int = 11) -> RatingsPage:
    mine = _board().filter(player=player).first()
    if mine is None:
        raise NotRated("You have no race rating yet: finish a race first.")
    board = _board()
    above = list(board.filter(_before(mine.ordinal, mine.player_id)).reverse()[: (limit - 1) // 2])
    above.reverse()
    below = list(board.filter(_after(mine.ordinal, mine.player_id))[: limit - len(above)])
    more_after = len(below) > limit - 1 - len(above)
    below = below[: limit - 1 - len(above)]
    my_rank = _rank(mine)
    page = _page([*above, mine, *below], my_rank - len(above), more_after)
    page.me = board_entry_payload(mine, my_rank)
    return page


def my_entry(player: Player) -> dict[str, Any] | None:
    mine = _board().filter(player=player).first()
    return board_entry_payload(mine, _rank(mine)) if mine else None


def _page(rows: list[Rating], first_rank: int, more_after: bool) -> RatingsPage:
    return RatingsPage(
        total=_board().count(),
        results=[board_entry_payload(row, first_rank + i) for i, row in enumerate(rows)],
        next=encode_cursor(True, rows[-1]) if rows and more_after else None,
        previous=encode_cursor(False, rows[0]) if rows and first_rank > 1 else None,
    )


# -- statistics ------------------------------------------------------------------------------
def race_figures(player: Player) -> dict[str, Any]:
    """A player's races: finished (with a place in the standings), won (first place),
    podiums (top three), and the rating."""
    places = RaceMember.objects.filter(
        player=player, race__status=Race.Status.FINISHED, rank__isnull=False
    ).aggregate(
        finished=Count("pk"),
        won=Count("pk", filter=Q(rank=1)),
        podiums=Count("pk", filter=Q(rank__lte=3)),
    )
    return {
        "finished": places["finished"],
        "won": places["won"],
        "podiums": places["podiums"],
        "rating": rating_of(player),
    }
