"""The public representations of seasons: a season, an entry on its board."""

from __future__ import annotations

from games.core.clock import iso
from games.players.presentation import player_ref

from .models import Season, SeasonEntry


def season_payload(season: Season) -> dict:
    return {
        "season": season.key,
        "kind": season.kind,
        "starts_on": season.starts_on.isoformat(),
        "ends_on": season.ends_on.isoformat(),
        "closed": season.closed_at is not None,
        "computed_at": iso(season.computed_at),
        "days_counted": season.days_counted,
    }


def season_entry_payload(entry: SeasonEntry, rank: int) -> dict:
    """An entry (REST pages and the live socket alike); ``rank`` is the board's, or the rank
    among the people the viewer follows on a ``?among=following`` page."""
    return {
        "rank": rank,
        "player": player_ref(entry.player_id, entry.player.name),
        "points": entry.points,
        "days": entry.days,
        "wins": entry.wins,
    }
