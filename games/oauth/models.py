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
