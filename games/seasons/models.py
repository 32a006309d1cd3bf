"""A season and its board. Written by ``games.seasons.services`` only."""

from django.db import models

from games.players.models import Player


class Season(models.Model):
    """An ISO week (``2026-W48``) or a calendar month (``2026-11``) of daily results.

    The board is rebuilt whole (``services.recompute``) whenever what it is built from changed:
    ``days_counted`` closed days and the disqualified ranked games of its dates
    (``disqualified`` count, ``disqualified_sum`` of their ids), all read before the rebuild.
    ``closed_at`` is set once, with the final rebuild; the board never changes after it.
    """

    class Kind(models.TextChoices):
        WEEK = "week", "ISO week"
        MONTH = "month", "Calendar month"

    key = models.CharField(max_length=8, primary_key=True)
    kind = models.CharField(max_length=5, choices=Kind.choices)
    starts_on = models.DateField()
    ends_on = models.DateField()
    computed_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    days_counted = models.PositiveSmallIntegerField(default=0)
    disqualified = models.PositiveIntegerField(default=0)
    disqualified_sum = models.BigIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)

    class Meta:
        app_label = "games"
        ordering = ["-starts_on", "kind"]

    def __str__(self):
        return self.key + (" (closed)" if self.closed_at else "")


class SeasonEntry(models.Model):
    """A player's place on a season's board: points over its closed days, and the rank
    (shared by equal points) as of the last rebuild. Pages run on ``season_order``."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="season_entries", db_index=False
    )
    points = models.PositiveIntegerField()
    days = models.PositiveSmallIntegerField()
    wins = models.PositiveSmallIntegerField()
    rank = models.PositiveIntegerField()

    class Meta:
        app_label = "games"
        ordering = ["season", "rank", "player"]
        constraints = [
            models.UniqueConstraint(fields=["season", "player"], name="season_entry_once")
        ]
        indexes = [
            models.Index(fields=["season", "rank", "player"], name="season_order"),
            models.Index(fields=["player", "season"], name="season_player"),
        ]

    def __str__(self):
        return f"{self.season_id} #{self.player_id}: {self.points} (rank {self.rank})"
