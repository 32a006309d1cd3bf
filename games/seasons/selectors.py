"""Reading a season's board: pages behind signed cursors, the caller's neighbourhood, the
board among the people one follows, a player's season history.

Ranks are stored with the entries at each rebuild, so a page at any depth is one range scan
of ``season_order`` (season, rank, player) from its cursor's key, and ``around=me`` one lookup
of the caller's row and two short scans. ``among`` (a set of player ids, at most the ~1,000 a
player may follow) keeps those rows only and ranks them among themselves (equal points still
share a rank): :class:`_Among`.
"""

from __future__ import annotations

import bisect
from collections.abc import Collection
from dataclasses import dataclass

from django.core import signing
from django.db import connection
from django.db.models import Q, QuerySet

from games.core import clock
from games.core.pages import BoardPage, page_size
from games.players.models import Player

from . import keys
from .errors import InvalidCursor, NotOnSeasonBoard, SeasonNotStarted
from .keys import Span
from .models import Season, SeasonEntry
from .presentation import season_entry_payload

DEFAULT_PAGE_SIZE = 50
HISTORY_SIZE = 24
_SALT = "halfmoon.season.cursor"

Key = tuple[int, int]  # (rank, player_id)


def started(text: object) -> Span:
    """The season a key names, refused while its first day is in the future."""
    span = keys.parse(text)
    if span.starts_on > clock.today():
        raise SeasonNotStarted(season=span.key, starts_on=span.starts_on.isoformat())
    return span


def stored(span: Span) -> Season:
    """The season's row (an unsaved one before its first day closed: an empty board)."""
    found = Season.objects.filter(key=span.key).first()
    return found or Season(
        key=span.key, kind=span.kind, starts_on=span.starts_on, ends_on=span.ends_on
    )


@dataclass(frozen=True)
class Cursor:
    season: str
    forward: bool
    key: Key

    def encode(self) -> str:
        direction = "a" if self.forward else "b"
        return signing.dumps([1, self.season, direction, *self.key], salt=_SALT, compress=False)

    @classmethod
    def decode(cls, text: str, season: str) -> Cursor:
        try:
            version, name, direction, rank, player_id = signing.loads(text, salt=_SALT)
            if version != 1 or name != season or direction not in ("a", "b"):
                raise ValueError(name)
            return cls(season, direction == "a", (int(rank), int(player_id)))
        except (signing.BadSignature, ValueError, TypeError):
            raise InvalidCursor(
                "This cursor is not one this board gave out: start again from the first page.",
                cursor=str(text)[:200],
            ) from None


Page = BoardPage


def _board(season: Season) -> QuerySet[SeasonEntry]:
    return SeasonEntry.objects.filter(season_id=season.key).order_by("rank", "player_id")


def _after(key: Key) -> Q:
    rank, player_id = key
    return Q(rank__gte=rank) & (Q(rank__gt=rank) | Q(player_id__gt=player_id))


def _before(key: Key) -> Q:
    rank, player_id = key
    return Q(rank__lte=rank) & (Q(rank__lt=rank) | Q(player_id__lt=player_id))


def _key(entry: SeasonEntry) -> Key:
    return entry.rank, entry.player_id


def page(
    season: Season,
    limit: int = DEFAULT_PAGE_SIZE,
    where: Cursor | None = None,
    among: Collection[int] | None = None,
) -> Page:
    """One page of the board: from the top, or after/before the entry a cursor names."""
    limit = page_size(limit)
    if among is not None:
        return _Among(season, among).page(limit, where)
    entries = _board(season).select_related("player")
    if where is None:
        rows = list(entries[: limit + 1])
        more_after, rows = len(rows) > limit, rows[:limit]
    elif where.forward:
        rows = list(entries.filter(_after(where.key))[: limit + 1])
        more_after, rows = len(rows) > limit, rows[:limit]
    else:
        rows = list(entries.filter(_before(where.key)).reverse()[:limit])[::-1]
        more_after = True
    return _page(season, rows, more_after, from_top=where is None)


