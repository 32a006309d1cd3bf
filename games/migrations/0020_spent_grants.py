# Written by hand (makemigrations cannot resolve DOT's swappable models here): the codes of
# third-party apps that were exchanged, remembered until they would have expired (issue 37).

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0019_partition_move_log"),
        ("oauth2_provider", "0022_refreshtoken_token_family_index"),
    ]

    operations = [
        migrations.CreateModel(
            name="SpentGrant",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[("code", "Authorization code"), ("device", "Device code")],
                        max_length=6,
                    ),
                ),
                ("code_hash", models.CharField(max_length=64, unique=True)),
                ("token_family", models.UUIDField(blank=True, null=True)),
                ("access_token_id", models.BigIntegerField(blank=True, null=True)),
                ("spent_at", models.DateTimeField()),
                ("expires_at", models.DateTimeField(db_index=True)),
                (
                    "application",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="oauth2_provider.application",
                    ),
                ),
            ],
        ),
    ]
