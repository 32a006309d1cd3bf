"""What the daily deal does when another domain changes (:mod:`games.core.events`)."""

from __future__ import annotations

from games.play.events import game_changing

from . import services

game_changing.connect("daily.board", services.enter_if_ended)
