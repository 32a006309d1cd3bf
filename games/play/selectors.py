"""Reads of the play domain: games, pages of a player's games, logs and replays."""

from __future__ import annotations

from games.engine import Action, Board, Layout, Position

from .errors import GameNotFound
from .models import Game, GameEvent


def game_for_reading(game_id) -> Game:
    try:
        return Game.objects.select_related("deal", "owner").get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise GameNotFound(f"There is no game {game_id}.", game_id=game_id) from None


def games_of(
    player, status: str | None = None, before: int | None = None, limit: int = 20
) -> tuple[list[Game], int | None]:
    """A page of a player's games, newest first, and the ``before`` cursor of the next page."""
    query = Game.objects.filter(owner=player).select_related("deal", "owner").order_by("-id")
    if status:
        query = query.filter(status=status)
    if before is not None:
        query = query.filter(id__lt=before)
    page = list(query[: limit + 1])
    more = len(page) > limit
    page = page[:limit]
    return page, (page[-1].pk if more and page else None)


def log_of(game: Game) -> list[GameEvent]:
    return list(game.events.order_by("seq"))


def action_of(event: GameEvent) -> Action:
    """The engine action a log entry records; raises EngineError/ValueError when unreadable."""
    return Action(event.kind, tuple(Position.parse(p) for p in event.positions.split("+") if p))


def replay(game: Game, before=None) -> Board:
    """Rebuild a game's board from its deal and its move log (only changes made ``before``)."""
    events = game.events.order_by("seq")
    if before is not None:
        events = events.filter(created_at__lt=before)
    return Board.replay(Layout.from_text(game.deal.layout), [action_of(e) for e in events])
