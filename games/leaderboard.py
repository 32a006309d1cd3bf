"""Daily leaderboards: their order, pages behind opaque cursors, ranks and live pushes.

Order (SPEC §7): won before not won, then higher score, then lower ``elapsed_ms``, then earlier
end, then lower game id (the final, deterministic tie-break: every entry has its own rank).
The first three are packed into one ascending number, ``standing``, so the whole order is the
ascending tuple (standing, ended_at, game_id) that the ``board_order`` index serves: a page is
one index range scan from its cursor, whatever its depth. Ranks come from :mod:`games.ranks`
(a Redis sorted set kept in step, else a count). Entries of disqualified games are skipped.
Everything here is computed from stored games; nothing comes from a client.
"""
from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass, field

from django.core import signing
from django.db.models import Q

from . import ranks
from .errors import ServiceError
from .events import send_to_group
from .models import LeaderboardEntry, Player
from .presentation import _iso

logger = logging.getLogger(__name__)

MAX_PAGE_SIZE = 100
DEFAULT_PAGE_SIZE = 50
SCORE_SPAN = 1 << 15  # scores are PositiveSmallIntegerField: below 2**15
ELAPSED_CAP = (1 << 31) - 1  # ms (24.8 days); a ranked attempt lasts at most a day
_CURSOR_SALT = "halfmoon.leaderboard.cursor"
EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)


class InvalidCursor(ServiceError):
    code = "invalid_cursor"


class InvalidPageSize(ServiceError):
    code = "invalid_page_size"


class NotOnLeaderboard(ServiceError):
    code = "not_on_leaderboard"


# -- order -----------------------------------------------------------------------------------
def standing_of(won: bool, score: int, elapsed_ms: int) -> int:
    """Ascending number for (won desc, score desc, elapsed asc): 47 bits, exact in a double."""
    return ((((0 if won else 1) * SCORE_SPAN) + (SCORE_SPAN - 1 - score)) << 31) | min(
        max(elapsed_ms, 0), ELAPSED_CAP)


Key = tuple[int, dt.datetime, int]


def key_of(entry: LeaderboardEntry) -> Key:
    return entry.standing, entry.ended_at, entry.game_id


def board(date: dt.date):
    """The date's entries in board order, disqualified games left out."""
    return (LeaderboardEntry.objects.filter(date=date, game__disqualified_at__isnull=True)
            .order_by("standing", "ended_at", "game_id"))


def after(key: Key) -> Q:
    """Entries after ``key``: bounded on ``standing`` first so the index range starts there."""
    standing, ended_at, game_id = key
    return Q(standing__gte=standing) & (Q(standing__gt=standing) | Q(ended_at__gt=ended_at) |
                                        Q(ended_at=ended_at, game_id__gt=game_id))


def before(key: Key) -> Q:
    standing, ended_at, game_id = key
    return Q(standing__lte=standing) & (Q(standing__lt=standing) | Q(ended_at__lt=ended_at) |
                                        Q(ended_at=ended_at, game_id__lt=game_id))


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
        return signing.dumps([1, self.date.isoformat(), "a" if self.forward else "b",
                              standing, micros, game_id], salt=_CURSOR_SALT, compress=False)

    @classmethod
    def decode(cls, text: str, date: dt.date) -> Cursor:
        try:
            version, day, direction, standing, micros, game_id = signing.loads(
                text, salt=_CURSOR_SALT)
            if version != 1 or day != date.isoformat() or direction not in ("a", "b"):
                raise ValueError(day)
            ended_at = EPOCH + dt.timedelta(microseconds=int(micros))
            return cls(date, direction == "a", (int(standing), ended_at, int(game_id)))
        except (signing.BadSignature, ValueError, TypeError, OverflowError):
            raise InvalidCursor("This cursor is not one this leaderboard gave out: start again "
                                "from the first page.", cursor=str(text)[:200]) from None


# -- pages -----------------------------------------------------------------------------------
@dataclass
class Page:
    date: dt.date
    total: int
    results: list[dict]
    next: str | None = None
    previous: str | None = None
    me: dict | None = field(default=None)


def entry_payload(entry: LeaderboardEntry, rank: int | None) -> dict:
    """The one public representation of a leaderboard entry (REST and WebSocket)."""
    return {
        "rank": rank,
        "player": {"id": entry.player_id, "name": entry.player.name},
        "game_id": entry.game_id,
        "result": entry.result,
        "score": entry.score,
        "moves": entry.moves,
        "elapsed_ms": entry.elapsed_ms,
        "ended_at": _iso(entry.ended_at),
    }


def page_size(limit) -> int:
    try:
        size = int(limit)
    except (TypeError, ValueError):
        size = 0
    if not 1 <= size <= MAX_PAGE_SIZE:
        raise InvalidPageSize(f"A page holds 1 to {MAX_PAGE_SIZE} entries.",
                              min=1, max=MAX_PAGE_SIZE)
    return size


