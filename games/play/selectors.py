"""Reads of the play domain: games, pages of a player's games, logs and replays."""

from __future__ import annotations

from django.db.models import QuerySet

from games.engine import Action, Board, Layout, Position

from . import rows
from .errors import GameNotFound
from .models import Game, GameEvent, PlayedAt


def game_for_reading(game_id) -> Game:
    """The game with its deal and owner, in one statement (:func:`rows.game_for_reading`)."""
    game = rows.game_for_reading(game_id)
    if game is None:
        raise GameNotFound(f"There is no game {game_id}.", game_id=game_id)
    return game


def played_at(game: Game) -> PlayedAt | None:
    """The challenge ``game`` was played at (SPEC §11), or None: as read with its row
    (:mod:`rows`), else looked up once (one statement) and kept on the game. A daily deal's or
    a race's game is never one (a challenge's game is a plain game): no statement for those."""
    if "played_at" not in game.__dict__:
        if game.daily_date is not None or game.race_id is not None or game.pk is None:
            game.played_at = None
        else:
            game.played_at = rows.played_at_of([game.pk]).get(game.pk)
    return game.played_at


def with_played_at(games: list[Game]) -> list[Game]:
    """The games, each with the challenge it was played at (one statement for all of them)."""
    unread = [g for g in games if "played_at" not in g.__dict__]
    found = rows.played_at_of([g.pk for g in unread]) if unread else {}
    for game in unread:
        game.played_at = found.get(game.pk)
    return games


def games_query(player, status: str | None = None) -> QuerySet[Game]:
    """A player's games (to page through), with what their views read."""
    query = Game.objects.filter(owner=player).select_related("deal", "owner")
    return query.filter(status=status) if status else query


def log_query(game: Game) -> QuerySet[GameEvent]:
    """A game's log entries (to page through by ``seq``)."""
    return game.events.all()


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


def board_at(game: Game, step: int) -> tuple[Board, GameEvent | None]:
    """The game's board after its first ``step`` log entries (0: as dealt), rebuilt by the
    engine from the deal and the log, with the entry of that step (a replay, SPEC §11)."""
    events = list(game.events.filter(seq__lte=step).order_by("seq"))
    board = Board.replay(Layout.from_text(game.deal.layout), [action_of(e) for e in events])
    return board, (events[-1] if events and events[-1].seq == step else None)
