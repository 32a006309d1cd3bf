"""What the webhooks do when another domain changes (:mod:`games.core.events`): each event
that concerns a subscribed app becomes a pending delivery, written in the change's own
transaction — a change rolled back delivers nothing — and posted after commit by the
``deliver_webhooks`` job (:mod:`.delivery`)."""

from __future__ import annotations

from games.challenges.models import ChallengeAttempt
from games.core.clock import iso
from games.daily.events import day_closing
from games.daily.models import DailyBoard, LeaderboardEntry
from games.daily.presentation import entry_payload
from games.play.events import game_changing
from games.play.models import Game
from games.races.events import race_finishing
from games.races.models import Race
from games.seasons.events import season_closing
from games.seasons.models import Season
from games.seasons.selectors import page

from . import events, services
from .models import Subscription
from .selectors import apps_connected_by


def _subscribed(event: str) -> bool:
    """Whether any enabled subscription wants ``event`` (one cheap query; most changes stop
    here when no app subscribes)."""
    return Subscription.objects.filter(disabled_at__isnull=True, events__contains=event).exists()


def game_ended(game: Game) -> None:
    """A game just won or resigned (a game over never changes again, so this runs once per
    game): ``game.ended`` and, for a challenge attempt, ``challenge.result`` — to the apps
    its owner connected only."""
    if not game.is_over or game.finished_at is None:
        return
    wanted = [name for name in ("game.ended", "challenge.result") if _subscribed(name)]
    if not wanted:
        return
    apps = apps_connected_by([game.owner_id])
    if not apps:
        return
    if "game.ended" in wanted:
        services.enqueue("game.ended", events.game_ended(game), apps)
    if "challenge.result" in wanted:
        attempt = (
            ChallengeAttempt.objects.select_related("challenge")
            .filter(game_id=game.pk, ended_at__isnull=False)
            .first()
        )
        if attempt is not None:
            services.enqueue("challenge.result", events.challenge_result(attempt, game.owner), apps)


def daily_closed(day: DailyBoard) -> None:
    """A day's board closed: its final standings (the top :data:`events.BOARD_TOP`) to every
    app subscribed — the board is public."""
    if not _subscribed("daily.closed"):
        return
    entries = (
        LeaderboardEntry.objects.filter(date=day.date, game__disqualified_at__isnull=True)
        .select_related("player")
        .order_by("standing", "ended_at", "game")
    )
    total = entries.count()
    top = [entry_payload(entry, rank) for rank, entry in enumerate(entries[: events.BOARD_TOP], 1)]
    payload = {
        "date": day.date.isoformat(),
        "closed_at": iso(day.closed_at),
        "total": total,
        "top": top,
    }
    services.enqueue("daily.closed", payload, None)


def race_finished(race: Race) -> None:
    """A race finished: its standings to the apps one of its members connected."""
    if not _subscribed("race.finished"):
        return
    members = list(race.members.select_related("player"))
    apps = apps_connected_by([member.player_id for member in members])
    if apps:
        services.enqueue("race.finished", events.race_finished(race, members), apps)


def season_closed(season: Season) -> None:
    """A season closed: its final standings (the board's first page) to every app
    subscribed — the board is public."""
    if not _subscribed("season.closed"):
        return
    board = page(season, events.BOARD_TOP)
    payload = {
        "season": season.key,
        "closed_at": iso(season.closed_at),
        "total": board.total,
        "top": board.results,
    }
    services.enqueue("season.closed", payload, None)


game_changing.connect("webhooks.game_ended", game_ended)
day_closing.connect("webhooks.daily_closed", daily_closed)
race_finishing.connect("webhooks.race_finished", race_finished)
season_closing.connect("webhooks.season_closed", season_closed)
