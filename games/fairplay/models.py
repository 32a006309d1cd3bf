"""Where games were played from, the fair-play flags staff review, and which games were reviewed.

``GameOrigin`` is written on the players' path by :mod:`games.fairplay.origins` only (one INSERT
per started game, per ready mark, per quick-match join) and pruned after
:data:`games.fairplay.origins.RETENTION`. It keeps a keyed hash of the client's address, never
the address. ``FairPlayFlag`` and ``FairPlayReview`` are written by the staff's review
(:mod:`games.fairplay.review`) and by :mod:`games.fairplay.services` (clearing, disqualifying).
Nothing of this is ever shown to players.
"""

from django.conf import settings
from django.db import models
from django.utils import timezone

from games.play.models import Deal, Game
from games.players.models import Player
from games.races.models import Race


class GameOrigin(models.Model):
    """Where a player acted from: starting a game, or committing to a race before its games
    exist (its ready mark, its quick-match join), copied onto the race's game once it runs."""

    class Source(models.TextChoices):
        GAME = "game", "Started the game (POST /games)"
        READY = "ready", "Marked ready in a race"
        QUEUE = "queue", "Joined the quick-match queue"
        RACE = "race", "A race's game, from the member's ready mark or queue join"

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    #: The game (null for a ready mark or a queue join, until the review copies it onto the game).
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.CASCADE, related_name="origins"
    )
    deal = models.ForeignKey(
        Deal, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    race = models.ForeignKey(
        Race, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    source = models.CharField(max_length=5, choices=Source.choices)
    #: A keyed hash (HMAC-SHA256 under ``SECRET_KEY``) of the client's address (an IPv6 one by
    #: its /64); empty when unknown. Never the address itself.
    address_hash = models.CharField(max_length=32, blank=True, default="")
    #: The device token the request was authenticated with (null for a session): which of the
    #: player's devices. Not a foreign key: a revoked token's row is deleted, its id stays here.
    token_id = models.PositiveBigIntegerField(null=True, blank=True)
    recorded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        app_label = "games"
        ordering = ["-recorded_at", "-id"]
        indexes = [
            models.Index(fields=["deal", "address_hash"], name="origin_deal_address"),
            models.Index(fields=["player", "-recorded_at"], name="origin_player_recent"),
            models.Index(fields=["recorded_at"], name="origin_recorded"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["game"], condition=models.Q(game__isnull=False), name="one_origin_per_game"
            )
        ]

    def __str__(self):
        return f"{self.source} of player #{self.player_id} at {self.recorded_at:%Y-%m-%d %H:%M}"


class FairPlayFlag(models.Model):
    """One signal on one ranked daily attempt or rated race result, for staff to clear or act on.

    Unique per (game, kind): the review raises a signal once, whatever how often it runs.
    """

    class Kind(models.TextChoices):
        REHEARSAL = "rehearsal", "Rehearsal: another player from the same address played it first"
        SPEED = "speed", "Speed: removals faster than a person reads the table"
        FORESIGHT = "foresight", "Foresight: the winning line knew hidden cards"
        EVIDENCE = "evidence", "Evidence: the player's wins add up past the sequential test"

    class State(models.TextChoices):
        OPEN = "open", "Open"
        CLEARED = "cleared", "Cleared"
        DISQUALIFIED = "disqualified", "Disqualified"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="fair_play_flags")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="fair_play_flags")
    #: The race of a race result (null: a ranked daily attempt).
    race = models.ForeignKey(
        Race, null=True, blank=True, on_delete=models.CASCADE, related_name="fair_play_flags"
    )
    kind = models.CharField(max_length=10, choices=Kind.choices)
    #: How strong the signal is, 0.5 (just past its threshold) to 1 (as strong as it gets).
    strength = models.FloatField()
    #: What was measured (the numbers behind the signal, and its threshold).
    figures = models.JSONField(default=dict)
    #: Rehearsal: the other player's game of the deal, played from the same address first.
    earlier_game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: When the flagged game ended (its result).
    played_at = models.DateTimeField()
    flagged_at = models.DateTimeField(default=timezone.now)
    state = models.CharField(max_length=12, choices=State.choices, default=State.OPEN)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolution_reason = models.TextField(blank=True, default="")

    class Meta:
        app_label = "games"
        verbose_name = "fair-play flag"
        ordering = ["-played_at", "-strength", "-id"]
        indexes = [models.Index(fields=["state", "-played_at"], name="flag_queue")]
        constraints = [models.UniqueConstraint(fields=["game", "kind"], name="one_flag_per_signal")]

    def __str__(self):
        return f"{self.kind} flag #{self.pk} on game #{self.game_id}"


