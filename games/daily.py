"""The daily deal (SPEC §2, §7): starting it, entering ranked attempts, closing a day.

Same pattern as :mod:`games.services`: one function per change, one transaction, row locks,
work for others (rank index, live board) only after commit. The day is the UTC date of
:func:`games.clock.now`; a date's board opens with its first daily game and closes once, after
midnight, by ``close_daily`` or on the first read of its board.

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
import re
from dataclasses import dataclass

from django.conf import settings
from django.db import connection, transaction

from . import clock, leaderboard, services
from .engine import DealCode, Layout, Status
from .errors import ServiceError
from .models import DailyBoard, Deal, Game, LeaderboardEntry, Player

_DATE_RE = re.compile(r"\d{4}-\d{2}-\d{2}")


class InvalidDate(ServiceError):
    code = "invalid_date"


class DateInFuture(ServiceError):
    code = "date_in_future"


class DailyNotClosed(ServiceError):
    code = "daily_not_closed"


class DailyClosed(ServiceError):
    code = "daily_closed"


class DailyGameHidden(ServiceError):
    code = "daily_game_hidden"


# -- dates -----------------------------------------------------------------------------------
def parse_date(text) -> dt.date:
    """A ``YYYY-MM-DD`` date up to today (UTC); anything else is refused with a clear code."""
    if not isinstance(text, str) or not _DATE_RE.fullmatch(text):
        raise InvalidDate("A date is written YYYY-MM-DD, like 2026-11-30.", date=str(text)[:40])
    try:
        date = dt.date.fromisoformat(text)
    except ValueError:
        raise InvalidDate(f"{text} is not a date of the calendar.", date=text) from None
    if date > clock.today():
        raise DateInFuture(f"{text} has not begun yet (today is {clock.today()} UTC): its "
                           "daily deal and leaderboard do not exist yet.", date=text)
    return date


def daily_code(date: dt.date) -> DealCode:
    return DealCode.daily(date, settings.HALFMOON_DEAL_KEY)


def is_over(date: dt.date) -> bool:
    """True once the date has passed in UTC: its deal may then be shown and its board closed."""
    return date < clock.today()


# -- starting --------------------------------------------------------------------------------
def start_daily(player: Player) -> services.Outcome:
    """Start today's deal: the player's first game of it is ranked, later ones are practice."""
    date = clock.today()
    with transaction.atomic():
        Player.objects.select_for_update().filter(pk=player.pk).exists()
        DailyBoard.objects.get_or_create(date=date)
        if _board_closed_shared(date):
            raise DailyClosed(f"The daily deal of {date} has just closed: start today's.",
                              date=date.isoformat())
        deal = services.deal_for(daily_code(date))
        ranked = not Game.objects.filter(owner=player, daily_date=date, ranked=True).exists()
        return services._create_game(player, deal, daily_date=date, ranked=ranked)


def _board_closed_shared(date: dt.date) -> bool:
    """Read the board row under a shared lock (PostgreSQL): closers wait, starters do not."""
    if connection.vendor != "postgresql":  # SQLite runs one writer at a time
        return DailyBoard.objects.filter(date=date, closed_at__isnull=False).exists()
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT closed_at FROM {DailyBoard._meta.db_table} WHERE date = %s "
                       "FOR SHARE", [date])
        row = cursor.fetchone()
    return bool(row and row[0])


# -- entering --------------------------------------------------------------------------------
def enter_finished(game: Game) -> None:
    """Hook of :mod:`games.services`, inside the change's transaction: a game just ended.

    A ranked attempt that ended during its day enters its board now. One that ended after
    midnight enters at the close, as it stood at midnight.
    """
    if not (game.ranked and game.daily_date and game.finished_at):
        return
    if game.finished_at >= clock.day_end(game.daily_date):
        return
    if DailyBoard.objects.filter(date=game.daily_date, closed_at__isnull=False).exists():
        return
    if LeaderboardEntry.objects.filter(game_id=game.pk).exists():
        return
    entry = LeaderboardEntry.objects.create(**_entry_fields(
        game, game.status, game.score, game.moves, game.finished_at, clock.now()))
    entry.player = game.owner
    transaction.on_commit(lambda: leaderboard.entered(game.daily_date, [entry]), robust=True)


def _entry_fields(game: Game, status, score: int, moves: int, ended_at, entered_at) -> dict:
    status = Status(status)
    won = status is Status.WON
    result = (LeaderboardEntry.Result.WON if won else LeaderboardEntry.Result.RESIGNED
              if status is Status.RESIGNED else LeaderboardEntry.Result.UNFINISHED)
    elapsed = max(0, (ended_at - game.started_at) // dt.timedelta(milliseconds=1))
    return dict(game=game, date=game.daily_date, player_id=game.owner_id, result=result,
                score=score, moves=moves, elapsed_ms=elapsed, ended_at=ended_at,
                standing=leaderboard.standing_of(won, score, elapsed), entered_at=entered_at)


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
        raise DailyNotClosed(f"The daily deal of {date} is still open: it closes at "
                             f"{clock.day_end(date).isoformat()}.", date=date.isoformat())
    end = clock.day_end(date)
    with transaction.atomic():
        if not DailyBoard.objects.filter(date=date).exists():
            if not Game.objects.filter(daily_date=date, ranked=True).exists():
                return Closing(date, False, 0)  # nobody played: nothing to close, nothing stored
            DailyBoard.objects.get_or_create(date=date)
        day = DailyBoard.objects.select_for_update().get(date=date)
        if day.closed_at is not None:
            return Closing(date, False, 0)
        attempts = list(Game.objects.select_for_update(of=("self",))
                        .filter(daily_date=date, ranked=True, leaderboard_entry__isnull=True)
                        .select_related("deal", "owner").order_by("pk"))
        entered_meanwhile = set(LeaderboardEntry.objects.filter(
            game_id__in=[g.pk for g in attempts]).values_list("game_id", flat=True))
        now = clock.now()
        entries = [LeaderboardEntry(**_entry_at(game, end, now))
                   for game in attempts if game.pk not in entered_meanwhile]
        LeaderboardEntry.objects.bulk_create(entries, batch_size=1000)
        for entry in entries:
            entry.player = entry.game.owner
        day.closed_at = now
        day.save(update_fields=["closed_at"])
    transaction.on_commit(lambda: leaderboard.entered(date, entries, closed=True), robust=True)
    return Closing(date, True, len(entries))


def _entry_at(game: Game, end: dt.datetime, now: dt.datetime) -> dict:
    """A ranked attempt as it stood at ``end`` (midnight after its date)."""
    if game.finished_at is not None and game.finished_at < end:
        return _entry_fields(game, game.status, game.score, game.moves, game.finished_at, now)
    board = game.board() if game.updated_at < end else services.replay(game, before=end)
    return _entry_fields(game, board.status, board.score, board.moves, end, now)


def ensure_closed(date: dt.date) -> None:
    """Close a past date on demand (reading its board); a no-op once closed or never opened."""
    if is_over(date) and DailyBoard.objects.filter(date=date, closed_at__isnull=True).exists():
        close_day(date)


def open_days_before(date: dt.date) -> list[dt.date]:
    """Dates before ``date`` whose board is still open (for ``close_daily`` without --date)."""
    return list(DailyBoard.objects.filter(date__lt=date, closed_at__isnull=True)
                .order_by("date").values_list("date", flat=True))


# -- reading ---------------------------------------------------------------------------------
def ensure_watchable(viewer, game: Game) -> None:
    """Games of a daily deal are seen by their owner only until the day is over (SPEC §3, §7)."""
    if game.daily_date is None or is_over(game.daily_date):
        return
    if viewer is not None and getattr(viewer, "pk", None) == game.owner_id:
        return
    raise DailyGameHidden("This game is of today's daily deal: only its player may watch it "
                          "until the day closes.", game_id=game.pk,
                          opens_at=clock.day_end(game.daily_date).isoformat())


def ranked_attempt(player: Player | None, date: dt.date) -> Game | None:
    if player is None:
        return None
    return (Game.objects.select_related("deal", "owner")
            .filter(owner=player, daily_date=date, ranked=True).first())


def closed_layout(date: dt.date) -> tuple[DealCode, Layout]:
    """The full layout of a past date's deal, closing the date first; never while it is open."""
    if not is_over(date):
        raise DailyNotClosed(f"The layout of the daily deal of {date} is shown only after the day "
                             f"closes at {clock.day_end(date).isoformat()}.",
                             date=date.isoformat())
    ensure_closed(date)
    code = daily_code(date)
    stored = Deal.objects.filter(code=code.text).values_list("layout", flat=True).first()
    return code, (Layout.from_text(stored) if stored else code.layout(settings.HALFMOON_DEAL_KEY))
