"""Every change of the daily domain (SPEC §2, §7): starting today's deal, entering ranked
attempts on their board, closing a day; and, after commit, the rank index and the live board.

Same pattern as :mod:`games.play.services`: one function per change, one transaction, row
locks, work for others (rank index, ``board_changed``) only after commit. The day is the UTC
date of :func:`games.core.clock.now`; a date's board opens with its first daily game and
closes once, after midnight, by ``close_daily`` or on the first read of its board.

Concurrency:
- starting: the player's row is locked, so one player's concurrent starts queue and only the
  first is ranked (the ``one_ranked_attempt_per_day`` constraint backs this up);
- a start shares a lock on the date's board row (``FOR SHARE``), which the closer takes
  exclusively: no ranked attempt can appear behind a closer's back;
- a ranked attempt that ends enters the board in the same transaction, holding its game row;
  the closer locks every unentered attempt's row, re-reads which entered meanwhile, and enters
  the rest as they stood at midnight (replayed from the move log when played on after it).
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass
from typing import Any

from django.db import connection, transaction

from games.core import clock
from games.core.signals import board_changed
from games.core.transactions import retried
from games.engine import DealCode, Status
from games.play import selectors as play_selectors
from games.play import services as play
from games.play.models import Game
from games.play.standings import standing_of
from games.players.models import Player

from . import ranks
from .choice import daily_code
from .dates import is_over
from .errors import DailyClosed, DailyNotClosed
from .events import day_closing
from .models import DailyBoard, LeaderboardEntry
from .presentation import entry_payload

logger = logging.getLogger(__name__)

#: Above this many entries at once (a day closing), watchers get one "closed" message only.
PUSH_LIMIT = 200


# -- starting --------------------------------------------------------------------------------
def start_daily(player: Player) -> play.Outcome:
    """Start today's deal: the player's first game of it is ranked, later ones are practice."""
    date = clock.today()
    code = daily_code(date)  # before the transaction: choosing on demand may take a while
    return _start_daily(player, date, code)


@retried(landed=play.game_stored)
def _start_daily(player: Player, date: dt.date, code: DealCode) -> play.Outcome:
    Player.objects.select_for_update().filter(pk=player.pk).exists()
    DailyBoard.objects.get_or_create(date=date)
    if _board_closed_shared(date):
        raise DailyClosed(
            f"The daily deal of {date} has just closed: start today's.", date=date.isoformat()
        )
    deal = play.deal_for(code)
    ranked = not Game.objects.filter(owner=player, daily_date=date, ranked=True).exists()
    return play.create_game(player, deal, daily_date=date, ranked=ranked)


def _board_closed_shared(date: dt.date) -> bool:
    """Read the board row under a shared lock (PostgreSQL): closers wait, starters do not."""
    if connection.vendor != "postgresql":  # SQLite runs one writer at a time
        return DailyBoard.objects.filter(date=date, closed_at__isnull=False).exists()
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT closed_at FROM {DailyBoard._meta.db_table} WHERE date = %s FOR SHARE", [date]
        )
        row = cursor.fetchone()
    return bool(row and row[0])


# -- entering --------------------------------------------------------------------------------
def enter_if_ended(game: Game) -> None:
    """Inside a game change's transaction (``game_changing``): a ranked attempt that just ended.

    A ranked attempt that ended (won or resigned: a stalled one can still undo) during its day
    enters its board now. One that ended after midnight enters at the close, as it stood at
    midnight.
    """
    if not (game.ranked and game.daily_date and game.finished_at and game.is_over):
        return
    if game.updated_at >= clock.day_end(game.daily_date):  # the moment it became over
        return
    if DailyBoard.objects.filter(date=game.daily_date, closed_at__isnull=False).exists():
        return
    if LeaderboardEntry.objects.filter(game_id=game.pk).exists():
        return
    entry = LeaderboardEntry.objects.create(
        **_entry_fields(game, game.status, game.score, game.moves, game.finished_at, clock.now())
    )
    entry.player = game.owner
    date = game.daily_date
    transaction.on_commit(lambda: entered(date, [entry]), robust=True)


def _entry_fields(
    game: Game,
    status: str | Status,
    score: int,
    moves: int,
    ended_at: dt.datetime,
    entered_at: dt.datetime,
) -> dict[str, Any]:
    status = Status(status)
    won = status is Status.WON
    result = (
        LeaderboardEntry.Result.WON
        if won
        else LeaderboardEntry.Result.RESIGNED
        if status is Status.RESIGNED
        else LeaderboardEntry.Result.UNFINISHED
    )
    started = game.clock_started_at or ended_at  # never changed: its clock never ran
    elapsed = max(0, (ended_at - started) // dt.timedelta(milliseconds=1))
    return dict(
        game=game,
        date=game.daily_date,
        player_id=game.owner_id,
        result=result,
        score=score,
        moves=moves,
        elapsed_ms=elapsed,
        ended_at=ended_at,
        standing=standing_of(won, score, elapsed),
        entered_at=entered_at,
    )


# -- closing ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Closing:
    date: dt.date
    closed_now: bool
    entered: int


def close_day(date: dt.date) -> Closing:
    """Enter every ranked attempt of a past date not on its board yet, then mark it closed.

    Idempotent, and safe when run twice at once: the second waits on the board row's lock and
    then finds it closed. An attempt unfinished at midnight enters with its score at midnight.
    """
    if not is_over(date):
        raise DailyNotClosed(
            f"The daily deal of {date} is still open: it closes at "
            f"{clock.day_end(date).isoformat()}.",
            date=date.isoformat(),
        )
    end = clock.day_end(date)
    with transaction.atomic():
        if not DailyBoard.objects.filter(date=date).exists():
            if not Game.objects.filter(daily_date=date, ranked=True).exists():
                return Closing(date, False, 0)  # nobody played: nothing to close, nothing stored
            DailyBoard.objects.get_or_create(date=date)
        day = DailyBoard.objects.select_for_update().get(date=date)
        if day.closed_at is not None:
            return Closing(date, False, 0)
        attempts = list(
            Game.objects.select_for_update(of=("self",))
            .filter(daily_date=date, ranked=True, leaderboard_entry__isnull=True)
            .select_related("deal", "owner")
            .order_by("pk")
        )
        entered_meanwhile = set(
            LeaderboardEntry.objects.filter(game_id__in=[g.pk for g in attempts]).values_list(
                "game_id", flat=True
            )
        )
        now = clock.now()
        entries = [
            LeaderboardEntry(**_entry_at(game, end, now))
            for game in attempts
            if game.pk not in entered_meanwhile
        ]
        LeaderboardEntry.objects.bulk_create(entries, batch_size=1000)
        for entry in entries:
            entry.player = entry.game.owner
        day.closed_at = now
        day.save(update_fields=["closed_at"])
        day_closing.send(day)  # the webhooks of daily.closed
    transaction.on_commit(lambda: entered(date, entries, closed=True), robust=True)
    return Closing(date, True, len(entries))


def _entry_at(game: Game, end: dt.datetime, now: dt.datetime) -> dict[str, Any]:
    """A ranked attempt as it stood at ``end`` (midnight after its date): one over by then with
    its own end (``finished_at``: a stall before the resignation, if any); else — still playing
    or stalled — with its score at midnight, measured to midnight (SPEC §7)."""
    if game.is_over and game.finished_at is not None and game.updated_at < end:
        return _entry_fields(game, game.status, game.score, game.moves, game.finished_at, now)
    board = game.board() if game.updated_at < end else play_selectors.replay(game, before=end)
    return _entry_fields(game, board.status, board.score, board.moves, end, now)


def ensure_closed(date: dt.date) -> None:
    """Close a past date on demand (reading its board); a no-op once closed or never opened."""
    if is_over(date) and DailyBoard.objects.filter(date=date, closed_at__isnull=True).exists():
        close_day(date)


# -- after commit: the rank index and the live board -------------------------------------------
def entered(date: dt.date, entries: list[LeaderboardEntry], closed: bool = False) -> None:
    """New entries are committed: put them in the rank index, then tell the live board.

    An entry whose game staff disqualified before it ended is stored (a reinstatement puts it
    back) but is not on the board: it is neither indexed nor pushed.
    """
    entries = [entry for entry in entries if entry.game.disqualified_at is None]
    index = ranks.index()
    index.add(date, entries)
    changes = []
    if len(entries) <= PUSH_LIMIT:
        changes = [("entered", entry_payload(entry, index.rank(date, entry))) for entry in entries]
    _changed(date, changes, index.total(date), closed)


def entry_refreshed(game: Game) -> None:
    """After commit: a ranked attempt was disqualified or reinstated by staff."""
    entry = (
        LeaderboardEntry.objects.select_related("player", "game").filter(game_id=game.pk).first()
    )
    if entry is None:
        return
    index = ranks.index()
    if entry.game.disqualified_at is not None:
        index.remove(entry.date, [entry])
        change = ("removed", entry_payload(entry, None))
    else:
        index.add(entry.date, [entry])
        change = ("entered", entry_payload(entry, index.rank(entry.date, entry)))
    _changed(entry.date, [change], index.total(entry.date), closed=False)


def _changed(
    date: dt.date, changes: list[tuple[str, dict[str, Any]]], total: int, closed: bool
) -> None:
    try:
        board_changed.send(sender=__name__, date=date, changes=changes, total=total, closed=closed)
    except Exception:  # committed already; a watcher resynchronises from the REST board
        logger.exception("Could not push a leaderboard change of %s", date)
