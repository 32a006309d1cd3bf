"""The one public representation of games and log entries, shared by REST, WebSocket and events.

Only what a player may see: each pile's top card and count, the reserve, never a card below a
pile's top.
"""
from __future__ import annotations

from .engine import PILES, RESERVE, Board, Removal
from .models import Game, GameEvent


def _iso(moment):
    return moment.isoformat().replace("+00:00", "Z") if moment else None


def game_payload(game: Game, board: Board | None = None) -> dict:
    board = board or game.board()
    piles = board.piles
    return {
        "id": game.pk,
        "deal_code": game.deal.code,
        "owner": {"id": game.owner_id, "name": game.owner.name},
        "status": game.status,
        "score": board.score,
        "moves": board.moves,
        "cards_left": board.cards_left,
        "version": game.version,
        "started_at": _iso(game.started_at),
        "finished_at": _iso(game.finished_at),
        "elapsed_ms": game.elapsed_ms(),
        "can_undo": board.can_undo,
        "selection": [p.name for p in board.selection],
        "piles": [{"position": p.name, "count": len(piles[p]),
                   "top": piles[p][-1].code if piles[p] else None} for p in PILES],
        "reserve": [{"position": p.name, "card": None if (c := board.reserve[p - 12]) is None
                     else c.code} for p in RESERVE],
        "daily_date": game.daily_date.isoformat() if game.daily_date else None,
        "ranked": game.ranked,
        "dimmed": None,  # only the owner's view lists it (owner_view)
    }


def owner_view(payload: dict, board: Board, player) -> dict:
    """The owner's representation of a game: the public one with ``dimmed``, the positions
    the placement aid dims (SPEC §4), when ``player`` (the owner) has that setting on.

    Returns ``payload`` itself when the setting is off, so callers can tell with ``is`` that
    the owner sees nothing more than every other watcher.
    """
    if not player.placement_aid:
        return payload
    return {**payload, "dimmed": [p.name for p in board.dimmed()]}


def game_view(game: Game, viewer) -> dict:
    """A game as ``viewer`` (a player, or None) reads it: the owner's view for its owner, the
    public representation for everyone else."""
    board = game.board()
    payload = game_payload(game, board)
    if viewer is None or getattr(viewer, "pk", None) != game.owner_id:
        return payload
    return owner_view(payload, board, viewer)


def removal_payload(removal: Removal | None) -> list[dict] | None:
    return removal.as_dicts() if removal else None


def event_payload(event: GameEvent) -> dict:
    cards = Removal.from_text(event.cards).as_dicts() if event.cards else None
    return {
        "seq": event.seq,
        "kind": event.kind,
        "positions": event.positions.split("+") if event.positions else [],
        "removed": cards if event.kind != GameEvent.Kind.UNDO else None,
        "restored": cards if event.kind == GameEvent.Kind.UNDO else None,
        "at": _iso(event.created_at),
    }
