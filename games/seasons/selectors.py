"""Reading a season's board: pages behind signed cursors, the caller's neighbourhood, the
board among the people one follows, a player's season history.

Ranks are stored with the entries at each rebuild, so a page at any depth is one range scan
of ``season_order`` (season, rank, player) from its cursor's key, and ``around=me`` one lookup
of the caller's row and two short scans. ``among`` (a set of player ids, at most the ~1,000 a
player may follow) keeps those rows only and ranks them among themselves (equal points still
share a rank): :class:`_Among`.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from django.core import signing
from django.db import connections
from django.db.models import Q, QuerySet

from games.core import clock, replica
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
    found = Season.objects.using(replica.read_alias()).filter(key=span.key).first()
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
    return (
        SeasonEntry.objects.using(replica.read_alias())
        .filter(season_id=season.key)
        .order_by("rank", "player_id")
    )


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
    """The board among some players (at most the ~1,000 one may follow), each read one SQL
    statement: the followed entries ranked among themselves by window functions over the
    ``season_player`` lookups, cut to the page in the database, and only the page's rows
    joined with the players' names (:func:`_among_rows`)."""

    def __init__(self, season: Season, among: Collection[int]):
        self.season = season
        self.ids = list(among)

    def page(self, limit: int, where: Cursor | None) -> Page:
        if where is None:
            return self._page(_among_rows(self.season.key, self.ids, "k.n <= %s", [limit]))
        rank, player_id = where.key
        if where.forward:
            cut = "(k.rank > %s OR (k.rank = %s AND k.player_id > %s)) ORDER BY k.n LIMIT %s"
        else:
            cut = "(k.rank < %s OR (k.rank = %s AND k.player_id < %s)) ORDER BY k.n DESC LIMIT %s"
        return self._page(
            _among_rows(self.season.key, self.ids, cut, [rank, rank, player_id, limit])
        )

    def around(self, player: Player, limit: int) -> Page:
        # The window of ``limit`` rows with the player's as near its middle as the ends allow.
        low = "CASE WHEN m.n - %s < m.total - %s THEN m.n - %s ELSE m.total - %s END"
        cut = (
            f"k.n >= (SELECT CASE WHEN {low} < 1 THEN 1 ELSE {low} END FROM k AS m "
            "WHERE m.player_id = %s) ORDER BY k.n LIMIT %s"
        )
        half, back = (limit - 1) // 2, limit - 1
        bounds = [half, back, half, back]
        rows = _among_rows(self.season.key, self.ids, cut, [*bounds, *bounds, player.pk, limit])
        result = self._page(rows)
        result.me = next((r for r in result.results if r["player"]["id"] == player.pk), None)
        if result.me is None:
            raise NotOnSeasonBoard(season=self.season.key)
        return result

    def entry_of(self, player: Player) -> dict | None:
        rows = _among_rows(self.season.key, self.ids, "k.player_id = %s", [player.pk])
        return self._page(rows).results[0] if rows else None

    def _page(self, rows: list[_AmongRow]) -> Page:
        key = self.season.key
        if not rows:  # past either end, or nobody: the total needs a count of its own
            total = (
                SeasonEntry.objects.using(replica.read_alias())
                .filter(season_id=key, player_id__in=self.ids)
                .count()
            )
            return Page(total=total, results=[])
        first, last = rows[0], rows[-1]
        return Page(
            total=last.total,
            results=[season_entry_payload(row.entry, row.among_rank) for row in rows],
            next=Cursor(key, True, _key(last.entry)).encode() if last.n < last.total else None,
            previous=Cursor(key, False, _key(first.entry)).encode() if first.n > 1 else None,
        )


@dataclass(frozen=True)
class _AmongRow:
    entry: SeasonEntry
    among_rank: int
    n: int  # the row's place among the followed, 1 first
    total: int


def _among_rows(season_key: str, ids: list[int], cut: str, parameters: list) -> list[_AmongRow]:
    """One statement: the entries of ``ids`` on the season's board, ranked among themselves
    (equal points share a rank: ``RANK()`` over the stored ranks), numbered in board order,
    counted, cut by ``cut`` (a condition on ``k``, maybe with its ORDER BY and LIMIT), then
    joined with the players' names; in board order. The previous shape (the followed keys in
    one query, paged in Python, then the page's entries and names in a second) measured 3.07 ×
    the unfiltered top page (bench/seasons.py). On PostgreSQL the ids go as one array parameter
    (``= ANY(%s)``: an ``IN`` of ~500 parameters cost about twice the ~500 index lookups
    themselves); SQLite, which has no arrays, gets the ``IN`` list."""
    if not ids:
        return []
    connection = connections[replica.read_alias()]
    id_parameters: list[Any]
    if connection.vendor == "postgresql":
        among, id_parameters = "= ANY(%s)", [ids]
    else:
        among, id_parameters = f"IN ({', '.join(['%s'] * len(ids))})", list(ids)
    entries, players = SeasonEntry._meta.db_table, Player._meta.db_table
    if " ORDER BY " not in cut:
        cut += " ORDER BY k.n"
    sql = (
        "WITH k AS (SELECT rank, player_id, points, days, wins, "
        "RANK() OVER (ORDER BY rank) AS among_rank, "
        "ROW_NUMBER() OVER (ORDER BY rank, player_id) AS n, COUNT(*) OVER () AS total "
        f"FROM {entries} WHERE season_id = %s AND player_id {among}), "
        f"c AS (SELECT * FROM k WHERE {cut}) "
        "SELECT c.rank, c.player_id, c.points, c.days, c.wins, c.among_rank, c.n, c.total, p.name "
        f"FROM c JOIN {players} p ON p.id = c.player_id ORDER BY c.n"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [season_key, *id_parameters, *parameters])
        found = cursor.fetchall()
    rows = []
    for rank, player_id, points, days, wins, among_rank, n, total, name in found:
        entry = SeasonEntry(
            season_id=season_key,
            player_id=player_id,
            points=points,
            days=days,
            wins=wins,
            rank=rank,
        )
        entry.player = Player(pk=player_id, name=name)
        rows.append(_AmongRow(entry, among_rank, n, total))
    return rows


@replica.lagging
def read(
    span: Span,
    viewer: Player | None,
    limit: int = DEFAULT_PAGE_SIZE,
    where: Cursor | None = None,
    among: Collection[int] | None = None,
    around_me: bool = False,
) -> tuple[Season, Page]:
    """The season's row and its board as the REST view answers it (``around_me``: the viewer's
    neighbourhood), with the viewer's own entry. On the replica: a board changes only when the
    ``close_seasons`` job rebuilds it, never by the viewer's own request."""
    row = stored(span)
    if around_me:
        assert viewer is not None
        return row, around(row, viewer, limit, among)
    result = page(row, limit, where, among)
    result.me = entry_of(row, viewer, among) if viewer is not None else None
    return row, result


@replica.lagging
def current(spans: Collection[Span]) -> list[Season]:
    """The rows of these seasons (today's week and month), on the replica."""
    return [stored(span) for span in spans]


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
        SeasonEntry.objects.using(replica.read_alias())
        .filter(player=player)
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
