"""What a player does to games, as the REST views and the game socket offer it.

The use-case layer: each function is one domain service with the policies of the domains
above it composed in. Starting today's daily deal — by ``{"daily": true}`` or by its code — is
a daily game (SPEC §7); a ranked attempt that ends enters its leaderboard in the same
transaction as the change that ended it. A game without a deal code is a proven-winnable deal
from the pool when asked (``winnable``) or, when not said, when the player's
``winnable_deals`` setting is on (SPEC §10).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core import clock
from games.daily import services as daily
from games.daily.choice import is_daily_code
from games.deals import services as deals
from games.engine import DealCode
from games.play import services as play
from games.play.services import GameId, Outcome
from games.players.models import Player

__all__ = ["Outcome", "move", "resign", "start_daily", "start_game", "tap", "undo"]


def start_game(
    player: Player, deal_code: str | None = None, winnable: bool | None = None
) -> Outcome:
    """Start a game of the given deal code, or of a random deal: a proven-winnable one when
    ``winnable`` (None: as the player's ``winnable_deals`` setting says)."""
    if deal_code is None and (player.winnable_deals if winnable is None else winnable):
        return deals.start_winnable(player)
    code = DealCode.parse(deal_code) if deal_code is not None else DealCode.random()
    if is_daily_code(code, clock.today()):
        return daily.start_daily(player)
    return play.start_game(player, code)


def start_daily(player: Player) -> Outcome:
    """Start today's daily deal: the player's first game of it is ranked."""
    return daily.start_daily(player)


def move(
    player: Player, game_id: GameId, positions: Sequence[str], expected_version: int | None = None
) -> Outcome:
    return play.move(player, game_id, positions, expected_version, within=daily.enter_if_ended)


def tap(
    player: Player, game_id: GameId, position: str, expected_version: int | None = None
) -> Outcome:
    return play.tap(player, game_id, position, expected_version, within=daily.enter_if_ended)


def undo(player: Player, game_id: GameId, expected_version: int | None = None) -> Outcome:
    return play.undo(player, game_id, expected_version, within=daily.enter_if_ended)


def resign(player: Player, game_id: GameId, expected_version: int | None = None) -> Outcome:
    return play.resign(player, game_id, expected_version, within=daily.enter_if_ended)
