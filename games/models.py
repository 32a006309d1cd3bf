"""Stored players, deals, games and the append-only move log.

A game's whole position lives in ``Game.state``, the engine's compact state string (table,
selection and undo history); ``status``, ``score`` and ``moves`` are copies kept for queries.
Only ``games.services`` writes these models.
"""
import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone

from .engine import Board, Status


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(32)


class Player(models.Model):
    class Language(models.TextChoices):
        AUTO = "", "From the browser (Accept-Language)"
        EN = "en", "English"
        HR = "hr", "Hrvatski"
        TR = "tr", "Türkçe"

    name = models.CharField(max_length=40)
    #: SHA-256 of the API token; the token itself is shown once, when it is issued.
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    user = models.OneToOneField(settings.AUTH_USER_MODEL, null=True, blank=True,
                                on_delete=models.SET_NULL, related_name="player")
    move_errors = models.BooleanField(default=False)
    placement_aid = models.BooleanField(default=False)
    language = models.CharField(max_length=5, blank=True, default="", choices=Language.choices)
    created_at = models.DateTimeField(default=timezone.now)
    #: Set by staff: the token is refused while suspended (reversible).
    suspended_at = models.DateTimeField(null=True, blank=True)
    suspended_reason = models.TextField(blank=True, default="")

    class Meta:
        ordering = ["id"]

    def __str__(self):
        return f"{self.name} (#{self.pk})"

    # Lets DRF's IsAuthenticated and Channels treat a Player as the request's user.
    is_authenticated = True
    is_anonymous = False

    def settings_dict(self) -> dict:
        return {"move_errors": self.move_errors, "placement_aid": self.placement_aid,
                "language": self.language or None}


class Deal(models.Model):
    code = models.CharField(max_length=16, unique=True)
    #: ``Layout.to_text()`` of the deal under the deployment's key: never shown to players.
    layout = models.CharField(max_length=240, editable=False)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["code"]

    def __str__(self):
        return self.code


class Game(models.Model):
    class StatusChoice(models.TextChoices):
        PLAYING = Status.PLAYING.value, "Playing"
        STALLED = Status.STALLED.value, "Stalled"
        WON = Status.WON.value, "Won"
        RESIGNED = Status.RESIGNED.value, "Resigned"

    owner = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="games")
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="games")
    status = models.CharField(max_length=10, choices=StatusChoice.choices,
                              default=StatusChoice.PLAYING)
    score = models.PositiveSmallIntegerField(default=0)
    moves = models.PositiveSmallIntegerField(default=0)
    #: Goes up by one on every change; equals the sequence number of the last log entry.
    version = models.PositiveIntegerField(default=0)
    state = models.TextField(editable=False)
    daily_date = models.DateField(null=True, blank=True)
    #: The player's first game of a daily deal: the one on the date's leaderboard.
    ranked = models.BooleanField(default=False)
    started_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(default=timezone.now)
    #: Set by staff on a ranked attempt: excluded from the leaderboard (reversible).
    disqualified_at = models.DateTimeField(null=True, blank=True)
    disqualified_reason = models.TextField(blank=True, default="")

    class Meta:
        ordering = ["-started_at", "-id"]
        indexes = [models.Index(fields=["owner", "-started_at"], name="game_owner_recent")]
        constraints = [models.UniqueConstraint(
            fields=["owner", "daily_date"], condition=models.Q(ranked=True),
            name="one_ranked_attempt_per_day")]

    def __str__(self):
        return f"Game #{self.pk} {self.deal_id and self.deal.code} ({self.status})"

    @property
    def is_finished(self) -> bool:
        return self.status in (Status.WON.value, Status.RESIGNED.value)

    def board(self) -> Board:
        return Board.from_state(self.state)

    def elapsed_ms(self, now=None) -> int:
        end = self.finished_at or now or timezone.now()
        return max(0, int((end - self.started_at).total_seconds() * 1000))


class GameEvent(models.Model):
    """One change to a game, in order: the move log from which the game replays."""

    class Kind(models.TextChoices):
        MOVE = "move", "Removal by positions"
        TAP = "tap", "Tap"
        UNDO = "undo", "Undo"
        RESIGN = "resign", "Resign"

    # The (game, seq) unique index serves lookups by game: no separate index.
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events",
                             db_index=False)
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=6, choices=Kind.choices)
    #: Positions as given, like ``P1+R6`` (empty for undo and resign).
    positions = models.CharField(max_length=16, blank=True, default="")
    #: Cards removed (move, completing tap) or put back (undo), like ``P1=5S+R6=6D``.
    cards = models.CharField(max_length=24, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="event_game_seq")]

    def __str__(self):
        return f"#{self.seq} {self.kind} {self.positions}".strip()


class StaffAction(models.Model):
    """Audit trail: every moderation or maintenance action taken by staff, with why."""

    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                              related_name="halfmoon_staff_actions")
    action = models.CharField(max_length=40)
    target = models.CharField(max_length=80, help_text="Like 'game:12' or 'player:3'.")
    reason = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self):
        return f"{self.action} {self.target} by {self.actor}"


class DailyBoard(models.Model):
    """A UTC date's leaderboard: opened by the date's first daily game, closed once after it."""

    date = models.DateField(primary_key=True)
    opened_at = models.DateTimeField(default=timezone.now)
    #: Set once, by ``games.daily.close_day``: every ranked attempt of the date is then entered.
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-date"]

    def __str__(self):
        return f"Daily {self.date}" + (" (closed)" if self.closed_at else "")


class LeaderboardEntry(models.Model):
    """A ranked attempt as it stands on its date's leaderboard: frozen when it enters.

    Written by ``games.daily`` only, from the stored game (never from a client). ``standing``
    packs won/score/elapsed into one ascending number (see ``games.leaderboard.standing_of``);
    the board's order is (standing, ended_at, game) and the index below serves it.
    Disqualification lives on the game (``Game.disqualified_at``): such entries are skipped.
    """

    class Result(models.TextChoices):
        WON = "won", "Won"
        RESIGNED = "resigned", "Resigned"
        UNFINISHED = "unfinished", "Unfinished when the day closed"

    game = models.OneToOneField(Game, primary_key=True, on_delete=models.CASCADE,
                                related_name="leaderboard_entry")
    date = models.DateField()
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="leaderboard_entries",
                               db_index=False)
    result = models.CharField(max_length=10, choices=Result.choices)
    score = models.PositiveSmallIntegerField()
    moves = models.PositiveSmallIntegerField()
    elapsed_ms = models.PositiveIntegerField()
    ended_at = models.DateTimeField()
    standing = models.BigIntegerField()
    entered_at = models.DateTimeField(default=timezone.now)

    class Meta:
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
