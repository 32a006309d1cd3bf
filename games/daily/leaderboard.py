"""Reading a daily leaderboard: pages behind signed cursors, the caller's neighbourhood, ranks.

The order lives in :mod:`games.daily.order`, ranks come from :mod:`games.daily.ranks` (a Redis
sorted set kept in step, else a count). Everything here is computed from stored entries;
nothing comes from a client.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection
from dataclasses import dataclass, field

from django.core import signing

from games.core import clock, replica
from games.core.clock import iso
from games.core.pages import page_size
from games.players.models import Player

from . import ranks
from .choice import daily_code
from .dates import is_over
from .errors import InvalidCursor, NotOnLeaderboard
from .models import LeaderboardEntry
from .order import Key, after, before, board, key_of
from .presentation import entry_payload

DEFAULT_PAGE_SIZE = 50
_CURSOR_SALT = "halfmoon.leaderboard.cursor"
EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)


# -- cursors ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Cursor:
    """Where a page starts: just after (``forward``) or just before an entry's key. Signed."""

    date: dt.date
    forward: bool
    key: Key

    def encode(self) -> str:
        standing, ended_at, game_id = self.key
        micros = (ended_at - EPOCH) // dt.timedelta(microseconds=1)
        return signing.dumps(
            [1, self.date.isoformat(), "a" if self.forward else "b", standing, micros, game_id],
            salt=_CURSOR_SALT,
            compress=False,
        )

    @classmethod
    def decode(cls, text: str, date: dt.date) -> Cursor:
        try:
            version, day, direction, standing, micros, game_id = signing.loads(
                text, salt=_CURSOR_SALT
            )
            if version != 1 or day != date.isoformat() or direction not in ("a", "b"):
                raise ValueError(day)
            ended_at = EPOCH + dt.timedelta(microseconds=int(micros))
            return cls(date, direction == "a", (int(standing), ended_at, int(game_id)))
        except (signing.BadSignature, ValueError, TypeError, OverflowError):
            raise InvalidCursor(
                "This cursor is not one this leaderboard gave out: start again "
                "from the first page.",
                cursor=str(text)[:200],
            ) from None


# -- pages -----------------------------------------------------------------------------------
@dataclass
class Page:
    date: dt.date
    total: int
    results: list[dict]
    next: str | None = None
    previous: str | None = None
    me: dict | None = field(default=None)


class AmongRanks:
    """Ranks among some players only (``?among=following``): 1 + those of them ahead."""

    def __init__(self, among: Collection[int]):
        self.ids = list(among)

    def rank(self, date, entry) -> int:
        return _board(date, self.ids).filter(before(key_of(entry))).count() + 1

    def total(self, date) -> int:
        return _board(date, self.ids).count()


def _board(date: dt.date, among: Collection[int] | None):
    entries = board(date)
    return entries if among is None else entries.filter(player_id__in=list(among))


def _index(among: Collection[int] | None):
    return ranks.index() if among is None else AmongRanks(among)


def page(
    date: dt.date,
    limit: int = DEFAULT_PAGE_SIZE,
    where: Cursor | None = None,
    among: Collection[int] | None = None,
) -> Page:
    """One page of the board: from the top, or after/before the entry a cursor names;
    ``among``: only these players, ranked among themselves."""
    limit = page_size(limit)
    index = _index(among)
    entries = _board(date, among).select_related("player")
    if where is None:
        rows = list(entries[: limit + 1])
        more_after, rows = len(rows) > limit, rows[:limit]
        first_rank = 1
    else:
        if where.forward:
            rows = list(entries.filter(after(where.key))[: limit + 1])
            more_after, rows = len(rows) > limit, rows[:limit]
        else:
            rows = list(entries.filter(before(where.key)).reverse()[:limit])[::-1]
            more_after = True
        first_rank = index.rank(date, rows[0]) if rows else 1
    return _page(index, date, rows, first_rank, more_after)


