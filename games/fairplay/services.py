"""Staff acting on a fair-play flag: clear it, or disqualify the flagged result. Each with a
reason, audited (who, when, why: the flag keeps it, and the staff actions' trail records it).

- **Clear**: the signal was looked at and the result stands; that flag alone is closed (another
  signal on the same result stays open: it is other evidence).
- **Disqualify**: the result is taken out through the existing disqualifications — a ranked
  daily attempt leaves its leaderboard (:func:`games.moderation.services.disqualify`), a race
  result leaves the standings and the race's rating changes are undone
  (:func:`games.moderation.services.disqualify_race_result`, which calls the races'
  ``settlement.disqualify_member``) — and every open flag of that result is closed with it.

One transaction each, the flag row locked, in the pattern of the moderation services.
"""

from __future__ import annotations

from django.db import transaction

from games.core import clock
from games.moderation import services as moderation
from games.moderation.services import Actor, clean_reason

from .errors import FairPlayFlagNotFound, FairPlayFlagResolved
from .models import FairPlayFlag

State = FairPlayFlag.State


def clear(actor: Actor, flag_id: int | str, reason: str) -> FairPlayFlag:
    """The signal was reviewed and the result stands."""
    reason = clean_reason(reason)
    with transaction.atomic():
        flag = _open_flag(flag_id)
        _resolve([flag], State.CLEARED, actor, reason)
        moderation.record(
            actor, "clear_fair_play_flag", f"game:{flag.game_id}", _described(flag, reason)
        )
    return flag


def disqualify(actor: Actor, flag_id: int | str, reason: str) -> FairPlayFlag:
    """Disqualify the flagged result (a ranked attempt, or a race result with its ratings)."""
    reason = clean_reason(reason)
    with transaction.atomic():
        flag = _open_flag(flag_id)
        if flag.race_id is not None:
            moderation.disqualify_race_result(actor, flag.race_id, flag.player_id, reason)
        else:
            moderation.disqualify(actor, flag.game_id, reason)
        others = list(
            FairPlayFlag.objects.select_for_update()
            .filter(game_id=flag.game_id, state=State.OPEN)
            .exclude(pk=flag.pk)
        )
        _resolve([flag, *others], State.DISQUALIFIED, actor, reason)
        moderation.record(
            actor, "disqualify_fair_play_flag", f"game:{flag.game_id}", _described(flag, reason)
        )
    return flag


def _open_flag(flag_id: int | str) -> FairPlayFlag:
    try:
        flag = FairPlayFlag.objects.select_for_update().get(pk=flag_id)
    except (FairPlayFlag.DoesNotExist, ValueError, TypeError):
        raise FairPlayFlagNotFound(f"There is no fair-play flag {flag_id}.") from None
    if flag.state != State.OPEN:
        raise FairPlayFlagResolved(f"Fair-play flag {flag.pk} is already {flag.state}.")
    return flag


def _resolve(flags: list[FairPlayFlag], state: str, actor: Actor, reason: str) -> None:
    now = clock.now()
    for flag in flags:
        flag.state, flag.resolved_by, flag.resolved_at = state, actor, now
        flag.resolution_reason = reason
        flag.save(update_fields=["state", "resolved_by", "resolved_at", "resolution_reason"])


def _described(flag: FairPlayFlag, reason: str) -> str:
    return f"{flag.kind} flag #{flag.pk}: {reason}"
