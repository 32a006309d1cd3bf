"""Deals, games and the append-only move log.

A game's whole position lives in ``Game.state``, the engine's compact state string (table,
selection and undo history); ``status``, ``score`` and ``moves`` are copies kept for queries.
Only ``games.play.services`` writes games and their log (moderation sets its own fields).
"""

import datetime as dt
from dataclasses import dataclass

from django.db import models
from django.utils import timezone

from games.core import clock
from games.engine import Board, Status
from games.players.models import Player


class Deal(models.Model):
    code = models.CharField(max_length=16, unique=True)
    #: ``Layout.to_text()`` of the deal under the deployment's key: never shown to players.
    layout = models.CharField(max_length=240, editable=False)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        app_label = "games"
        ordering = ["code"]

    def __str__(self):
        return self.code


@dataclass(frozen=True)
class PlayedAt:
    """The challenge a game was played at (SPEC §11) and the result to beat there, read with
    the game's row from the challenges' tables (:mod:`games.play.rows`): what the game's
    representation says of it (``challenge``), never its deal."""

    #: The challenge's code (its link: ``/#/challenge/<code>``).
    code: str
    #: Whether this game is on the challenge's board (a first blind game), else practice.
    counted: bool
    creator_id: int
    creator_name: str
    #: The creator's game: its result, in the board's order (won, score, elapsed, end).
    status: str
    score: int
    moves: int
    elapsed_ms: int
    ended_at: dt.datetime


def elapsed_ms_of(
    status: str,
    clock_started_at: dt.datetime | None,
    finished_at: dt.datetime | None,
    updated_at: dt.datetime,
    now: dt.datetime | None = None,
) -> int:
    """A game's ``elapsed_ms`` from its columns (:meth:`Game.elapsed_ms`)."""
    if clock_started_at is None:
        return 0
    legacy_stall = updated_at if status == Status.STALLED.value else None
    end = finished_at or legacy_stall or now or clock.now()
    return max(0, int((end - clock_started_at).total_seconds() * 1000))


class Game(models.Model):
    class StatusChoice(models.TextChoices):
        PLAYING = Status.PLAYING.value, "Playing"
        STALLED = Status.STALLED.value, "Stalled"
        WON = Status.WON.value, "Won"
        RESIGNED = Status.RESIGNED.value, "Resigned"

    #: The statuses of a game that has ended (``Status.is_over``), for queries.
    OVER = tuple(status.value for status in Status if status.is_over)

    #: Not a column: whether the owner was a member of a race not yet over when the game's
    #: last change was saved (``rows.OWNER_RACING``, on PostgreSQL); None when not asked.
    owner_racing: bool | None = None
    #: Not a column: the challenge the game was played at, or None; set when the game is read
    #: with it (``rows``, ``selectors.with_played_at``), else read on first use
    #: (``selectors.played_at``).
    played_at: PlayedAt | None

    owner = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="games")
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="games")
    status = models.CharField(
        max_length=10, choices=StatusChoice.choices, default=StatusChoice.PLAYING
    )
    score = models.PositiveSmallIntegerField(default=0)
    moves = models.PositiveSmallIntegerField(default=0)
    #: Goes up by one on every change; equals the sequence number of the last log entry.
    version = models.PositiveIntegerField(default=0)
    state = models.TextField(editable=False)
    daily_date = models.DateField(null=True, blank=True)
    #: The player's first game of a daily deal: the one on the date's leaderboard.
    ranked = models.BooleanField(default=False)
    started_at = models.DateTimeField(default=timezone.now)
    #: When the game's clock started: its first change (a tap, a move, an undo or a
    #: resignation), so reading the table, a guide or a dialog before it costs no time (SPEC §7);
    #: a race's game at the race's start. Null until then (``elapsed_ms`` 0).
    clock_started_at = models.DateTimeField(null=True, blank=True)
    #: When the clock stopped: won, resigned or stalled (cleared if an undo resumes a stalled
    #: game; a game resigned or won after a stall keeps the moment it stalled).
    finished_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(default=timezone.now)
    #: Set by staff on a ranked attempt: excluded from the leaderboard (reversible).
    disqualified_at = models.DateTimeField(null=True, blank=True)
    disqualified_reason = models.TextField(blank=True, default="")
    #: Set by the owner: others may watch the game (SPEC §3; games are private by default).
    watchable = models.BooleanField(default=False)
    #: The race this game is a member's game of (``games.races``), else null.
    race = models.ForeignKey(
        "games.Race", null=True, blank=True, on_delete=models.SET_NULL, related_name="games"
    )

    class Meta:
        app_label = "games"
        ordering = ["-started_at", "-id"]
        indexes = [models.Index(fields=["owner", "-started_at"], name="game_owner_recent")]
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "daily_date"],
                condition=models.Q(ranked=True),
                name="one_ranked_attempt_per_day",
            )
        ]

    def __str__(self):
        return f"Game #{self.pk} {self.deal_id and self.deal.code} ({self.status})"

    @property
    def is_over(self) -> bool:
        """Won or resigned: the game can no longer change (a stalled game can still undo)."""
        return Status(self.status).is_over

    def board(self) -> Board:
        """The board of the stored state (written by this service, so decoded as trusted)."""
        return Board.from_state(self.state, trusted=True)

    def elapsed_ms(self, now=None) -> int:
        """From ``clock_started_at`` (the game's first change; 0 before it) to the moment its
        clock stopped (``finished_at``: won, resigned or stalled, SPEC §7), or to now while it
        is playing (again, after an undo out of a stall: the stalled time then counts too). A
        stalled row stored before stalls stopped the clock has no ``finished_at``: its last
        change (the stall) stands in."""
        return elapsed_ms_of(
            self.status, self.clock_started_at, self.finished_at, self.updated_at, now
        )


class GameEvent(models.Model):
    """One change to a game, in order: the move log from which the game replays."""

    class Kind(models.TextChoices):
        MOVE = "move", "Removal by positions"
        TAP = "tap", "Tap"
        UNDO = "undo", "Undo"
        RESIGN = "resign", "Resign"

    # The (game, seq) unique index serves lookups by game: no separate index.
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events", db_index=False)
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=6, choices=Kind.choices)
    #: Positions as given, like ``P1+R6`` (empty for undo and resign).
    positions = models.CharField(max_length=16, blank=True, default="")
    #: Cards removed (move, completing tap) or put back (undo), like ``P1=5S+R6=6D``.
    cards = models.CharField(max_length=24, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)
    #: The first day of the game's month (UTC month of ``Game.started_at``), the same on every
    #: entry of a game: on PostgreSQL the log is partitioned by it (a partition per month), so a
    #: game's whole log is in one partition and the database's unique (game, seq, game_month)
    #: is unique (game, seq) (migration 0019, :mod:`games.play.partitions`). Written by the
    #: insert (``rows.py``) from the game row, never by hand.
    game_month = models.DateField(editable=False)

    class Meta:
        app_label = "games"
        ordering = ["game", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="event_game_seq")]

    def __str__(self):
        return f"#{self.seq} {self.kind} {self.positions}".strip()

    @staticmethod
    def month_of(started_at: dt.datetime) -> dt.date:
        """The ``game_month`` of a game started at ``started_at``: its UTC month's first day."""
        return started_at.astimezone(dt.UTC).date().replace(day=1)