def around(
    date: dt.date, player: Player, limit: int = 11, among: Collection[int] | None = None
) -> Page:
    """The player's entry with the entries just above and below it (``limit`` in all)."""
    limit = page_size(limit)
    mine = _board(date, among).filter(player=player).select_related("player").first()
    if mine is None:
        raise NotOnLeaderboard(
            "You have no entry on this leaderboard (yet): a ranked attempt "
            "enters when it ends or when the day closes.",
            date=date.isoformat(),
        )
    entries = _board(date, among).select_related("player")
    above = list(entries.filter(before(key_of(mine))).reverse()[: (limit - 1) // 2])[::-1]
    below = list(entries.filter(after(key_of(mine)))[: limit - len(above)])
    more_after = len(below) > limit - 1 - len(above)
    below = below[: limit - 1 - len(above)]
    index = _index(among)
    my_rank = index.rank(date, mine)
    result = _page(index, date, [*above, mine, *below], my_rank - len(above), more_after)
    result.me = entry_payload(mine, my_rank)
    return result


def _page(index, date, rows, first_rank, more_after) -> Page:
    results = [entry_payload(row, first_rank + i) for i, row in enumerate(rows)]
    return Page(
        date=date,
        total=index.total(date),
        results=results,
        next=Cursor(date, True, key_of(rows[-1])).encode() if rows and more_after else None,
        previous=Cursor(date, False, key_of(rows[0])).encode() if rows and first_rank > 1 else None,
    )


@replica.lagging
def read(
    date: dt.date,
    viewer: Player | None,
    limit: int = DEFAULT_PAGE_SIZE,
    where: Cursor | None = None,
    among: Collection[int] | None = None,
    around_me: bool = False,
) -> Page:
    """The board as its REST view answers it: the page (``around_me``: the viewer's
    neighbourhood) with the viewer's own entry. On the replica, unless the viewer's own entry
    is younger than the replica's allowed lag (read-your-writes: then the primary)."""
    if viewer is not None:
        replica.primary_if_own_change_recent(
            LeaderboardEntry.objects.filter(date=date, player=viewer).values_list(
                "ended_at", flat=True
            )
        )
    if around_me:
        assert viewer is not None
        return around(date, viewer, limit, among)
    result = page(date, limit, where, among)
    result.me = entry_of(date, viewer, among) if viewer is not None else None
    return result


def answer(
    date: dt.date,
    viewer: Player | None,
    limit: int = DEFAULT_PAGE_SIZE,
    cursor: str | None = None,
    among: Collection[int] | None = None,
    around_me: bool = False,
    *,
    deal: bool = True,
) -> dict:
    """The date's board as both transports answer it: the page (:func:`read`: from the top,
    after or before ``cursor``, or the viewer's neighbourhood) with the date, its deal, whether
    it is closed and when it closes, and the viewer's own entry. The one read of a board.
    ``deal=False``: without ``deal_code`` (the board socket's frame has none: a query saved)."""
    where = Cursor.decode(cursor, date) if cursor is not None else None
    board_page = read(date, viewer, limit, where, among, around_me=around_me)
    return {
        "date": date.isoformat(),
        **({"deal_code": daily_code(date).text} if deal else {}),
        "closed": is_over(date),
        "closes_at": iso(clock.day_end(date)),
        "total": board_page.total,
        "results": board_page.results,
        "next": board_page.next,
        "previous": board_page.previous,
        "me": board_page.me,
    }


def entry_of(date: dt.date, player: Player, among: Collection[int] | None = None) -> dict | None:
    """The player's entry on the date's board with its rank (among ``among`` when given),
    None when not on it."""
    mine = _board(date, among).filter(player=player).select_related("player").first()
    return entry_payload(mine, _index(among).rank(date, mine)) if mine else None


def best_rank(player: Player) -> dict | None:
    """The player's best rank over every board they are on: ``{"date", "rank"}`` or None.
    Every entry's rank at once (:meth:`~games.daily.ranks.CountRanks.ranks_of`), not one
    query per entry."""
    entries = LeaderboardEntry.objects.using(replica.read_alias()).filter(
        player=player, game__disqualified_at__isnull=True
    )
    ranked = [(rank, e.date) for e, rank in ranks.index().ranks_of(entries)]
    if not ranked:
        return None
    rank, date = min(ranked)
    return {"date": date.isoformat(), "rank": rank}
