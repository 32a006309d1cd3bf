"""Races, their members, the quick-match queue, race ratings and each race's timeline.

Written by ``games.races.services``, ``games.races.settlement`` and ``games.races.changes``
(and ``games.races.matchmaking`` for the queue) only. A member's game is an ordinary game of
play (``Game.race`` marks it); what a race adds is the shared deal, start and clock, the
members' progress, the standings and the ratings.
"""

from django.db import models
from django.utils import timezone

from games.play.models import Deal, Game
from games.players.models import Player


class Race(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "Open"
        COUNTDOWN = "countdown", "Countdown"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"
        CANCELLED = "cancelled", "Cancelled"

    #: The statuses of a race that has not ended: a player is in at most one such race.
    UNFINISHED = (Status.OPEN, Status.COUNTDOWN, Status.RUNNING)

    #: Six characters, unguessable (see ``games.races.invites``): joins by code or link.
    invite = models.CharField(max_length=6, unique=True)
    host = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="hosted_races")
    seats = models.PositiveSmallIntegerField()
    time_limit_s = models.PositiveIntegerField(default=900)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    #: Up by one on every change (members, ready marks, start, progress, the end).
    version = models.PositiveIntegerField(default=1)
    #: The deal the creator asked for; a random race draws its deal when it starts running.
    requested_code = models.CharField(max_length=16, blank=True, default="")
    #: Set when the race starts running: never shown to anyone before ``starts_at``.
    deal = models.ForeignKey(
        Deal, null=True, blank=True, on_delete=models.PROTECT, related_name="races"
    )
    #: Formed by the quick-match queue (its members were matched, not invited).
    matched = models.BooleanField(default=False)
    #: Listed in the lobby's open races (``GET /races?status=open``), joined by id without the
    #: invite; a private race (the default) is joined by its invite only and never listed.
    public = models.BooleanField(default=False, db_default=False)
    #: Whether the race changes ratings (SPEC §8): only when every member has credentials and the
    #: server drew the deal. Fixed when the race starts running; before that, what it would be.
    rated = models.BooleanField(default=False)
    #: A rated race in which fewer than two members moved in time: nobody's rating changed.
    aborted = models.BooleanField(default=False)
    rematch_of = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch"
    )
    created_at = models.DateTimeField(default=timezone.now)
    starts_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    #: Why it finished: ``won``, ``all_over`` or ``time`` (or ``cancelled``).
    end_reason = models.CharField(max_length=10, blank=True, default="")

    class Meta:
        app_label = "games"
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["status", "ends_at"], name="race_due"),
            models.Index(fields=["status", "starts_at"], name="race_starting"),
            models.Index(
                fields=["created_at"],
                name="race_open_public",
                condition=models.Q(status="open", public=True),
            ),
        ]

    def __str__(self):
        return f"Race #{self.pk} ({self.status})"

    @property
    def is_unfinished(self) -> bool:
        return self.status in self.UNFINISHED


class RaceMember(models.Model):
    """A player in a race: their ready mark, their game and progress, and once the race has
    finished their place in the standings and what the race did to their rating."""

    class Result(models.TextChoices):
        WON = "won", "Won"
        RESIGNED = "resigned", "Resigned"
        STALLED = "stalled", "Stalled"
        UNFINISHED = "unfinished", "Unfinished when the race ended"

    race = models.ForeignKey(Race, on_delete=models.CASCADE, related_name="members")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="race_members")
    joined_at = models.DateTimeField(default=timezone.now)
    ready = models.BooleanField(default=False)
    #: True while the race is unfinished and the player has not left it: at most one per player.
    active = models.BooleanField(default=True)
    left_at = models.DateTimeField(null=True, blank=True)
    game = models.OneToOneField(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="race_member"
    )
    # Progress, copied from the game on every change (numbers only: never a card).
    score = models.PositiveSmallIntegerField(default=0)
    moves = models.PositiveSmallIntegerField(default=0)
    cards_left = models.PositiveSmallIntegerField(default=104)
    game_status = models.CharField(max_length=10, blank=True, default="")
    ended_at = models.DateTimeField(null=True, blank=True)
    #: When the member's first removal was made in the race (null: none yet): aborts (SPEC §8).
    first_move_at = models.DateTimeField(null=True, blank=True)
    #: The member took part in the race's rating (they moved in time in a rated race).
    rated = models.BooleanField(default=False)
    # Standings, set when the race finishes.
    result = models.CharField(max_length=10, blank=True, default="", choices=Result.choices)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    elapsed_ms = models.PositiveIntegerField(null=True, blank=True)
    # The rating before and after this race (null when the race rated nobody).
    mu_before = models.FloatField(null=True, blank=True)
    sigma_before = models.FloatField(null=True, blank=True)
    mu_after = models.FloatField(null=True, blank=True)
    sigma_after = models.FloatField(null=True, blank=True)
    rating_change = models.FloatField(null=True, blank=True)
    #: Set by staff: the result leaves the standings and the race's rating changes are undone.
    disqualified_at = models.DateTimeField(null=True, blank=True)
    disqualified_reason = models.TextField(blank=True, default="")

    class Meta:
        app_label = "games"
        ordering = ["race", "joined_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["race", "player"], name="race_member_once"),
            models.UniqueConstraint(
                fields=["player"], condition=models.Q(active=True), name="one_unfinished_race"
            ),
        ]

    def __str__(self):
        return f"{self.player_id} in race #{self.race_id}"


class RaceEvent(models.Model):
    """The race's timeline, for the staff's inspector: what happened, to whom, when."""

    race = models.ForeignKey(Race, on_delete=models.CASCADE, related_name="events")
    at = models.DateTimeField(default=timezone.now)
    kind = models.CharField(max_length=20)
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL)
    detail = models.CharField(max_length=200, blank=True, default="")

    class Meta:
        app_label = "games"
        ordering = ["race", "at", "id"]

    def __str__(self):
        return f"{self.at:%H:%M:%S} {self.kind}"


class QueueEntry(models.Model):
    """A player waiting in the quick-match queue of a seat count."""

    player = models.OneToOneField(
        Player, primary_key=True, on_delete=models.CASCADE, related_name="queue_entry"
    )
    seats = models.PositiveSmallIntegerField()
    #: Which queue: account holders (rated races) or anonymous players (casual), kept apart.
    rated = models.BooleanField(default=False)
    since = models.DateTimeField(default=timezone.now)

    class Meta:
        app_label = "games"
        ordering = ["seats", "since", "player"]
        indexes = [
            models.Index(fields=["seats", "rated", "since", "player"], name="queue_order_by_kind")
        ]

    def __str__(self):
        return f"{self.player_id} waiting for {self.seats}"


class Rating(models.Model):
    """A player's race rating (OpenSkill, Plackett–Luce): ``ordinal`` = mu − 3·sigma orders
    the ratings board."""

    player = models.OneToOneField(
        Player, primary_key=True, on_delete=models.CASCADE, related_name="race_rating"
    )
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()
    races = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        app_label = "games"
        ordering = ["-ordinal", "player"]
        indexes = [models.Index(fields=["-ordinal", "player"], name="rating_board")]

    def __str__(self):
        return f"{self.player_id}: {self.ordinal:.2f}"
