"""Who follows whom. Written by ``games.following.services`` only."""

from django.db import models
from django.utils import timezone

from games.players.models import Player


class Follow(models.Model):
    """``follower`` follows ``followed``: one row per pair, one-way."""

    follower = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="follows", db_index=False
    )
    followed = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="followers")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        app_label = "games"
        ordering = ["follower", "-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["follower", "followed"], name="follow_once"),
            models.CheckConstraint(
                condition=~models.Q(follower=models.F("followed")), name="follow_not_self"
            ),
        ]

    def __str__(self):
        return f"#{self.follower_id} follows #{self.followed_id}"
