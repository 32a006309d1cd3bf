"""Solver results per deal, the winnable pool, and where finished games were lost.

Written by :mod:`games.deals.solving` (results) and :mod:`games.deals.services` (the pool);
read by staff (the admin) and by the daily choice. Nothing here is ever shown to players.
"""

from django.db import models
from django.utils import timezone

from games.play.models import Deal, Game


class Verdict(models.TextChoices):
    """The solver's verdict (:class:`games.solver.Verdict`), as stored."""

    WINNABLE = "winnable", "Winnable"
    LOST = "lost", "Lost"
    UNDECIDED = "undecided", "Undecided at the budget"


class DealSolution(models.Model):
    """The solver's result for one deal's stored layout, at a node budget.

    Winnable and lost are final; undecided holds only for ``budget`` (a larger budget may
    decide it, and then replaces this row). ``line`` wins from the deal as dealt: moves like
    ``P1+R6``, separated by spaces (empty unless winnable). Staff only.
    """

    deal = models.OneToOneField(
        Deal, primary_key=True, on_delete=models.CASCADE, related_name="solution"
    )
    verdict = models.CharField(max_length=10, choices=Verdict.choices)
    #: Positions searched (the solver's own count) and seconds spent (wall clock).
    nodes = models.PositiveBigIntegerField()
    seconds = models.FloatField()
    #: The node budget the solver had.
    budget = models.PositiveBigIntegerField()
    line = models.TextField(blank=True, default="")
    solved_at = models.DateTimeField(default=timezone.now)

    class Meta:
        app_label = "games"
        ordering = ["-solved_at"]
        indexes = [models.Index(fields=["verdict"], name="solution_verdict")]

    def __str__(self):
        return f"{self.deal_id and self.deal.code}: {self.verdict} ({self.nodes} positions)"

    @property
    def decided(self) -> bool:
        return self.verdict != Verdict.UNDECIDED

    def covers(self, budget: int) -> bool:
        """True when solving again with ``budget`` cannot tell more than this result."""
        return self.decided or self.budget >= budget


class PooledDeal(models.Model):
    """A proven-winnable deal waiting to be dealt as a random deal under
    ``HALFMOON_WINNABLE_DEALS_ONLY`` (``games.deals.services.start_under_policy``).

    Filled by ``manage.py fill_winnable_pool``; a deal leaves the pool when it is given out,
    so no two players are ever given the same pooled deal.
    """

    deal = models.OneToOneField(
        Deal, primary_key=True, on_delete=models.CASCADE, related_name="pooled"
    )
    added_at = models.DateTimeField(default=timezone.now)

    class Meta:
        app_label = "games"
        ordering = ["added_at"]

    def __str__(self):
        return f"{self.deal_id and self.deal.code} (pooled)"


class LossAnalysis(models.Model):
    """Where a game was lost: the first action after which its position could no longer be
    won although it could before (computed on demand by staff, then kept).

    ``seq`` is that action's log entry (None when no action lost the game). Valid for the
    game's ``version`` only: a game that changed since is analysed again.
    """

    game = models.OneToOneField(
        Game, primary_key=True, on_delete=models.CASCADE, related_name="loss_analysis"
    )
    version = models.PositiveIntegerField()
    seq = models.PositiveIntegerField(null=True, blank=True)
    #: The deal's own verdict at the start.
    start = models.CharField(max_length=10, choices=Verdict.choices)
    #: Some position before ``seq`` (or anywhere, without one) stayed undecided within the
    #: budget: an earlier action may have lost the game.
    undecided = models.BooleanField(default=False)
    #: The node budget for each position solved.
    budget = models.PositiveBigIntegerField()
    seconds = models.FloatField()
    analysed_at = models.DateTimeField(default=timezone.now)

    class Meta:
        app_label = "games"
        verbose_name_plural = "loss analyses"

    def __str__(self):
        where = f"lost at #{self.seq}" if self.seq is not None else "no losing action found"
        return f"Game #{self.game_id}: {where}"
