"""Read-only lookups shared by the REST views, the WebSocket consumer and the admin."""
from __future__ import annotations

from .errors import GameNotFound
from .models import Game, GameEvent, Player


def game_for_reading(game_id) -> Game:
    try:
        return Game.objects.select_related("deal", "owner").get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise GameNotFound(f"There is no game {game_id}.", game_id=game_id) from None


def games_of(player: Player, status: str | None = None, before: int | None = None,
             limit: int = 20) -> tuple[list[Game], int | None]:
    """A page of a player's games, newest first, and the ``before`` cursor of the next page."""
    query = Game.objects.filter(owner=player).select_related("deal", "owner").order_by("-id")
    if status:
        query = query.filter(status=status)
    if before is not None:
        query = query.filter(id__lt=before)
    page = list(query[:limit + 1])
    more = len(page) > limit
    page = page[:limit]
    return page, (page[-1].pk if more and page else None)


def log_of(game: Game) -> list[GameEvent]:
    return list(game.events.order_by("seq"))