def page(date: dt.date, limit: int = DEFAULT_PAGE_SIZE, where: Cursor | None = None) -> Page:
    """One page of the board: from the top, or after/before the entry a cursor names."""
    limit = page_size(limit)
    index = ranks.index()
    entries = board(date).select_related("player")
    if where is None:
        rows = list(entries[:limit + 1])
        more_after, rows = len(rows) > limit, rows[:limit]
        first_rank = 1
    else:
        if where.forward:
            rows = list(entries.filter(after(where.key))[:limit + 1])
            more_after, rows = len(rows) > limit, rows[:limit]
        else:
            rows = list(entries.filter(before(where.key)).reverse()[:limit])[::-1]
            more_after = True
        first_rank = index.rank(date, rows[0]) if rows else None
    return _page(index, date, rows, first_rank, more_after)


def around(date: dt.date, player: Player, limit: int = 11) -> Page:
    """The player's entry with the entries just above and below it (``limit`` in all)."""
    limit = page_size(limit)
    mine = board(date).filter(player=player).select_related("player").first()
    if mine is None:
        raise NotOnLeaderboard("You have no entry on this leaderboard (yet): a ranked attempt "
                               "enters when it ends or when the day closes.", date=date.isoformat())
    entries = board(date).select_related("player")
    above = list(entries.filter(before(key_of(mine))).reverse()[:(limit - 1) // 2])[::-1]
    below = list(entries.filter(after(key_of(mine)))[:limit - len(above)])
    more_after = len(below) > limit - 1 - len(above)
    below = below[:limit - 1 - len(above)]
    index = ranks.index()
    my_rank = index.rank(date, mine)
    result = _page(index, date, [*above, mine, *below], my_rank - len(above), more_after)
    result.me = entry_payload(mine, my_rank)
    return result


def _page(index, date, rows, first_rank, more_after) -> Page:
    results = [entry_payload(row, first_rank + i) for i, row in enumerate(rows)]
    return Page(
        date=date, total=index.total(date), results=results,
        next=Cursor(date, True, key_of(rows[-1])).encode() if rows and more_after else None,
        previous=Cursor(date, False, key_of(rows[0])).encode() if rows and first_rank > 1 else None)


def entry_of(date: dt.date, player: Player) -> dict | None:
    """The player's entry on the date's board with its rank, None when not on it."""
    mine = board(date).filter(player=player).select_related("player").first()
    return entry_payload(mine, ranks.index().rank(date, mine)) if mine else None


def best_rank(player: Player) -> dict | None:
    """The player's best rank over every board they are on: ``{"date", "rank"}`` or None."""
    entries = list(LeaderboardEntry.objects.filter(player=player, game__disqualified_at__isnull=True))
    index = ranks.index()
    ranked = [(index.rank(e.date, e), e.date) for e in entries]
    if not ranked:
        return None
    rank, date = min(ranked, key=lambda pair: (pair[0], pair[1]))
    return {"date": date.isoformat(), "rank": rank}


# -- changes (after commit) ------------------------------------------------------------------
def board_group(date: dt.date) -> str:
    return f"daily.{date.isoformat()}"


#: Above this many entries at once (a day closing), watchers get one "closed" message only.
PUSH_LIMIT = 200


def entered(date: dt.date, entries: list[LeaderboardEntry], closed: bool = False) -> None:
    """New entries are committed: put them in the rank index, then push them to watchers."""
    index = ranks.index()
    index.add(date, entries)
    if len(entries) <= PUSH_LIMIT:
        for entry in entries:
            _push(date, {"type": "entry", "change": "entered",
                         "entry": entry_payload(entry, index.rank(date, entry)),
                         "total": index.total(date)})
    if closed:
        _push(date, {"type": "closed", "date": date.isoformat(), "total": index.total(date)})


def refresh_entry(game) -> None:
    """A ranked attempt was disqualified or reinstated (``games.moderation``, after commit)."""
    entry = (LeaderboardEntry.objects.select_related("player", "game")
             .filter(game_id=game.pk).first())
    if entry is None:
        return
    index = ranks.index()
    if entry.game.disqualified_at is not None:
        index.remove(entry.date, [entry])
        _push(entry.date, {"type": "entry", "change": "removed",
                           "entry": entry_payload(entry, None), "total": index.total(entry.date)})
    else:
        index.add(entry.date, [entry])
        _push(entry.date, {"type": "entry", "change": "entered",
                           "entry": entry_payload(entry, index.rank(entry.date, entry)),
                           "total": index.total(entry.date)})


def _push(date: dt.date, message: dict) -> None:
    try:
        send_to_group(board_group(date), {"type": "board.update", "message": message})
    except Exception:  # committed already; a watcher resynchronises from the REST board
        logger.exception("Could not push a leaderboard change of %s", date)
