"""Reads of fair play, for staff: the queue of flags."""

from __future__ import annotations

from django.db.models import Case, IntegerField, QuerySet, Value, When
from django.db.models.functions import TruncDate

from .models import FairPlayFlag


def queue() -> QuerySet[FairPlayFlag]:
    """Every flag, open ones first; then the newest results (by the day they ended) first and,
    within a day, the strongest signals first."""
    return FairPlayFlag.objects.select_related(
        "game__deal", "player", "race", "earlier_game__owner", "resolved_by"
    ).order_by(*QUEUE_ORDER)


#: Open first, newest day first, strongest first (then the latest result, the latest flag).
QUEUE_ORDER = (
    Case(
        When(state=FairPlayFlag.State.OPEN, then=Value(0)),
        default=Value(1),
        output_field=IntegerField(),
    ).asc(),
    TruncDate("played_at").desc(),
    "-strength",
    "-played_at",
    "-id",
)


def flags_of(game_id: int) -> list[FairPlayFlag]:
    return list(FairPlayFlag.objects.filter(game_id=game_id).order_by("id"))
