"""A player (a name and settings) and its API tokens, one per device. Written by
``games.players.services`` (settings, tokens) and ``games.moderation.services`` (suspension,
revocation by staff) only."""

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

    class Meta:
        app_label = "games"
        ordering = ["id"]

    def __str__(self):
        return f"{self.name} (#{self.pk})"

    # Lets DRF's IsAuthenticated and Channels treat a Player as the request's user.
    is_authenticated = True
    is_anonymous = False
    #: The device token the player was found by (``games.players.authentication``), if any:
    #: the "current" device of a request or socket.
    token_id: int | None = None
    #: The app token (``games.apps``) the player was found by instead, if any.
    app_token_id: int | None = None
    #: The scopes the request or socket holds: None (every scope) but for an app's token.
    scopes: frozenset[str] | None = None

    def settings_dict(self) -> dict:
        return {
            "move_errors": self.move_errors,
            "placement_aid": self.placement_aid,
            "language": self.language or None,
        }


class DeviceToken(models.Model):
    """One API token of a player: each signed-in device has its own.

    Only the token's SHA-256 is stored; the token itself is shown once, when it is issued.
    Revoking a token deletes its row: it stops working at once (``games.core.signals``
    tells the sockets opened with it to close).
    """

    class Issued(models.TextChoices):
        NEW_PLAYER = "new_player", "New player"
        ROTATED = "rotated", "Rotated"
        PASSWORD = "password", "Signed in with the password"
        LINK_CODE = "link_code", "Signed in with a link code"
        RECOVERY_CODE = "recovery_code", "Signed in with a recovery code"
        PASSWORD_RESET = "password_reset", "Password reset by e-mail"
        MIGRATED = "migrated", "The player's token before per-device tokens"

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="tokens")
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    #: The device's name, as the client gave it ("Ana's phone").
    device = models.CharField(max_length=60)
    issued = models.CharField(max_length=20, choices=Issued.choices)
    created_at = models.DateTimeField(default=timezone.now)
    #: The network the device was signed in from, host part zeroed ("203.0.113.0/24"; "" when
    #: unknown): ``games.players.tokens.coarse_network``.
    created_from = models.CharField(max_length=50, blank=True, default="")
    #: Coarse: updated at most once a minute (``games.players.tokens.TOUCH_EVERY``).
    last_used_at = models.DateTimeField(default=timezone.now)

    class Meta:
        app_label = "games"
        ordering = ["id"]

    def __str__(self):
        return f"{self.device} (token #{self.pk} of player #{self.player_id})"
