"""Dates played before daily deals were proven winnable keep the deal they were played with:
candidate 0 (SPEC §2), stored as their choice so that §10's choice never changes them."""

from django.db import migrations


def store_played_days(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    DailyDeal = apps.get_model("games", "DailyDeal")
    played = (
        Game.objects.filter(daily_date__isnull=False)
        .order_by("daily_date", "id")
        .values_list("daily_date", "deal__code")
    )
    days = {}
    for date, code in played:
        days.setdefault(date, code)
    DailyDeal.objects.bulk_create(
        [DailyDeal(date=date, code=code, candidate=0, budget=None) for date, code in days.items()],
        ignore_conflicts=True,
    )


class Migration(migrations.Migration):
    dependencies = [("games", "0005_winnable_deals")]

    operations = [migrations.RunPython(store_played_days, migrations.RunPython.noop)]
