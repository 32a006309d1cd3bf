"""Each player's one token becomes the first of its device tokens (same hash: it keeps working).

A token revoked before per-device tokens existed (stored as ``revoked:…``) becomes no device
token: the player has none, as before. Backwards, a player's newest device token becomes its one
token again (the others are gone), and a player without any gets an unusable placeholder.
"""

import hashlib
import secrets

from django.db import migrations

REVOKED_PREFIX = "revoked:"


def to_device_tokens(apps, schema_editor):
    Player = apps.get_model("games", "Player")
    DeviceToken = apps.get_model("games", "DeviceToken")
    batch = []
    for player_id, token_hash, created_at in (
        Player.objects.exclude(token_hash__startswith=REVOKED_PREFIX)
        .values_list("id", "token_hash", "created_at")
        .iterator(chunk_size=2000)
    ):
        batch.append(
            DeviceToken(
                player_id=player_id,
                token_hash=token_hash,
                device="Device",
                issued="migrated",
                created_at=created_at,
                last_used_at=created_at,
            )
        )
        if len(batch) >= 2000:
            DeviceToken.objects.bulk_create(batch)
            batch = []
    DeviceToken.objects.bulk_create(batch)


def to_player_tokens(apps, schema_editor):
    Player = apps.get_model("games", "Player")
    DeviceToken = apps.get_model("games", "DeviceToken")
    newest = {}
    for player_id, token_hash in DeviceToken.objects.order_by("id").values_list(
        "player_id", "token_hash"
    ):
        newest[player_id] = token_hash
    for player in Player.objects.all().iterator(chunk_size=2000):
        token_hash = newest.get(player.pk)
        if token_hash is None:
            unusable = hashlib.sha256(secrets.token_bytes(32)).hexdigest()[:56]
            token_hash = REVOKED_PREFIX + unusable
        Player.objects.filter(pk=player.pk).update(token_hash=token_hash)
    DeviceToken.objects.all().delete()  # each player is back to its one token


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0007_accounts_and_device_tokens"),
    ]

    operations = [migrations.RunPython(to_device_tokens, to_player_tokens)]
