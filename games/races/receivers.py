"""What races do when another domain changes (:mod:`games.core.events`)."""

from __future__ import annotations

from games.play.events import game_changing, watchable_changing
from games.play.models import Game

from . import settlement
from .errors import RaceGamePrivate


def refuse_race_game(game: Game) -> None:
    """A race's game is watched as its race decides, not by its owner."""
    if game.race_id is not None:
        raise RaceGamePrivate(game_id=game.pk)


game_changing.connect("races.deal_in_race", settlement.refuse_raced_deal)
game_changing.connect("races.progress", settlement.progressed)
watchable_changing.connect("races.game_follows_race", refuse_race_game)
