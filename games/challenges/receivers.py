"""What challenges do when another domain changes (:mod:`games.core.events`)."""

from __future__ import annotations

from games.play.events import game_changing, watchable_changing
from games.play.models import Game

from . import selectors, services
from .errors import ChallengeGamePrivate


def refuse_attempt(game: Game) -> None:
    """A game played at a challenge follows its challenge, which never closes."""
    if selectors.is_attempt(game.pk):
        raise ChallengeGamePrivate(game_id=game.pk)


game_changing.connect("challenges.board", services.enter_if_ended)
watchable_changing.connect("challenges.game_follows_challenge", refuse_attempt)
