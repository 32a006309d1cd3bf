"""Delete the ``Idempotency-Key`` answers older than 24 hours (run it hourly or daily; keys
that old are ignored anyway, so a late run only costs disk)."""

from django.core.management.base import BaseCommand

from games.transport import idempotency


class Command(BaseCommand):
    help = "Delete Idempotency-Key answers older than 24 hours."

    def handle(self, *args, **options):
        deleted = idempotency.prune()
        self.stdout.write(f"Deleted {deleted} idempotency key(s) older than 24 hours.")
