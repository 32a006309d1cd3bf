"""The answers kept for idempotent retries (``games.transport.idempotency``)."""

from django.db import models


class IdempotencyKey(models.Model):
    """One ``Idempotency-Key`` of one client (a player, or an address before it has a token):
    the request it was first sent with and, once answered, that answer to replay.

    The key itself is stored hashed, and the answer encrypted with a key derived from it
    (and ``SECRET_KEY``): a database dump shows neither the keys nor the tokens some answers
    carry. The unique constraint is what makes two concurrent requests with one key resolve to
    one effect: the second insert fails and finds the first's row.
    """

    scope = models.CharField(max_length=80)
    key_hash = models.CharField(max_length=64)
    #: sha256 of the method, the path and the body: another request with the key is refused.
    fingerprint = models.CharField(max_length=64)
    created_at = models.DateTimeField(db_index=True)
    #: None while the first request is being processed.
    status = models.PositiveSmallIntegerField(null=True, blank=True)
    answer = models.BinaryField(default=b"")

    class Meta:
        app_label = "games"
        constraints = [
            models.UniqueConstraint(fields=["scope", "key_hash"], name="idempotency_key_once")
        ]

    def __str__(self) -> str:
        return f"{self.scope} {self.key_hash[:12]} ({self.status or 'in flight'})"
