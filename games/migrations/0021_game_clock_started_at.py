"""A game's clock starts at its first change (SPEC §7), no longer at its creation: the moment is
kept in ``clock_started_at``. A game stored before keeps the clock it had: its
``clock_started_at`` is its ``started_at``. Expands only: the previous release neither reads
nor writes the column (a game it changes while both serve keeps the column null, so its clock
reads 0 until this release changes it, which then starts it)."""

from django.db import migrations, models


def clocks_as_they_were(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Game.objects.filter(clock_started_at__isnull=True).update(
        clock_started_at=models.F("started_at")
    )


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0020_spent_grants"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="clock_started_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(clocks_as_they_were, migrations.RunPython.noop),
    ]
