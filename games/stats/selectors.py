"""Player statistics, computed from the stored games and leaderboard entries (never cached).

- games: played (every game started), finished (the ones whose clock has stopped: won,
  resigned or stalled — a stall counts as not won while it lasts; an undo out of it makes the
  game playing again), stalled (of those), won, win rate = won / finished;
- wins: best and average ``elapsed_ms`` of won games (first change to the winning move);
- daily: ranked attempts, the ones won on their board, the current and best streak of
  consecutive dates won (a disqualified attempt counts as not won), and the best rank;
- races: finished races, first places, podiums (top three) and the race rating;
- recent: the latest games, newest first — as the viewer may see them: the owner sees all of
  them; anyone else only finished games, and no game of a daily deal whose day is still open
  nor of a race that has not ended
  (statistics never show more of a game than the game itself would).
"""

from __future__ import annotations

import datetime as dt

from django.db.models import Avg, Count, DurationField, ExpressionWrapper, F, Min, Q, QuerySet

from games.core import clock, replica
from games.daily import leaderboard
from games.daily.models import LeaderboardEntry
from games.play.models import Game
from games.play.presentation import game_summary
from games.players.models import Player
from games.players.presentation import player_ref
from games.races.models import Race
from games.races.selectors import race_figures
from games.seasons.selectors import history as season_history

RECENT_GAMES = 10
#: The statuses the win rate counts: the game's clock has stopped (``Game.finished_at``).
ENDED = (*Game.OVER, Game.StatusChoice.STALLED.value)


@replica.lagging
def stats_of(player: Player, viewer: Player | None = None) -> dict:
    """On the replica, but a player's own statistics on the primary: every game the player
    starts, moves in or ends changes them, and the client shows them right after."""
    if viewer is not None and viewer.pk == player.pk:
        replica.primary()
    games = Game.objects.using(replica.read_alias()).filter(owner=player)
    counts = games.aggregate(
        played=Count("pk"),
        finished=Count("pk", filter=Q(status__in=ENDED)),
        stalled=Count("pk", filter=Q(status=Game.StatusChoice.STALLED)),
        won=Count("pk", filter=Q(status=Game.StatusChoice.WON)),
    )
    # A won game's clock ran from its first change (SPEC §7).
    duration = ExpressionWrapper(
        F("finished_at") - F("clock_started_at"), output_field=DurationField()
    )
    wins = games.filter(status=Game.StatusChoice.WON).aggregate(
        best=Min(duration), average=Avg(duration)
    )
    current, best = streaks(player)
    return {
        "player": player_ref(player.pk, player.name),
        "games_played": counts["played"],
        "games_finished": counts["finished"],
        "games_stalled": counts["stalled"],
        "games_won": counts["won"],
        "win_rate": round(counts["won"] / counts["finished"], 4) if counts["finished"] else None,
        "best_win_ms": _ms(wins["best"]),
        "average_win_ms": _ms(wins["average"]),
        "daily": {
            "ranked_attempts": games.filter(ranked=True).count(),
            "won": _won_entries(player).count(),
            "current_streak": current,
            "best_streak": best,
            "best_rank": leaderboard.best_rank(player),
        },
        "races": race_figures(player),
        "seasons": season_history(player),
        "recent_games": [
            game_summary(g)
            for g in summaries_visible(player, viewer)
            .select_related("deal")
            .order_by("-started_at", "-pk")[:RECENT_GAMES]
        ],
    }


def summaries_visible(player: Player, viewer: Player | None) -> QuerySet[Game]:
    """The games of ``player`` whose summary ``viewer`` may see (see the module's docstring)."""
    games = Game.objects.using(replica.read_alias()).filter(owner=player)
    if viewer is not None and viewer.pk == player.pk:
        return games
    return (
        games.filter(status__in=Game.OVER)
        .exclude(daily_date__gte=clock.today())
        .exclude(race__status__in=Race.UNFINISHED)
    )


def _won_entries(player: Player):
    return LeaderboardEntry.objects.using(replica.read_alias()).filter(
        player=player, result=LeaderboardEntry.Result.WON, game__disqualified_at__isnull=True
    )


def streaks(player: Player, today: dt.date | None = None) -> tuple[int, int]:
    """(current, best) runs of consecutive dates whose ranked attempt won on its board.

    The current run ends today when today's attempt is won, else yesterday while today's can
    still be won (no entry yet); an entry for today that is not a win ends it.
    """
    today = today or clock.today()
    won = set(_won_entries(player).values_list("date", flat=True))
    best = run = 0
    previous = None
    for date in sorted(won):
        run = run + 1 if previous is not None and date - previous == dt.timedelta(days=1) else 1
        best, previous = max(best, run), date
    day = today
    if today not in won:
        if (
            LeaderboardEntry.objects.using(replica.read_alias())
            .filter(player=player, date=today)
            .exists()
        ):
            return 0, best
        day = today - dt.timedelta(days=1)
    current = 0
    while day in won:
        current, day = current + 1, day - dt.timedelta(days=1)
    return current, best


def _ms(duration: dt.timedelta | None) -> int | None:
    return None if duration is None else int(duration / dt.timedelta(milliseconds=1))
