"""A player: a name, settings and the hash of an API token. Written by ``games.players.services``
(settings, token) and ``games.moderation.services`` (suspension) only."""

from django.conf import settings
from django.db import models
from django.utils import timezone


class Player(models.Model):
    class Language(models.TextChoices):
        AUTO = "", "From the browser (Accept-Language)"
        EN = "en", "English"
        HR = "hr", "Hrvatski"
        TR = "tr", "Türkçe"

    name = models.CharField(max_length=40)
    #: What the name looks like (``games.players.names.skeleton``): look-alikes are refused.
    name_skeleton = models.CharField(max_length=160, default="", editable=False, db_index=True)
    #: SHA-256 of the API token; the token itself is shown once, when it is issued.
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
    )
    move_errors = models.BooleanField(default=False)
    placement_aid = models.BooleanField(default=False)
    language = models.CharField(max_length=5, blank=True, default="", choices=Language.choices)
    created_at = models.DateTimeField(default=timezone.now)
    #: Set by staff: the token is refused while suspended (reversible).
    suspended_at = models.DateTimeField(null=True, blank=True)
    suspended_reason = models.TextField(blank=True, default="")
    #: "Winnable deals only": a new game without a deal code is a proven-winnable deal.
    winnable_deals = models.BooleanField(default=False)

    class Meta:
        app_label = "games"
        ordering = ["id"]

    def __str__(self):
        return f"{self.name} (#{self.pk})"

    # Lets DRF's IsAuthenticated and Channels treat a Player as the request's user.
    is_authenticated = True
    is_anonymous = False

    def settings_dict(self) -> dict:
        return {
            "move_errors": self.move_errors,
            "placement_aid": self.placement_aid,
            "language": self.language or None,
            "winnable_deals": self.winnable_deals,
        }