class FairPlayReview(models.Model):
    """A result the review has looked at (every signal measured): it is not measured again."""

    game = models.OneToOneField(
        Game, primary_key=True, on_delete=models.CASCADE, related_name="fair_play_review"
    )
    reviewed_at = models.DateTimeField(default=timezone.now)
    #: The flags this review raised (0: nothing above any threshold).
    flags = models.PositiveSmallIntegerField(default=0)

    class Meta:
        app_label = "games"
        verbose_name = "fair-play review"
        ordering = ["-reviewed_at"]

    def __str__(self):
        return f"game #{self.game_id} reviewed {self.reviewed_at:%Y-%m-%d %H:%M}"


class FairPlayEvidence(models.Model):
    """A player's sequential test over their ranked wins (:mod:`games.fairplay.evidence`): the
    running score of the log-likelihood ratios of :class:`FairPlayWin`, recomputed by the review
    after each of their wins it measures. Once the score has reached the threshold the player is
    flagged (``flagged_at``) and stays so: evidence is never thrown away."""

    player = models.OneToOneField(
        Player, primary_key=True, on_delete=models.CASCADE, related_name="fair_play_evidence"
    )
    #: The sum of the wins' llrs (bits): log2 of the likelihood ratio, cheater against honest.
    score = models.FloatField(default=0.0)
    #: The highest the running score has been.
    peak = models.FloatField(default=0.0)
    #: The score that flags: log2(1 / the stated false-flag rate).
    threshold = models.FloatField()
    wins = models.PositiveIntegerField(default=0)
    #: The wins it took the running score to reach the threshold (null: not reached).
    flagged_after = models.PositiveIntegerField(null=True, blank=True)
    flagged_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        app_label = "games"
        verbose_name = "fair-play evidence"
        verbose_name_plural = "fair-play evidence"
        ordering = ["-peak", "player_id"]

    def __str__(self):
        return f"evidence of player #{self.player_id}: {self.score:.2f} bits over {self.wins}"


class FairPlayWin(models.Model):
    """One ranked win as evidence: its figure (bits against the visible-only honest model;
    foresight against the deal's field or the blind baseline for wins reviewed before that
    model) and the llr the calibrated model gives it."""

    class Figure(models.TextChoices):
        BLIND = "blind", "Foresight bits against the visible-only baseline"
        FIELD = "field", "Foresight bits against the deal's field"
        MODEL = "model", "Bits against the visible-only honest model"

    game = models.OneToOneField(
        Game, primary_key=True, on_delete=models.CASCADE, related_name="fair_play_win"
    )
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="fair_play_wins")
    figure = models.CharField(max_length=5, choices=Figure.choices)
    #: The figure's value (bits).
    value = models.FloatField()
    #: The blind foresight bits, beside it.
    bits = models.FloatField()
    llr = models.FloatField()
    #: Other players' games of the deal that made the field (0: the blind baseline).
    field_games = models.PositiveIntegerField(default=0)
    #: Steps of the win that the field's players had stood in.
    field_steps = models.PositiveIntegerField(default=0)
    #: The foresight bits against the deal's field, beside the figure (a daily deal's win).
    field_bits = models.FloatField(null=True, blank=True)
    played_at = models.DateTimeField()

    class Meta:
        app_label = "games"
        verbose_name = "fair-play win"
        ordering = ["played_at", "game_id"]
        indexes = [models.Index(fields=["player", "played_at"], name="fairplay_win_player")]

    def __str__(self):
        return f"game #{self.game_id}: {self.figure} {self.value:.2f} bits, llr {self.llr:+.2f}"
