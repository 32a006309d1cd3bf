"""A UTC date's leaderboard and its entries. Written by ``games.daily.services`` only."""

from django.db import models
from django.utils import timezone

from games.play.models import Game
from games.players.models import Player


class DailyBoard(models.Model):
    """A UTC date's leaderboard: opened by the date's first daily game, closed once after it."""

    date = models.DateField(primary_key=True)
    opened_at = models.DateTimeField(default=timezone.now)
    #: Set once, by ``games.daily.services.close_day``: every ranked attempt is then entered.
    closed_at = models.DateTimeField(null=True, blank=True)
    #: Names the Redis set of the board's ranks (``games.daily.ranks``): raised when the set
    #: missed a change, so every process leaves it for a new one rebuilt from this database.
    ranks_epoch = models.PositiveIntegerField(default=0, editable=False)

    class Meta:
        app_label = "games"
        ordering = ["-date"]

    def __str__(self):
        return f"Daily {self.date}" + (" (closed)" if self.closed_at else "")


class LeaderboardEntry(models.Model):
    """A ranked attempt as it stands on its date's leaderboard: frozen when it enters.

    Written from the stored game (never from a client). ``standing`` packs won/score/elapsed
    into one ascending number (see ``games.play.standings.standing_of``); the board's order is
    (standing, ended_at, game) and the index below serves it. Disqualification lives on the
    game (``Game.disqualified_at``): such entries are skipped.
    """

    class Result(models.TextChoices):
        WON = "won", "Won"
        RESIGNED = "resigned", "Resigned"
        UNFINISHED = "unfinished", "Unfinished when the day closed"

    game = models.OneToOneField(
        Game, primary_key=True, on_delete=models.CASCADE, related_name="leaderboard_entry"
    )
    date = models.DateField()
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="leaderboard_entries", db_index=False
    )
    result = models.CharField(max_length=10, choices=Result.choices)
    score = models.PositiveSmallIntegerField()
    moves = models.PositiveSmallIntegerField()
    elapsed_ms = models.PositiveIntegerField()
    ended_at = models.DateTimeField()
    standing = models.BigIntegerField()
    entered_at = models.DateTimeField(default=timezone.now)

    class Meta:
        app_label = "games"
        ordering = ["date", "standing", "ended_at", "game"]
        indexes = [
            models.Index(fields=["date", "standing", "ended_at", "game"], name="board_order"),
            models.Index(fields=["player", "date"], name="board_player_dates"),
        ]

    def __str__(self):
        return f"{self.date} game #{self.game_id}: {self.result} {self.score}"

    @property
    def won(self) -> bool:
        return self.result == self.Result.WON


class DailyDeal(models.Model):
    """The deal of a UTC date, chosen once and never changed (SPEC §10): the first of the
    date's candidates proven winnable. Written by ``games.daily.choice`` only.

    ``budget`` is the solver's node budget for the choice; None for dates played before daily
    deals were proven winnable, whose deal was candidate 0 as played (stored by a migration).
    """

    date = models.DateField(primary_key=True)
    code = models.CharField(max_length=16)
    candidate = models.PositiveSmallIntegerField()
    budget = models.PositiveBigIntegerField(null=True, blank=True)
    chosen_at = models.DateTimeField(default=timezone.now)

    class Meta:
        app_label = "games"
        ordering = ["-date"]

    def __str__(self):
        return f"{self.date}: {self.code} (candidate {self.candidate})"
