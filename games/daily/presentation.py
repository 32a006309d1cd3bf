"""The public representations of the daily domain: leaderboard entries and a past deal."""

from __future__ import annotations

from games.engine import PILES, DealCode, Layout
from games.play.presentation import iso
from games.players.presentation import player_ref

from .models import LeaderboardEntry


def entry_payload(entry: LeaderboardEntry, rank: int | None) -> dict:
    """A leaderboard entry (REST pages and the live board socket alike)."""
    return {
        "rank": rank,
        "player": player_ref(entry.player_id, entry.player.name),
        "game_id": entry.game_id,
        "result": entry.result,
        "score": entry.score,
        "moves": entry.moves,
        "elapsed_ms": entry.elapsed_ms,
        "ended_at": iso(entry.ended_at),
    }


def layout_payload(date, code: DealCode, layout: Layout) -> dict:
    """A closed date's whole deal: every pile bottom to top, then the reserve."""
    return {
        "date": date.isoformat(),
        "deal_code": code.text,
        "piles": [{"position": p.name, "cards": [c.code for c in layout.piles[p]]} for p in PILES],
        "reserve": [None if c is None else c.code for c in layout.reserve],
    }
