"""Reads of the deals domain (staff surfaces and the daily choice; never shown to players)."""

from __future__ import annotations

from games.engine import Move
from games.play.models import Deal, Game

from .models import DealSolution, LossAnalysis, PooledDeal


def solution_of(deal: Deal) -> DealSolution | None:
    return DealSolution.objects.filter(deal=deal).first()


def winning_moves(solution: DealSolution) -> list[Move]:
    """The stored winning line as engine moves (empty unless the deal is winnable)."""
    return [Move.parse(text) for text in solution.line.split()]


def pool_size() -> int:
    return PooledDeal.objects.count()


def loss_of(game: Game) -> LossAnalysis | None:
    """The stored analysis of where the game was lost, if it is of the game as it is now."""
    return LossAnalysis.objects.filter(game=game, version=game.version).first()
