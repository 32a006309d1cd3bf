"""Reads of the daily domain: who may watch a daily game, a player's attempt, past layouts."""

from __future__ import annotations

import datetime as dt

from django.conf import settings

from games.core import clock
from games.engine import DealCode, Layout
from games.play.models import Deal, Game
from games.players.models import Player

from .choice import daily_code
from .dates import is_over
from .errors import DailyGameHidden, DailyNotClosed
from .models import DailyBoard


def ensure_watchable(viewer, game: Game) -> None:
    """Games of a daily deal are seen by their owner only until the day is over (SPEC §3, §7)."""
    if game.daily_date is None or is_over(game.daily_date):
        return
    if viewer is not None and getattr(viewer, "pk", None) == game.owner_id:
        return
    raise DailyGameHidden(
        "This game is of today's daily deal: only its player may watch it until the day closes.",
        game_id=game.pk,
        opens_at=clock.day_end(game.daily_date).isoformat(),
    )


def ranked_attempt(player: Player | None, date: dt.date) -> Game | None:
    if player is None:
        return None
    return (
        Game.objects.select_related("deal", "owner")
        .filter(owner=player, daily_date=date, ranked=True)
        .first()
    )


def closed_layout(date: dt.date) -> tuple[DealCode, Layout]:
    """The full layout of a past date's deal; never while it is open (callers close a past
    date first: :func:`games.daily.services.ensure_closed`)."""
    if not is_over(date):
        raise DailyNotClosed(
            f"The layout of the daily deal of {date} is shown only after the day "
            f"closes at {clock.day_end(date).isoformat()}.",
            date=date.isoformat(),
        )
    code = daily_code(date)
    stored = Deal.objects.filter(code=code.text).values_list("layout", flat=True).first()
    return code, (Layout.from_text(stored) if stored else code.layout(settings.HALFMOON_DEAL_KEY))


def open_days_before(date: dt.date) -> list[dt.date]:
    """Dates before ``date`` whose board is still open (for ``close_daily`` without --date)."""
    return list(
        DailyBoard.objects.filter(date__lt=date, closed_at__isnull=True)
        .order_by("date")
        .values_list("date", flat=True)
    )
