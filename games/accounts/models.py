"""Credentials and one-time codes. Written by ``games.accounts.services`` and, for staff
(locking, a link code for a player who lost every device), ``games.moderation.services`` only.

Secrets are never stored: the password as Django's Argon2 hash, link and recovery codes as an
HMAC of the code keyed with ``SECRET_KEY`` (``games.accounts.codes``).
"""

from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone

from games.players.models import Player


class Credentials(models.Model):
    """A player's username and password, and optionally an e-mail address for password reset.

    A player without a row here is anonymous: only its device tokens reach it.
    """

    player = models.OneToOneField(
        Player, on_delete=models.CASCADE, primary_key=True, related_name="credentials"
    )
    #: As the player wrote it (NFKC-normalised).
    username = models.CharField(max_length=30)
    #: Case-folded: usernames are unique regardless of case.
    username_key = models.CharField(max_length=90, unique=True, editable=False)
    #: Django's password hash (Argon2); never shown, not even to staff.
    password = models.CharField(max_length=128, editable=False)
    email = models.EmailField(blank=True, default="")
    email_verified_at = models.DateTimeField(null=True, blank=True)
    #: Which address this is: one more each time an address is set (``set_email``). A
    #: verification link names the one it was made for, so the link of an address removed and
    #: set again within the link's lifetime is void: each link works once.
    email_issue = models.PositiveIntegerField(default=0, editable=False)
    created_at = models.DateTimeField(default=timezone.now)
    password_changed_at = models.DateTimeField(default=timezone.now)
    #: Set by staff: no sign-in of any kind until unlocked (every token was revoked).
    locked_at = models.DateTimeField(null=True, blank=True)
    locked_reason = models.TextField(blank=True, default="")

    class Meta:
        app_label = "games"
        verbose_name_plural = "credentials"
        constraints = [
            # A verified address belongs to one account: password reset finds it by address.
            models.UniqueConstraint(
                Lower("email"),
                condition=models.Q(email_verified_at__isnull=False),
                name="one_account_per_verified_email",
            )
        ]

    def __str__(self):
        return f"{self.username} (player #{self.player_id})"


class LinkCode(models.Model):
    """A one-time code that signs a new device in as the player: made on a signed-in device
    (or by staff for a player who lost every device), single use, valid for ten minutes."""

    class Origin(models.TextChoices):
        DEVICE = "device", "A signed-in device"
        STAFF = "staff", "Staff"

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="link_codes")
    code_hash = models.CharField(max_length=64, unique=True, editable=False)
    origin = models.CharField(max_length=10, choices=Origin.choices)
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        app_label = "games"

    def __str__(self):
        return f"link code #{self.pk} of player #{self.player_id}"


class RecoveryCode(models.Model):
    """One of the ten single-use codes that let a player set a new password without e-mail."""

    credentials = models.ForeignKey(
        Credentials, on_delete=models.CASCADE, related_name="recovery_codes"
    )
    code_hash = models.CharField(max_length=64, editable=False)
    created_at = models.DateTimeField(default=timezone.now)
    used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        app_label = "games"
        constraints = [
            models.UniqueConstraint(
                fields=["credentials", "code_hash"], name="recovery_code_once_per_account"
            )
        ]

    def __str__(self):
        return f"recovery code #{self.pk} of player #{self.credentials_id}"
