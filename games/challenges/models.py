"""A challenge and the games played at it. Written by ``games.challenges.services`` only."""

from django.db import models
from django.utils import timezone

from games.play.models import Game
from games.players.models import Player


class Challenge(models.Model):
    """A challenge of one ended game (its creator's): one per game, made once."""

    #: ``secrets.token_urlsafe(18)``: 144 random bits, the only way to reach the challenge.
    code = models.CharField(max_length=32, unique=True)
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="challenge")
    creator = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="challenges")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        app_label = "games"
        ordering = ["-created_at", "-id"]

    def __str__(self):
        return f"Challenge of game #{self.game_id}"


class ChallengeAttempt(models.Model):
    """A game started at a challenge. ``counted``: the player's first game at it, not the
    creator's and not of a deal the player had played before; only counted attempts that
    ended (won or resigned) are on the board, with the result frozen as they ended."""

    game = models.OneToOneField(
        Game, primary_key=True, on_delete=models.CASCADE, related_name="challenge_attempt"
    )
    challenge = models.ForeignKey(Challenge, on_delete=models.CASCADE, related_name="attempts")
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="challenge_attempts", db_index=False
    )
    counted = models.BooleanField(default=False)
    #: Set when the game ends (won or resigned): the board's order, as in the daily board.
    result = models.CharField(max_length=10, blank=True, default="")
    score = models.PositiveSmallIntegerField(default=0)
    moves = models.PositiveSmallIntegerField(default=0)
    elapsed_ms = models.PositiveIntegerField(default=0)
    ended_at = models.DateTimeField(null=True, blank=True)
    standing = models.BigIntegerField(null=True, blank=True)

    class Meta:
        app_label = "games"
        ordering = ["challenge", "standing", "ended_at", "game"]
        indexes = [
            models.Index(
                fields=["challenge", "standing", "ended_at", "game"], name="challenge_board_order"
            ),
            models.Index(fields=["player", "challenge"], name="challenge_player"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["challenge", "player"],
                condition=models.Q(counted=True),
                name="one_counted_attempt_per_challenge",
            )
        ]

    def __str__(self):
        return f"Challenge #{self.challenge_id} game #{self.game_id}"
