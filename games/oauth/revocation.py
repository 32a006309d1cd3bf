"""An app's access token deleted, whatever deleted it (the player disconnecting the app, staff
suspending it, the app revoking it (RFC 7009), a refresh rotating it, a reused refresh token
revoking the family): after commit the sockets opened with it close, in every process, through
the same ``tokens_revoked`` event as a device token's (``app_token_ids``)."""

from __future__ import annotations

from django.db import transaction
from django.db.models.signals import post_delete
from django.dispatch import receiver
from oauth2_provider.models import AccessToken

from games.core import signals
from games.players.models import Player


@receiver(post_delete, sender=AccessToken, dispatch_uid="games.oauth.token_deleted")
def token_deleted(sender, instance: AccessToken, **kwargs) -> None:
    if instance.user_id is None:
        return
    player_id = Player.objects.filter(user_id=instance.user_id).values_list("pk", flat=True).first()
    if player_id is None:
        return
    token_id = instance.pk
    transaction.on_commit(
        lambda: signals.tokens_revoked.send(
            sender=__name__, player_id=player_id, token_ids=[], app_token_ids=[token_id]
        ),
        robust=True,
    )
