"""The one public representation of games, summaries and log entries, shared by REST,
WebSocket, statistics and the published changes.

Only what a player may see: each pile's top card and count, the reserve, never a card below a
pile's top.
"""

from __future__ import annotations

from games.core.clock import iso
from games.core.errors import message_for
from games.engine import PILES, RESERVE, Board, Removal
from games.players.presentation import player_ref

from .models import Game, GameEvent, PlayedAt
from .selectors import played_at

#: The web client's route of a challenge (relative to the site).
CHALLENGE_LINK = "/#/challenge/{code}"


def game_payload(game: Game, board: Board | None = None) -> dict:
    board = board or game.board()
    piles = board.piles
    return {
        "id": game.pk,
        "deal_code": game.deal.code,
        "owner": player_ref(game.owner_id, game.owner.name),
        "status": game.status,
        "score": board.score,
        "moves": board.moves,
        "cards_left": board.cards_left,
        "version": game.version,
        "started_at": iso(game.started_at),
        "clock_started_at": iso(game.clock_started_at),
        "finished_at": iso(game.finished_at),
        "elapsed_ms": game.elapsed_ms(),
        "can_undo": board.can_undo,
        "selection": [p.name for p in board.selection],
        "piles": [
            {
                "position": p.name,
                "count": len(piles[p]),
                "top": piles[p][-1].code if piles[p] else None,
            }
            for p in PILES
        ],
        "reserve": [
            {"position": p.name, "card": None if (c := board.reserve[p - 12]) is None else c.code}
            for p in RESERVE
        ],
        "daily_date": game.daily_date.isoformat() if game.daily_date else None,
        "ranked": game.ranked,
        "watchable": game.watchable,
        "race_id": game.race_id,
        "challenge": challenge_ref(played_at(game)),
        "dimmed": None,  # only the owner's view lists it (owner_view)
    }


def challenge_ref(played: PlayedAt | None) -> dict | None:
    """The challenge a game was played at, as its table needs it: the challenge's code and
    link, its creator, the result to beat (in the board's order: won, score, elapsed, end) and
    whether the game counts on the board. What the challenge's own page shows anyone with its
    code (``games.challenges.presentation``), and never the deal: whoever may see a game played
    at a challenge holds its code (SPEC §11)."""
    if played is None:
        return None
    return {
        "code": played.code,
        "link": CHALLENGE_LINK.format(code=played.code),
        "creator": player_ref(played.creator_id, played.creator_name),
        "result": {
            "status": played.status,
            "score": played.score,
            "moves": played.moves,
            "elapsed_ms": played.elapsed_ms,
            "ended_at": iso(played.ended_at),
        },
        "counted": played.counted,
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
        "at": iso(event.created_at),
    }


def game_summary(game: Game) -> dict:
    """A game in a list of results (statistics): its outcome, not its table."""
    return {
        "id": game.pk,
        "deal_code": game.deal.code,
        "status": game.status,
        "score": game.score,
        "moves": game.moves,
        "elapsed_ms": game.elapsed_ms(),
        "started_at": iso(game.started_at),
        "finished_at": iso(game.finished_at),
        "daily_date": game.daily_date.isoformat() if game.daily_date else None,
        "ranked": game.ranked,
    }


def tap_payload(outcome, player) -> dict:
    """The answer to a tap: a message only with ``move_errors``, dimmed only with
    ``placement_aid``."""
    result = outcome.result
    message = None
    if result.message and player.move_errors:
        message = {"code": result.message, "text": message_for(result.message)}
    game = outcome.owner_payload
    return {
        "game": game,
        "removed": removal_payload(result.removal),
        "message": message,
        "dimmed": game["dimmed"],
    }
