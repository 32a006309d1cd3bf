"""Delete the game origins (where games were played from: a keyed hash of the address and the
device token's id) older than their retention period, 30 days (``games.fairplay.origins``).
Run it daily, after ``review_fair_play``; a late run only keeps them longer than promised."""

from django.core.management.base import BaseCommand

from games.fairplay import origins


class Command(BaseCommand):
    help = "Delete game origins older than their retention period (30 days)."

    def handle(self, *args, **options):
        deleted = origins.prune()
        days = origins.RETENTION.days
        self.stdout.write(f"Deleted {deleted} game origin(s) older than {days} days.")