def around(
    season: Season, player: Player, limit: int = 11, among: Collection[int] | None = None
) -> Page:
    """The player's entry with the entries just above and below it (``limit`` in all)."""
    limit = page_size(limit)
    if among is not None:
        return _Among(season, among).around(player, limit)
    mine = _board(season).filter(player=player).select_related("player").first()
    if mine is None:
        raise NotOnSeasonBoard(season=season.key)
    entries = _board(season).select_related("player")
    above = list(entries.filter(_before(_key(mine))).reverse()[: (limit - 1) // 2])[::-1]
    below = list(entries.filter(_after(_key(mine)))[: limit - len(above)])
    more_after = len(below) > limit - 1 - len(above)
    below = below[: limit - 1 - len(above)]
    result = _page(season, [*above, mine, *below], more_after)
    result.me = next(r for r in result.results if r["player"]["id"] == player.pk)
    return result


def _page(season, rows, more_after, from_top=False) -> Page:
    first_rank = rows[0].rank if rows else 1
    return Page(
        total=season.total,
        results=[season_entry_payload(row, row.rank) for row in rows],
        next=Cursor(season.key, True, _key(rows[-1])).encode() if rows and more_after else None,
        previous=(
            Cursor(season.key, False, _key(rows[0])).encode()
            if rows and not from_top and (first_rank > 1 or _has_before(season, rows[0]))
            else None
        ),
    )


def _has_before(season, row) -> bool:
    return _board(season).filter(_before(_key(row))).exists()


class _Among:
    """The board among some players (at most the ~1,000 one may follow): their keys read in
    one query (``season_player`` lookups), paged and ranked here, and only the page's
    entries read with their names."""

    def __init__(self, season: Season, among: Collection[int]):
        self.season = season
        self.keys = _keys_among(season.key, list(among))
        self.ranks: list[int] = []
        for i, (rank, _, _) in enumerate(self.keys):  # shared, as on the board
            shared = i and rank == self.keys[i - 1][0]
            self.ranks.append(self.ranks[-1] if shared else i + 1)

    def _index(self, key: Key) -> int:
        return bisect.bisect_left(self.keys, key, key=lambda k: (k[0], k[1]))

    def page(self, limit: int, where: Cursor | None) -> Page:
        if where is None:
            start = 0
        elif where.forward:
            start = self._index(where.key) + (1 if self._at(where.key) else 0)
        else:
            start = max(0, self._index(where.key) - limit)
        end = self._index(where.key) if where and not where.forward else start + limit
        return self._page(start, min(end, len(self.keys)))

    def around(self, player: Player, limit: int) -> Page:
        mine = next((i for i, k in enumerate(self.keys) if k[1] == player.pk), None)
        if mine is None:
            raise NotOnSeasonBoard(season=self.season.key)
        start = max(0, min(mine - (limit - 1) // 2, len(self.keys) - limit))
        result = self._page(start, min(start + limit, len(self.keys)))
        result.me = next(r for r in result.results if r["player"]["id"] == player.pk)
        return result

    def entry_of(self, player: Player) -> dict | None:
        mine = next((i for i, k in enumerate(self.keys) if k[1] == player.pk), None)
        return None if mine is None else self._page(mine, mine + 1).results[0]

    def _at(self, key: Key) -> bool:
        i = self._index(key)
        return i < len(self.keys) and self.keys[i][:2] == key

    def _page(self, start: int, end: int) -> Page:
        chosen = self.keys[start:end]
        rows = {
            row.player_id: row
            for row in SeasonEntry.objects.filter(
                season_id=self.season.key, player_id__in=[k[1] for k in chosen]
            ).select_related("player")
        }
        results = [
            season_entry_payload(rows[k[1]], self.ranks[start + i]) for i, k in enumerate(chosen)
        ]
        key = self.season.key
        return Page(
            total=len(self.keys),
            results=results,
            next=Cursor(key, True, chosen[-1][:2]).encode()
            if chosen and end < len(self.keys)
            else None,
            previous=Cursor(key, False, chosen[0][:2]).encode() if chosen and start > 0 else None,
        )


def _keys_among(season_key: str, ids: list[int]) -> list[tuple[int, int, int]]:
    """(rank, player_id, points) of those players' entries, in board order. On PostgreSQL the
    ids go as one array parameter (``= ANY(%s)``): the ORM's ``IN`` of ~500 parameters cost
    about twice the ~500 index lookups themselves (bench/seasons.py, ``among=following``)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT rank, player_id, points FROM {SeasonEntry._meta.db_table} "
                "WHERE season_id = %s AND player_id = ANY(%s) ORDER BY rank, player_id",
                [season_key, ids],
            )
            return [(rank, player_id, points) for rank, player_id, points in cursor.fetchall()]
    return sorted(
        SeasonEntry.objects.filter(season_id=season_key, player_id__in=ids)
        .values_list("rank", "player_id", "points")
        .order_by()
    )


def entry_of(season: Season, player: Player, among: Collection[int] | None = None) -> dict | None:
    if among is not None:
        return _Among(season, among).entry_of(player)
    mine = _board(season).filter(player=player).select_related("player").first()
    return season_entry_payload(mine, mine.rank) if mine else None


def top(season: Season, limit: int) -> list[dict]:
    return page(season, limit).results


def history(player: Player) -> list[dict]:
    """The player's seasons, newest first: rank, points, days, wins, whether final."""
    rows = (
        SeasonEntry.objects.filter(player=player)
        .select_related("season")
        .order_by("-season__starts_on", "season__kind")[:HISTORY_SIZE]
    )
    return [
        {
            "season": row.season_id,
            "kind": row.season.kind,
            "rank": row.rank,
            "total": row.season.total,
            "points": row.points,
            "days": row.days,
            "wins": row.wins,
            "closed": row.season.closed_at is not None,
        }
        for row in rows
    ]
