"""The staff's audit trail. Written by ``games.moderation.services`` only."""

from django.conf import settings
from django.db import models
from django.utils import timezone


class StaffAction(models.Model):
    """Audit trail: every moderation or maintenance action taken by staff, with why."""

    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="halfmoon_staff_actions",
    )
    action = models.CharField(max_length=40)
    target = models.CharField(max_length=80, help_text="Like 'game:12' or 'player:3'.")
    reason = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        app_label = "games"
        ordering = ["-created_at", "-id"]

    def __str__(self):
        return f"{self.action} {self.target} by {self.actor}"
