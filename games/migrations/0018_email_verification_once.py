from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0017_third_party_apps"),
    ]

    operations = [
        migrations.AddField(
            model_name="credentials",
            name="email_issue",
            field=models.PositiveIntegerField(default=0, editable=False),
        ),
    ]
