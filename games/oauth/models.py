"""What staff decide about a registered app beyond DOT's ``Application`` (client type,
redirect URIs, grant): the scopes it may ask for, and its suspension. Written by
``games.oauth.services`` only (staff's changes through the admin)."""

from django.db import models
from oauth2_provider.models import Application


class AppPolicy(models.Model):
    application = models.OneToOneField(
        Application, on_delete=models.CASCADE, primary_key=True, related_name="policy"
    )
    #: Space-separated, each one of ``games.oauth.scopes.SCOPES``.
    allowed_scopes = models.CharField(max_length=100, default="read")
    #: Set by staff: every token of the app is refused, no new grant is made.
    suspended_at = models.DateTimeField(null=True, blank=True)
    suspended_reason = models.TextField(blank=True, default="")

    class Meta:
        app_label = "games"
        verbose_name_plural = "app policies"

    def __str__(self):
        return f"policy of app #{self.application_id}"

    def allowed(self) -> set[str]:
        return set(self.allowed_scopes.split())


class SpentGrant(models.Model):
    """An authorization code or a device code that was exchanged for tokens, remembered until
    it would have expired: a second exchange of it is refused (``invalid_grant``) and revokes
    what the first one issued — RFC 6749 §4.1.2 and OAuth 2.1 for codes, the same for device
    codes (``games.oauth.exchange``). Only a hash of the code is kept."""

    class Kind(models.TextChoices):
        CODE = "code", "Authorization code"
        DEVICE = "device", "Device code"

    kind = models.CharField(max_length=6, choices=Kind.choices)
    #: SHA-256 of the code, hex.
    code_hash = models.CharField(max_length=64, unique=True)
    application = models.ForeignKey(Application, on_delete=models.CASCADE, related_name="+")
    #: The refresh token family the exchange began (every rotation of it), null when the
    #: exchange issued no refresh token.
    token_family = models.UUIDField(null=True, blank=True)
    #: The access token the exchange issued (its id; gone once rotated or revoked).
    access_token_id = models.BigIntegerField(null=True, blank=True)
    spent_at = models.DateTimeField()
    expires_at = models.DateTimeField(db_index=True)

    class Meta:
        app_label = "games"

    def __str__(self):
        return f"spent {self.kind} of app #{self.application_id}"


class PersonalToken(models.Model):
    """A token a player made for their own scripts (``Authorization: Bearer hm_pat_…``): a DOT
    access token of no app, of the player's site user, with the scopes and expiry the player
    chose, so it is checked exactly as an app's token is (``games.oauth.authentication``),
    and closes its sockets when deleted as an app's does (``games.oauth.revocation``). Only the
    token's SHA-256 is stored (DOT's ``token_checksum``, RFC 9700 token storage); this row
    adds its name and owner. Revoking deletes the access token, and this row with it."""

    access_token = models.OneToOneField(
        "oauth2_provider.AccessToken",
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="personal",
    )
    player = models.ForeignKey(
        "games.Player", on_delete=models.CASCADE, related_name="personal_tokens"
    )
    name = models.CharField(max_length=60)
    #: The first characters of the token, to recognise it in a list (never enough to use it).
    hint = models.CharField(max_length=16)

    class Meta:
        app_label = "games"

    def __str__(self):
        return f"personal token {self.name!r} of player #{self.player_id}"
